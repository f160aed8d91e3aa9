// Where a subject holds a permission (POST /api/v1/checks/units; docs/checks.md, "List units"):
// from the subject's memberships (one Query, T20, or this process's copy where the consistency
// asked accepts it, as a check reads them) and the role catalogue, the top-most units reached,
// each with how far below it (./reached-units.ts), kept to what the caller may ask about, in tree
// order, paged; the page's units named by one BatchGetItem (≤ 100 ids a request).
import 'server-only';
import { decodeCursor, encodeCursor, issueConsistencyToken, pageSize, type TenantDb } from '../db';
import { unitLabels } from '../org';
import { heldCatalogue, heldSubjectAccess } from './check-reads';
import { CHECK_LIMITS } from './limits';
import { subjectNotFound } from './errors';
import { freshnessOf } from './freshness';
import { assertKnownPermission } from './list-reads';
import type { Asker } from './may-ask';
import { askable, regionsOf } from './reached-units';
import { resolveSubject } from './subject-access';
import type { Consistency, ReachedUnit, Subject, UnitsPage } from './types';

export interface UnitsInput {
  subject: Subject;
  permission: string;
  cursor?: string;
  limit?: number;
  consistency?: Consistency;
  /** Who asks (./may-ask.ts askerOf): only what they may ask about is listed. */
  asker: Asker;
}

export async function unitsWithPermission(db: TenantDb, input: UnitsInput): Promise<UnitsPage> {
  const limit = pageSize(input.limit, CHECK_LIMITS.page);
  const accepts = freshnessOf(input.consistency);
  const userId = await resolveSubject(db, input.subject);
  if (!userId) throw subjectNotFound();
  const scope = `checks.units:${db.tenantId}:${userId}:${input.permission}`;
  const after = decodeCursor(scope, input.cursor)?.after;
  const [subject, catalogue] = await Promise.all([heldSubjectAccess(db, userId, accepts), heldCatalogue(db, accepts)]);
  if (!subject.value.found) throw subjectNotFound();
  assertKnownPermission(input.permission, catalogue.value);
  const reached = regionsOf(subject.value.memberships, input.permission, catalogue.value);
  const { asker } = input;
  const regions = askable(reached, {
    whole: (r) => asker.mayAsk({ id: r.unitId, path: r.unitPath }, userId) && asker.mayAskOver(r, userId),
    top: (r) => asker.mayAsk({ id: r.unitId, path: r.unitPath }, userId),
    tops: asker.tops,
  });
  const rest = typeof after === 'string' ? regions.filter((r) => r.unitPath > after) : regions;
  const page = rest.slice(0, limit);
  const names = await unitLabels(db, page.map((r) => r.unitId));
  const items = page.map((r): ReachedUnit => ({ unitId: r.unitId, unitName: names.get(r.unitId)?.name ?? '', unitPath: r.unitPath, scope: r.scope }));
  const nextCursor = rest.length > limit ? encodeCursor(scope, { after: page.at(-1)!.unitPath }) : undefined;
  const token = issueConsistencyToken(Math.min(subject.readAt, catalogue.readAt));
  return { items, ...(nextCursor ? { nextCursor } : {}), consistencyToken: token };
}
