// Records that name who made them, and the webhook delivery log:
// - API keys (`T#<t>#APIKEYS`), webhook endpoints (`#WEBHOOKS`) and setup links (`#SETUP`) carry
//   `createdBy` (user id, email, name); so do the tenant's domain records (`TENANT#<t>` /
//   `DOMAIN#…`, platform items);
// - each endpoint's deliveries (`T#<t>#WEBHOOK#<endpoint>`) keep the payload sent, an audit event
//   that names its actor and target.
// Each is pseudonymised in place with the audit entries' rule (./pseudonym.ts), one update
// conditioned on the attribute being as read: the key, endpoint or link keeps working, its version
// unchanged (not an edit); a delivery resent later sends the pseudonymised payload. The cost grows
// with the endpoints' delivery logs (all read, one Query each), which erasure's rarity allows.
import 'server-only';
import { confirmDecision, keys, queryAll, updateItem, type PlatformDb, type TenantDb } from '../db';
import { pseudonymise, type ErasedPerson } from './pseudonym';
import { auditEntryChanges } from './rewrite-audit-entries';
import { writeOne } from './write-one';

type Item = Record<string, unknown>;
interface Rewrite {
  key: { PK: string; SK: string };
  field: string;
  from: unknown;
  to: unknown;
}

const partition = (db: TenantDb | PlatformDb, pk: string) =>
  queryAll(db, { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true });

function createdByRewrite(item: Item, person: ErasedPerson): Rewrite | undefined {
  const to = pseudonymise(item.createdBy, person);
  return to === item.createdBy ? undefined : { key: { PK: String(item.PK), SK: String(item.SK) }, field: 'createdBy', from: item.createdBy, to };
}

/**
 * A delivery's payload is an audit event (lib/webhooks/events.ts: the actor as `id`, `email`,
 * `name`): the audit entries' rule applies to it as to the entry it was made from.
 */
function payloadRewrite(item: Item, person: ErasedPerson): Rewrite | undefined {
  if (typeof item.payload !== 'string') return undefined;
  let parsed: { data?: Record<string, unknown> };
  try {
    parsed = JSON.parse(item.payload) as typeof parsed;
  } catch {
    return undefined;
  }
  const data = parsed?.data;
  if (!data || typeof data !== 'object') return undefined;
  const actor = data.actor as { id?: string; email?: string; name?: string } | undefined;
  const changes = auditEntryChanges({ ...data, actor: actor && { ...actor, userId: actor.id } }, person);
  const changedActor = changes.actor as { email?: string; name?: string } | undefined;
  const next = pseudonymise({
    ...parsed,
    data: {
      ...data,
      ...(changedActor ? { actor: { ...actor, email: changedActor.email, name: changedActor.name } } : {}),
      ...(changes.target ? { target: changes.target } : {}),
      ...(changes.before ? { before: changes.before } : {}),
      ...(changes.after ? { after: changes.after } : {}),
    },
  }, person);
  const payload = JSON.stringify(next);
  return payload === item.payload ? undefined : { key: { PK: String(item.PK), SK: String(item.SK) }, field: 'payload', from: item.payload, to: payload };
}

/** What the tenant's own partitions hold that names the person as a creator or in a payload sent. */
export async function creatorRecords(db: TenantDb, person: ErasedPerson): Promise<Rewrite[]> {
  const t = db.tenantId;
  const [apiKeys, endpoints, links, destinations] = await Promise.all([
    partition(db, keys.apiKeyPartition(t)),
    partition(db, keys.webhookEndpointPartition(t)),
    partition(db, keys.setupLinkPartition(t)),
    partition(db, keys.auditStreamPartition(t)),
  ]);
  const endpointIds = endpoints.filter((e) => typeof e.endpointId === 'string').map((e) => String(e.endpointId));
  const deliveries: Item[] = [];
  for (let i = 0; i < endpointIds.length; i += 8) {
    const pages = await Promise.all(endpointIds.slice(i, i + 8).map((id) => partition(db, keys.webhookDeliveryPartition(t, id))));
    deliveries.push(...pages.flat());
  }
  return [
    ...[...apiKeys, ...endpoints, ...links, ...destinations].map((i) => createdByRewrite(i, person)),
    ...deliveries.map((d) => payloadRewrite(d, person)),
  ].filter((r): r is Rewrite => r !== undefined);
}

/** The tenant's domain records the person created (platform items). */
export async function domainRecords(platform: PlatformDb, tenantId: string, person: ErasedPerson): Promise<Rewrite[]> {
  const items = await partition(platform, keys.tenantPartition(tenantId));
  return items
    .filter((i) => typeof i.SK === 'string' && i.SK.startsWith(keys.tenantDomainPrefix))
    .map((i) => createdByRewrite(i, person))
    .filter((r): r is Rewrite => r !== undefined);
}

const update = (tableName: string, r: Rewrite) => ({
  Update: {
    TableName: tableName, Key: r.key,
    UpdateExpression: 'SET #f = :to',
    ConditionExpression: '#f = :from',
    ExpressionAttributeNames: { '#f': r.field },
    ExpressionAttributeValues: { ':to': r.to, ':from': r.from },
  },
});

/**
 * Writes the rewrites of the tenant's partitions; returns how many were written. One changed or
 * gone meanwhile (revoked, expired by TTL, rotated) is skipped: what replaced it was written
 * after the decision and is read again by an erasure asked again.
 */
export async function pseudonymiseCreatorRecords(db: TenantDb, rewrites: Rewrite[]): Promise<number> {
  let written = 0;
  for (let i = 0; i < rewrites.length; i += 8) {
    const done = await Promise.all(rewrites.slice(i, i + 8).map((r) => writeOne(db, update(db.tableName, r))));
    written += done.filter(Boolean).length;
  }
  return written;
}

/**
 * The domain records' rewrites, with platform credentials: they cannot carry the tenant's decision
 * facts, so the decision is confirmed first (lib/db confirmDecision), as lib/domains does.
 */
export async function pseudonymiseDomainRecords(db: TenantDb, platform: PlatformDb, rewrites: Rewrite[]): Promise<number> {
  if (rewrites.length === 0) return 0;
  await confirmDecision(db);
  let written = 0;
  for (const r of rewrites) {
    const { TableName: _table, ...input } = update(platform.tableName, r).Update;
    if ((await updateItem(platform, input)).written) written++;
  }
  return written;
}
