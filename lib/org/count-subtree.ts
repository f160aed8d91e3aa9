// How much a recursive delete would remove, for the confirmation dialog: one COUNT pass over
// the tree index and one over the member-tree index (eventually consistent: a preview).
import 'server-only';
import { INDEX, keys, queryCount, type TenantDb } from '../db';
import { getUnitOrThrow } from './get-unit';

export interface SubtreeCounts {
  /** Units including the unit itself. */
  units: number;
  memberships: number;
}

export async function countSubtree(db: TenantDb, unitId: string): Promise<SubtreeCounts> {
  const unit = await getUnitOrThrow(db, unitId);
  const count = (pk: string) =>
    queryCount(db, {
      IndexName: INDEX.gsi1,
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :path)',
      ExpressionAttributeValues: { ':pk': pk, ':path': unit.path },
    });
  const [units, memberships] = await Promise.all([count(keys.gsi1.tree(db.tenantId)), count(keys.gsi1.memberTree(db.tenantId))]);
  return { units, memberships };
}
