// A person's reporting line as the member page and /api/v1/members/{userId}/manager|reports show
// it. Who may see the person may see their manager and reports (members.read where the person
// is, or the person themselves); each other person named is shown only where the viewer may read
// their members too, so a line never names someone the people list would not.
import 'server-only';
import { can, type UnitRef } from '../authz';
import { batchGet, keys, type TenantDb } from '../db';
import { unitLabels } from '../org/unit-labels';
import {
  directReports, lineChangePlace, readLineChange, readLinePerson, setManager,
  type LinePerson, type ReportingLine,
} from '../reporting-lines';
import { personNotFound } from '../reporting-lines/errors';
import type { ScreenContext } from './screen-context';

export interface PersonRef {
  userId: string;
  name: string;
  email: string;
}

export interface ManagerView {
  userId: string;
  /** The stored line (its version is what a change is conditioned on); null without a manager. */
  line: ReportingLine | null;
  /** The manager, when the viewer may see them. */
  manager: PersonRef | null;
  /** There is a manager the viewer may not see. */
  managerHidden: boolean;
  /** The viewer may set or clear this person's manager (owners, admins, a manager of everywhere they are). */
  canChange: boolean;
}

export interface ReportsView {
  items: PersonRef[];
  /** Reports on this page the viewer may not see. */
  hidden: number;
  nextCursor?: string;
}

const REPORTS_ON_PAGE = 20;

/** Reads the person (one Query) and authorizes seeing them; a person the viewer cannot see is "not found". */
async function visiblePerson(ctx: ScreenContext, userId: string): Promise<LinePerson> {
  const person = await readLinePerson(ctx.db, userId);
  const unit = person?.units.find((u) => can(ctx.actor, 'members.read', { unit: u }));
  if (!person || (!unit && userId !== ctx.actor.userId)) {
    ctx.authorize('tenant.read', {});
    throw personNotFound();
  }
  if (unit) ctx.authorize('members.read', { unit });
  else ctx.authorize('tenant.read', {});
  return person;
}

/** The people named by id whom the viewer may see: their profiles, then their units' paths (two BatchGetItems). */
async function visiblePeople(ctx: ScreenContext, db: TenantDb, userIds: string[]): Promise<{ shown: Map<string, PersonRef>; hidden: number; known: Set<string> }> {
  if (userIds.length === 0) return { shown: new Map(), hidden: 0, known: new Set() };
  const profiles = await batchGet(db, userIds.map((u) => keys.tenantUser(db.tenantId, u)), { consistent: false, projection: ['userId', 'name', 'email', 'units'] });
  const seesAll = can(ctx.actor, 'members.list', {});
  const unitsOf = (p: Record<string, unknown>) => Object.keys((p.units as Record<string, unknown> | undefined) ?? {});
  const labels = seesAll ? new Map() : await unitLabels(db, profiles.flatMap(unitsOf));
  const sees = (p: Record<string, unknown>) =>
    seesAll ||
    p.userId === ctx.actor.userId ||
    unitsOf(p).some((id) => {
      const path = labels.get(id)?.path;
      return path !== undefined && can(ctx.actor, 'members.read', { unit: { id, path } });
    });
  const shown = new Map<string, PersonRef>();
  for (const p of profiles) if (sees(p)) shown.set(String(p.userId), { userId: String(p.userId), name: String(p.name ?? ''), email: String(p.email ?? '') });
  // Someone no longer in the organization (no profile) is neither shown nor counted.
  return { shown, hidden: profiles.length - shown.size, known: new Set(profiles.map((p) => String(p.userId))) };
}

/** Whether the viewer may change the line at all: clearing it is the least a change needs. */
const mayChange = (ctx: ScreenContext, person: LinePerson) =>
  can(ctx.actor, 'reportingLine.change', { userId: person.userId, units: person.units, managerUnits: [], clearing: true });

async function managerView(ctx: ScreenContext, person: LinePerson): Promise<ManagerView> {
  const line = person.line ?? null;
  const { shown, known } = await visiblePeople(ctx, ctx.db, line ? [line.managerId] : []);
  const manager = line ? shown.get(line.managerId) ?? null : null;
  return { userId: person.userId, line, manager, managerHidden: Boolean(line && !manager && known.has(line.managerId)), canChange: mayChange(ctx, person) };
}

/** GET …/manager: the person's line and manager. */
export async function loadManager(ctx: ScreenContext, userId: string): Promise<ManagerView> {
  return managerView(ctx, await visiblePerson(ctx, userId));
}

/** GET …/reports: one page of the person's direct reports the viewer may see. */
export async function loadReports(ctx: ScreenContext, userId: string, page: { cursor?: string | null; limit?: number } = {}): Promise<ReportsView> {
  return (await loadLine(ctx, userId, page)).reports;
}

/**
 * The member page's panel: the person (one Query) beside the first page of their reports (one
 * GSI1 Query), then everyone named in one BatchGetItem of profiles (and, for a viewer who does
 * not see everyone, one of their units' paths).
 */
export async function loadLine(ctx: ScreenContext, userId: string, page: { cursor?: string | null; limit?: number } = {}): Promise<{ manager: ManagerView; reports: ReportsView }> {
  const [person, lines] = await Promise.all([
    visiblePerson(ctx, userId),
    directReports(ctx.db, userId, { limit: page.limit ?? REPORTS_ON_PAGE, cursor: page.cursor }),
  ]);
  const ids = lines.items.map((l) => l.userId);
  const line = person.line ?? null;
  const { shown, known } = await visiblePeople(ctx, ctx.db, [...new Set([...(line ? [line.managerId] : []), ...ids])]);
  const manager = line ? shown.get(line.managerId) ?? null : null;
  const reports = ids.flatMap((id) => shown.get(id) ?? []);
  return {
    manager: { userId: person.userId, line, manager, managerHidden: Boolean(line && !manager && known.has(line.managerId)), canChange: mayChange(ctx, person) },
    reports: { items: reports, hidden: ids.filter((id) => known.has(id) && !shown.has(id)).length, ...(lines.nextCursor ? { nextCursor: lines.nextCursor } : {}) },
  };
}

/** PUT …/manager: sets or clears the manager, authorized where both people are, and answers the line. */
export async function changeManager(
  ctx: ScreenContext,
  userId: string,
  input: { managerId: string | null; expectedVersion?: number },
): Promise<ManagerView> {
  const change = await readLineChange(ctx.db, userId, input.managerId).catch((e: unknown) => {
    // "Not here" reveals nothing a member could not learn from the member list.
    ctx.authorize('tenant.read', {});
    throw e;
  });
  ctx.authorize('reportingLine.change', lineChangePlace(change));
  const line = await setManager(ctx.db, ctx.actor, change, {
    source: ctx.actor.apiKey ? 'api' : 'console',
    ...(input.expectedVersion !== undefined ? { expectedVersion: input.expectedVersion } : {}),
    // A loop is named only as far as the people list would show its people to the caller.
    visible: async (ids) => new Set((await visiblePeople(ctx, ctx.db, ids)).shown.keys()),
  });
  const manager = change.manager && line ? { userId: change.manager.userId, name: change.manager.name, email: change.manager.email } : null;
  return { userId, line, manager, managerHidden: false, canChange: true };
}
