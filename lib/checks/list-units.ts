// Where a subject holds a permission (POST /api/v1/checks/units; docs/checks.md, "List units"):
// from the subject's memberships (one Query, T20) and the role catalogue, the top-most units
// reached, each with how far below it (./reached-units.ts), kept to what the caller may ask
// about, in tree order, paged; the page's units named by one BatchGetItem (≤ 100 ids a request).
import 'server-only';
import { decodeCursor, encodeCursor, issueConsistencyToken, pageSize, type TenantDb } from '../db';
import { readRoleCatalogue } from '../roles';
import { CHECK_LIMITS } from './limits';
import { subjectNotFound } from './errors';
import { assertKnownPermission, readPathNames, waitForToken } from './list-reads';
import { askable, regionsOf, type Region } from './reached-units';
import { readSubjectAccess, resolveSubject } from './subject-access';
import type { MayAsk } from './types';
import type { Consistency, ReachedUnit, Subject, UnitsPage } from './types';

export interface UnitsInput {
  subject: Subject;
  permission: string;
  cursor?: string;
  limit?: number;
  consistency?: Consistency;
  mayAsk: MayAsk;
  /** Where the caller may ask about everything below (their own tops): answered inside a region they may not ask about whole. */
  askerTops?: readonly Region[];
}

export async function unitsWithPermission(db: TenantDb, input: UnitsInput): Promise<UnitsPage> {
  const limit = pageSize(input.limit, CHECK_LIMITS.page);
  const userId = await resolveSubject(db, input.subject);
  if (!userId) throw subjectNotFound();
  const scope = `checks.units:${db.tenantId}:${userId}:${input.permission}`;
  const after = decodeCursor(scope, input.cursor)?.after;
  await waitForToken(input.consistency);
  const fresh = input.consistency?.mode !== 'minimizeLatency';
  const catalogueReadAt = Date.now();
  const [subject, catalogue] = await Promise.all([readSubjectAccess(db, userId), readRoleCatalogue(db, { fresh })]);
  if (!subject.found) throw subjectNotFound();
  assertKnownPermission(input.permission, catalogue);
  const regions = askable(regionsOf(subject.memberships, input.permission, catalogue), (r) => input.mayAsk({ id: r.unitId, path: r.unitPath }, userId), input.askerTops ?? []);
  const rest = typeof after === 'string' ? regions.filter((r) => r.unitPath > after) : regions;
  const page = rest.slice(0, limit);
  const names = await readPathNames(db, page.map((r) => r.unitId), fresh);
  const items = page.map((r): ReachedUnit => ({ unitId: r.unitId, unitName: names.get(r.unitId) ?? '', unitPath: r.unitPath, scope: r.scope }));
  const nextCursor = rest.length > limit ? encodeCursor(scope, { after: page.at(-1)!.unitPath }) : undefined;
  // The catalogue may come from this process's copy (at most a few seconds old) under minimizeLatency.
  const token = issueConsistencyToken(Math.min(subject.readAt, fresh ? catalogueReadAt : catalogueReadAt - CATALOGUE_AGE_MS));
  return { items, ...(nextCursor ? { nextCursor } : {}), consistencyToken: token };
}

const CATALOGUE_AGE_MS = 5_000;
