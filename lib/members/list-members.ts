// T6 and T7: the members of one unit, and every member anywhere in a subtree. One Query page each,
// with signed cursors bound to the query.
import 'server-only';
import { INDEX, keys, pageSize, queryPage, type Page, type TenantDb, UNIT_PATH } from '../db';
import { badPath } from '../org/errors';
import { validateId } from '../validation';
import { guardMemberPage } from '../org/job-view';
import type { UnitLabel } from '../org/unit-labels';
import { toMembership, type Membership } from './membership-items';

export const UNIT_MEMBERS_PAGE = { default: 50, max: 100 } as const;
export const SUBTREE_MEMBERS_PAGE = { default: 200, max: 1000 } as const;

export interface PageOptions {
  limit?: number;
  cursor?: string;
}

/** T6: a unit's direct members (the unit's own partition), in user-id order. */
export async function listUnitMembers(db: TenantDb, unitId: string, options: PageOptions = {}): Promise<Page<Membership>> {
  const id = validateId(unitId, 'unit');
  const page = await queryPage(
    db,
    {
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :m)',
      ExpressionAttributeValues: { ':pk': keys.unitPartition(db.tenantId, id), ':m': keys.unitMemberPrefix },
    },
    { limit: pageSize(options.limit, UNIT_MEMBERS_PAGE), scope: `T6:${db.tenantId}:${id}`, cursor: options.cursor },
  );
  return { items: page.items.map(toMembership), nextCursor: page.nextCursor };
}

/**
 * T7: every membership whose unit lies in the subtree at `unitPath` (the unit's own included),
 * ordered by path, then user id, with the names and paths of the page's units (read to guard it). Pages that meet a committed large move answer `tree.moveInProgress`
 * (index order can't give a page without repeats or gaps then); see lib/org/job-view.ts.
 */
export async function listSubtreeMembers(
  db: TenantDb,
  unitPath: string,
  options: PageOptions = {},
): Promise<Page<Membership> & { units: Map<string, UnitLabel> }> {
  if (typeof unitPath !== 'string' || !UNIT_PATH.test(unitPath)) throw badPath();
  const page = await queryPage(
    db,
    {
      IndexName: INDEX.gsi1,
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :path)',
      ExpressionAttributeValues: { ':pk': keys.gsi1.memberTree(db.tenantId), ':path': unitPath },
    },
    { limit: pageSize(options.limit, SUBTREE_MEMBERS_PAGE), scope: `T7:${db.tenantId}:${unitPath}`, cursor: options.cursor },
  );
  const { items, units } = await guardMemberPage(db, page.items);
  return { items: items.map(toMembership), nextCursor: page.nextCursor, units };
}
