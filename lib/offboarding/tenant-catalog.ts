// Every item of one tenant, found through the tenant's own partitions and indexes (no Scan: the
// app runs this with the tenant's scoped credentials and the runtime's). It starts from the fixed
// partitions (`T#<t>`, its audit trail, API keys, webhooks, setup links, SAML, SSO, directory,
// audit streams, review schedules) and the tenant's index partitions that list items by kind (the
// tree, members, profiles, invitations, jobs, change sets, access reviews, directory users and
// groups, names), then reads each partition
// those name, and follows what the items found point at (a webhook endpoint's deliveries, an
// actor's idempotency records, a SCIM name claim, a deleted unit the audit trail mentions…) until
// nothing new turns up. One Query per partition (strongly consistent), every page.
//
// What it cannot reach: a partition nothing indexed or stored names any more, such as a finished
// move job's journal (its audit entry was trimmed by retention) — these all expire by TTL. The
// operator's CLI therefore also sweeps with a Scan (scan-tenant-items.ts).
import 'server-only';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGet, INDEX, isTenantPartition, keys, queryAll, tenantPrefix, type PlatformDb, type TenantDb } from '../db';
import { groupNameClaimKey, userNameClaimKey } from '../scim/user-item';
import { itemId, type OffboardingScope, type StoredItem } from './offboarding-scope';

export interface TenantCatalog {
  /** Items under `T#<t>…`. */
  tenantItems: StoredItem[];
  /** `TENANT#<t>` (registry entry, SSO, domains, webhook marker, the deletion journal), its proven domains' claims, its tokens. */
  platformItems: StoredItem[];
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** The index partitions that list a tenant's items by kind (each item's PK is read from them). */
function indexPartitions(t: string): { index: string; pk: string; attribute: string }[] {
  const on = (index: string, attribute: string, pks: string[]) => pks.map((pk) => ({ index, pk, attribute }));
  return [
    ...on(INDEX.gsi1, 'GSI1PK', [
      keys.gsi1.tree(t), keys.gsi1.memberTree(t), keys.gsi1.invitations(t), keys.gsi1.treeJobs(t),
      keys.gsi1.membersByJoined(t), keys.gsi1.directoryEmails(t), keys.gsi1.changeSets(t),
      // Access reviews' headers: each leads to its own partition (the header and its items).
      keys.gsi1.accessReviews(t),
    ]),
    ...on(INDEX.gsi2, 'GSI2PK', [keys.gsi2.emails(t), keys.gsi2.directoryUsers(t), keys.gsi2.directoryGroups(t)]),
    ...on(INDEX.gsi3, 'GSI3PK', [keys.gsi3.names(t), keys.gsi3.directoryExternalIds(t, 'user'), keys.gsi3.directoryExternalIds(t, 'group')]),
  ];
}

/** The partitions an item points at, besides its own. */
function pointsAt(t: string, item: StoredItem): string[] {
  const out: string[] = [];
  const unitId = str(item.unitId);
  const userId = str(item.userId);
  if (unitId) out.push(keys.unitPartition(t, unitId), keys.siblingName(t, unitId, '').PK);
  if (userId) out.push(keys.userPartition(t, userId), keys.idempotencyRecord(t, userId, '').PK);
  switch (item.type) {
    case 'audit': {
      const actor = str((item.actor as { userId?: unknown } | undefined)?.userId);
      if (actor) out.push(keys.userPartition(t, actor), keys.idempotencyRecord(t, actor, '').PK);
      const target = item.target as { type?: unknown; id?: unknown } | undefined;
      const id = str(target?.id);
      if (id && target?.type === 'unit') out.push(keys.unitPartition(t, id), keys.siblingName(t, id, '').PK);
      if (id && target?.type === 'changeSet') out.push(keys.changeSetPartition(t, id));
      if (id && target?.type === 'webhook') out.push(keys.webhookDeliveryPartition(t, id));
      const setId = str(item.changeSetId);
      if (setId) out.push(keys.changeSetPartition(t, setId));
      break;
    }
    case 'webhookEndpoint': {
      const id = str(item.endpointId);
      if (id) out.push(keys.webhookDeliveryPartition(t, id));
      break;
    }
    case 'apiKey': {
      const id = str(item.keyId);
      if (id) out.push(keys.idempotencyRecord(t, id, '').PK);
      break;
    }
    case 'directoryUser': {
      const name = str(item.userName);
      if (name) out.push(userNameClaimKey(t, name).PK);
      break;
    }
    case 'directoryGroup': {
      const name = str(item.displayName);
      if (name) out.push(groupNameClaimKey(t, name).PK);
      break;
    }
    case 'userGroup':
    case 'groupMember': {
      const id = str(item.groupId);
      if (id) out.push(keys.groupPartition(t, id));
      break;
    }
    case 'moveJob':
    case 'tenant': {
      const root = str(item.rootUnitId) ?? str(item.rootId);
      if (root) out.push(keys.unitPartition(t, root), keys.siblingName(t, root, '').PK);
      break;
    }
  }
  return out;
}

