// Everything one tenant has stored, read straight from DynamoDB Local (no gateway, no app code),
// so a spec can prove a refused request changed nothing. Queries only: the tenant-wide indexes
// (T4 tree, T7 member tree, invitations, jobs, emails, change sets) list the units, members and invitations
// and name the other partitions, which are read whole: each user, each unit's sibling names,
// each job, the tenant item, the audit trail (append-only: read from the last entry seen), and
// the platform's items for the tenant (directory, SSO connection, domain claims). Every write
// Arbor makes appends to the audit trail in the same transaction, so even a write to a
// partition no index names would show.
import { QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys, type DocumentClient } from '../../lib/db';

export type Snapshot = Map<string, string>;

export interface SnapshotDiff {
  added: string[];
  removed: string[];
  changed: string[];
}

const CONCURRENCY = 16;
const AUDIT_OVERLAP = 50;
/** The partition of a parent's sibling-name claims (the hash part of the key is not needed). */
const siblingsPk = (t: string, parentId: string) => keys.siblingName(t, parentId, '').PK;

async function queryAll(client: DocumentClient, table: string, input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>) {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out: QueryCommandOutput = await client.send(new QueryCommand({ TableName: table, ...input, ExclusiveStartKey: start }));
    items.push(...((out.Items ?? []) as Record<string, unknown>[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

async function mapLimit<T, R>(values: T[], limit: number, fn: (v: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(values.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, values.length) }, async () => {
      while (next < values.length) {
        const i = next++;
        out[i] = await fn(values[i]);
      }
    }),
  );
  return out;
}

/** Stable text of an item: keys sorted, so two reads of the same item compare equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Set) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v instanceof Set ? [...v].sort() : v));

export class TenantSnapshotter {
  /** Partitions always read whole: the tenant item, the platform's items, jobs told of. */
  private readonly fixed = new Set<string>();
  /**
   * The audit trail read so far, by sort key. It is append-only (no code updates or deletes an
   * entry; TTL aside), so each snapshot reads again only the newest entries: the last
   * AUDIT_OVERLAP seen (entries from two processes in the same millisecond may land out of
   * order) and everything after them.
   */
  private readonly audit = new Map<string, string>();

  constructor(
    private readonly client: DocumentClient,
    private readonly table: string,
    readonly tenantId: string,
    domains: string[],
  ) {
    this.fixed.add(keys.tenantSettings(tenantId).PK);
    this.fixed.add(keys.tenantRegistry(tenantId).PK);
    for (const d of domains) this.fixed.add(keys.domainClaim(d).PK);
  }

  private onIndex(index: string, n: 1 | 2, pk: string) {
    return queryAll(this.client, this.table, { IndexName: index, KeyConditionExpression: `GSI${n}PK = :pk`, ExpressionAttributeValues: { ':pk': pk } });
  }

  /**
   * Every item of the tenant, by `PK|SK`. Unit partitions (the unit and its members) and
   * invitations are read from their tenant-wide indexes, which project every attribute, so any
   * change to them shows; users (both directions of each membership meet there), sibling-name
   * claims, jobs and the fixed partitions are read from the table, strongly consistent.
   */
  async take(): Promise<Snapshot> {
    const t = this.tenantId;
    const [units, members, invitations, jobs, emails, changeSets] = await Promise.all([
      this.onIndex(INDEX.gsi1, 1, keys.gsi1.tree(t)),
      this.onIndex(INDEX.gsi1, 1, keys.gsi1.memberTree(t)),
      this.onIndex(INDEX.gsi1, 1, keys.gsi1.invitations(t)),
      this.onIndex(INDEX.gsi1, 1, keys.gsi1.treeJobs(t)),
      this.onIndex(INDEX.gsi2, 2, keys.gsi2.emails(t)),
      this.onIndex(INDEX.gsi1, 1, keys.gsi1.changeSets(t)),
    ]);
    const partitions = new Set(this.fixed);
    const seen = [...this.audit.keys()].sort();
    const from = seen[Math.max(0, seen.length - AUDIT_OVERLAP)] ?? '0'; // '0' sorts below every ULID
    for (const u of units) partitions.add(siblingsPk(t, u.unitId as string));
    for (const m of members) partitions.add(keys.userPartition(t, m.userId as string));
    for (const e of emails) if (e.type === 'tenantUser') partitions.add(e.PK as string);
    for (const j of jobs) partitions.add(j.PK as string);
    // A change set seen once stays read whole: its operations and reviews, even after a delete.
    for (const c of changeSets) {
      this.fixed.add(c.PK as string);
      partitions.add(c.PK as string);
    }
    const [whole, audit] = await Promise.all([
      mapLimit([...partitions], CONCURRENCY, (pk) =>
        queryAll(this.client, this.table, { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }),
      ),
      queryAll(this.client, this.table, {
        KeyConditionExpression: 'PK = :pk AND SK >= :from',
        ExpressionAttributeValues: { ':pk': keys.auditPartition(t), ':from': from },
        ConsistentRead: true,
      }),
    ]);
    for (const sk of [...this.audit.keys()].filter((k) => k >= from)) this.audit.delete(sk);
    for (const item of audit) this.audit.set(item.SK as string, canonical(item));
    const snapshot: Snapshot = new Map([...this.audit].map(([sk, v]) => [`${keys.auditPartition(t)}|${sk}`, v]));
    for (const item of [...units, ...members, ...invitations, ...whole.flat()]) {
      snapshot.set(`${item.PK as string}|${item.SK as string}`, canonical(item));
    }
    return snapshot;
  }

  /** Also read this partition whole (a finished job, which no index lists any more). */
  watch(pk: string) {
    this.fixed.add(pk);
  }
}

export function diffSnapshots(before: Snapshot, after: Snapshot): SnapshotDiff {
  const added = [...after.keys()].filter((k) => !before.has(k));
  const removed = [...before.keys()].filter((k) => !after.has(k));
  const changed = [...after.keys()].filter((k) => before.has(k) && before.get(k) !== after.get(k));
  return { added, removed, changed };
}

export const isEmptyDiff = (d: SnapshotDiff) => d.added.length + d.removed.length + d.changed.length === 0;

/** One line per difference, with the stored values, for a failure message. */
export function describeDiff(before: Snapshot, after: Snapshot, d: SnapshotDiff): string {
  return [
    ...d.added.map((k) => `+ ${k} ${after.get(k)}`),
    ...d.removed.map((k) => `- ${k} ${before.get(k)}`),
    ...d.changed.map((k) => `~ ${k}\n    was ${before.get(k)}\n    now ${after.get(k)}`),
  ].join('\n');
}
