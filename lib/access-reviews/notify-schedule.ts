// Mail about a schedule the clock paused. Best effort: logged, never thrown.
import 'server-only';
import { config } from '../config';
import type { TenantDb } from '../db';
import { reviewSchedulePausedMail, sendMail } from '../mail';
import { log } from '../observability';
import { tenantOwners } from '../tenants';
import type { ReviewSchedule } from './types';

export async function notifySchedulePaused(db: TenantDb, schedule: ReviewSchedule): Promise<void> {
  try {
    const { organization, owners } = await tenantOwners(db);
    const link = new URL('/reviews#schedules', config().ARBOR_APP_URL).href;
    await Promise.allSettled(owners.map((o) =>
      sendMail({ to: o.email, ...reviewSchedulePausedMail({ ownerName: o.name, organization, scheduleName: schedule.name, reason: schedule.pausedReason ?? '', link }) })));
  } catch (e) {
    log.warn({ err: e, tenantId: db.tenantId, scheduleId: schedule.scheduleId }, 'schedule paused: owners not told');
  }
}