/** Every item under `T#<t>…` that the tenant's partitions and indexes lead to. */
export async function catalogTenantPartitions(db: TenantDb): Promise<StoredItem[]> {
  const t = db.tenantId;
  const prefix = tenantPrefix(t);
  const seen = new Set<string>();
  const queue: string[] = [];
  const visit = (pk: string) => {
    // Only this tenant's partitions: `T#<t>` or `T#<t>#…` (an id found in an item never leads out).
    if (isTenantPartition(t, pk) && !seen.has(pk)) {
      seen.add(pk);
      queue.push(pk);
    }
  };
  for (const pk of [
    prefix, keys.auditPartition(t), keys.apiKeyPartition(t), keys.webhookEndpointPartition(t), keys.setupLinkPartition(t),
    keys.samlRequest(t, '').PK, keys.ssoHealth(t).PK, keys.directoryPartition(t), keys.auditStreamPartition(t),
    keys.accessReviewSchedulePartition(t),
  ]) visit(pk);

  const listed = await Promise.all(
    indexPartitions(t).map(({ index, pk, attribute }) =>
      queryAll(db, {
        IndexName: index,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': attribute, '#PK': 'PK' },
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: '#PK',
      }),
    ),
  );
  for (const item of listed.flat()) visit(String(item.PK));

  const items = new Map<string, StoredItem>();
  while (queue.length > 0) {
    // A few partitions at a time: enough to overlap round trips, few enough not to crowd others.
    const wave = queue.splice(0, 8);
    const pages = await Promise.all(
      wave.map((pk) =>
        queryAll(db, { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }),
      ),
    );
    for (const item of pages.flat()) {
      items.set(itemId(item), item);
      for (const pk of pointsAt(t, item)) visit(pk);
    }
  }
  return [...items.values()];
}

/** The tenant's platform items: its `TENANT#<t>` partition, the claims of its domains, its tokens. */
export async function catalogPlatformItems(platform: PlatformDb, tenantId: string, tenantItems: StoredItem[]): Promise<StoredItem[]> {
  const own = await queryAll(platform, {
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.tenantPartition(tenantId) },
    ConsistentRead: true,
  });
  const domains = new Set<string>();
  for (const item of [...own, ...tenantItems]) {
    for (const d of Array.isArray(item.domains) ? item.domains : []) if (typeof d === 'string') domains.add(d);
    if (item.type === 'tenantDomain' && typeof item.domain === 'string') domains.add(item.domain);
  }
  const hashes = new Set(tenantItems.map((i) => str(i.tokenHash)).filter((h): h is string => Boolean(h)));
  const claimed = await batchGet(platform, [...[...domains].map((d) => keys.domainClaim(d)), ...[...hashes].map((h) => keys.accessToken(h))]);
  // A claim or token is this tenant's only when it says so (another tenant may have proven the domain since).
  return [...own, ...claimed.filter((i) => i.tenantId === tenantId)];
}

/** Both halves, with the scope's credentials for each. */
export async function catalogTenant(scope: OffboardingScope): Promise<TenantCatalog> {
  const tenantItems = await catalogTenantPartitions(scope.tenant);
  const platformItems = await catalogPlatformItems(scope.platform, scope.tenant.tenantId, tenantItems);
  return { tenantItems, platformItems };
}

/** The tenants a user belongs to, from GSI4 (P2; eventually consistent, keys and tenant id only). */
export async function tenantsOfUser(platform: PlatformDb, userId: string): Promise<string[]> {
  const out: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await platform.client.send(new QueryCommand({
      TableName: platform.tableName,
      IndexName: INDEX.gsi4,
      KeyConditionExpression: 'GSI4PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.gsi4.userTenants(userId) },
      ExclusiveStartKey: start,
    }));
    for (const i of page.Items ?? []) if (typeof i.tenantId === 'string') out.push(i.tenantId);
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}
