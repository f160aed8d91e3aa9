// /settings/audit-streaming and GET /api/v1/audit-streams: the organization's destinations with
// their health and lag, and the limits the console shows. `auditStreams.manage` (owners).
import 'server-only';
import { listDestinations, readDestination, STREAM_LIMITS, type Destination } from '../audit-streaming';
import type { ScreenContext } from './screen-context';

export interface AuditStreamsScreenView {
  destinations: Destination[];
  maxDestinations: number;
  maxBackfillDays: number;
  /** The server's clock, so "failing since…" and lag read the same on every device. */
  now: string;
}

export async function loadDestinations(ctx: ScreenContext): Promise<Destination[]> {
  ctx.authorize('auditStreams.manage', {});
  return listDestinations(ctx.db);
}

export async function loadDestination(ctx: ScreenContext, destinationId: string): Promise<Destination> {
  ctx.authorize('auditStreams.manage', {});
  return readDestination(ctx.db, destinationId);
}

export async function loadAuditStreamsScreen(ctx: ScreenContext): Promise<AuditStreamsScreenView> {
  return {
    destinations: await loadDestinations(ctx),
    maxDestinations: STREAM_LIMITS.maxDestinations,
    maxBackfillDays: STREAM_LIMITS.maxBackfillDays,
    now: new Date().toISOString(),
  };
}
