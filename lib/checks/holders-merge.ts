// Reading the members of several unit partitions (T6) together, in user id order, so that one page
// of "who holds it here" names each person once with every membership they hold on those units.
// Each round queries every partition not yet finished, in parallel, from where it stopped; a user id
// at or before the lowest position any partition has reached (the frontier) has been seen in all of
// them, so it can be answered. Pure of any decision: `keep` says which memberships count.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys, type TenantDb } from '../db';
import { toMembership, type Membership } from '../members/membership-items';

/** Rounds of parallel Queries one page may take before it answers what it has, with a cursor. */
export const MERGE_ROUNDS = 4;

export interface MergeOptions {
  /** The unit partitions to read (the unit asked about and its ancestors). */
  unitIds: string[];
  /** Answer only user ids after this one (the cursor's). */
  after?: string;
  limit: number;
  consistent: boolean;
  /** A DynamoDB filter dropping memberships that cannot count (fewer bytes back; the same reads). */
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
  keep: (m: Membership) => boolean;
}

export interface MergedPage {
  /** Each person's kept memberships on the units read, in user id order. */
  people: { userId: string; memberships: Membership[] }[];
  /** The last user id this page covers when more may follow. */
  nextAfter?: string;
}

const userOf = (sk: unknown) => String(sk).slice(keys.unitMemberPrefix.length);

export async function mergeUnitMembers(db: TenantDb, o: MergeOptions): Promise<MergedPage> {
  // Per partition: where to resume (undefined: from its first member), or null when finished.
  const position = new Map<string, string | null | undefined>(o.unitIds.map((id) => [id, o.after]));
  const held = new Map<string, Membership[]>();
  let frontier = '';
  for (let round = 0; round < MERGE_ROUNDS; round++) {
    const open = [...position].filter(([, at]) => at !== null);
    const pages = await Promise.all(open.map(async ([unitId, at]) => {
      const out = await db.client.send(new QueryCommand({
        TableName: db.tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :m)',
        ...(o.filter ? { FilterExpression: o.filter.expression, ExpressionAttributeNames: o.filter.names } : {}),
        ExpressionAttributeValues: { ':pk': keys.unitPartition(db.tenantId, unitId), ':m': keys.unitMemberPrefix, ...o.filter?.values },
        ...(at ? { ExclusiveStartKey: keys.unitMember(db.tenantId, unitId, at) } : {}),
        ConsistentRead: o.consistent,
        Limit: o.limit,
      }));
      return { unitId, out };
    }));
    for (const { unitId, out } of pages) {
      for (const item of out.Items ?? []) {
        const m = toMembership(item);
        if (o.keep(m)) held.set(m.userId, [...(held.get(m.userId) ?? []), m]);
      }
      position.set(unitId, out.LastEvaluatedKey ? userOf(out.LastEvaluatedKey.SK) : null);
    }
    const reached = [...position.values()].filter((at): at is string => typeof at === 'string');
    frontier = reached.length ? reached.reduce((a, b) => (a < b ? a : b)) : '';
    const ready = [...held.keys()].filter((id) => !frontier || id <= frontier).length;
    if (!frontier || ready >= o.limit) break;
  }
  const ids = [...held.keys()].filter((id) => !frontier || id <= frontier).sort();
  const page = ids.slice(0, o.limit);
  const more = ids.length > o.limit || frontier !== '';
  const nextAfter = !more ? undefined : ids.length > o.limit ? page.at(-1) : frontier;
  return { people: page.map((userId) => ({ userId, memberships: held.get(userId)! })), ...(nextAfter ? { nextAfter } : {}) };
}
