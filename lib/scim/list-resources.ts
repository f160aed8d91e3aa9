// GET /Users and GET /Groups: a filter as one Query (./filters.ts), paged by
// startIndex and count (./list-page.ts), as a ListResponse. totalResults is exact: counted from
// the page when it reaches the end, else the directory's resource count (unfiltered) or a COUNT
// Query of the filter's key range.
import 'server-only';
import { batchGet, keys, queryAll, type TenantDb } from '../db';
import { ULID } from '../validation';
import { mapLimit } from '../org/map-limit';
import { excludes, type AttributeSelection } from './attribute-selection';
import { groupResource, readGroupOrThrow } from './groups';
import { toDirectoryGroup } from './group-item';
import { planFilter, type QueryPlan, type ResourceKind } from './filters';
import { countMatches, readPage } from './list-page';
import type { SyncContext } from './place-people';
import { DEFAULT_COUNT, MAX_COUNT } from './protocol';
import { badValue } from './protocol-errors';
import { toDirectoryUser } from './user-item';
import { userResource } from './user-resource';

const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

export interface ListParams extends AttributeSelection {
  filter?: string;
  startIndex?: string;
  count?: string;
}

function paging(params: ListParams) {
  const int = (raw: string | undefined, fallback: number) => {
    if (raw === undefined || raw === '') return fallback;
    if (!/^-?\d{1,9}$/.test(raw)) throw badValue('startIndex and count are whole numbers.');
    return Number(raw);
  };
  // RFC 7644 §3.4.2.4: below 1 means 1; a negative count means 0; a server may cap count.
  return { startIndex: Math.max(1, int(params.startIndex, 1)), count: Math.min(MAX_COUNT, Math.max(0, int(params.count, DEFAULT_COUNT))) };
}

function partitionOf(db: TenantDb, kind: ResourceKind, index: QueryPlan['index']): string {
  if (index === 'GSI3') return keys.gsi3.directoryExternalIds(db.tenantId, kind);
  if (index === 'GSI1') return keys.gsi1.directoryEmails(db.tenantId);
  return kind === 'user' ? keys.gsi2.directoryUsers(db.tenantId) : keys.gsi2.directoryGroups(db.tenantId);
}

function queryOf(db: TenantDb, kind: ResourceKind, plan: QueryPlan) {
  return {
    IndexName: plan.index,
    KeyConditionExpression: `${plan.index}PK = :pk${plan.keyCondition ? ` AND ${plan.keyCondition.cond}` : ''}`,
    ...(plan.filter ? { FilterExpression: plan.filter.expression, ExpressionAttributeNames: plan.filter.names } : {}),
    ExpressionAttributeValues: { ':pk': partitionOf(db, kind, plan.index), ...(plan.keyCondition ? { ':k': plan.keyCondition.value } : {}), ...plan.filter?.values },
  };
}

const listResponse = (resources: unknown[], startIndex: number, totalResults: number) => ({
  schemas: [LIST_SCHEMA],
  totalResults,
  startIndex,
  itemsPerPage: resources.length,
  Resources: resources,
});

async function pageOf(ctx: SyncContext, kind: ResourceKind, plan: QueryPlan, params: ListParams) {
  const { startIndex, count } = paging(params);
  const query = queryOf(ctx.db, kind, plan);
  const unfiltered = !plan.keyCondition && !plan.filter;
  const page = count > 0 ? await readPage(ctx.db, { query, index: plan.index, startIndex, count }) : { items: [], reachedEnd: false, before: 0 };
  const total = page.reachedEnd
    ? page.before + page.items.length
    : unfiltered
      ? Math.max(kind === 'user' ? ctx.config.userCount : ctx.config.groupCount, startIndex - 1 + page.items.length + (count > 0 ? 1 : 0))
      : await countMatches(ctx.db, query);
  return { items: page.items, startIndex, total };
}

export async function listUsers(ctx: SyncContext, params: ListParams) {
  const plan = planFilter('user', params.filter) as QueryPlan;
  const { items, startIndex, total } = await pageOf(ctx, 'user', plan, params);
  return listResponse(items.map((i) => userResource(toDirectoryUser(i), undefined, params)), startIndex, total);
}

export async function listGroups(ctx: SyncContext, params: ListParams) {
  const plan = planFilter('group', params.filter);
  const withMembers = !excludes(params, 'members');
  if ('memberOf' in plan) {
    const { startIndex, count } = paging(params);
    const ids = ULID.test(plan.memberOf)
      ? (await queryAll(ctx.db, {
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :g)',
          ExpressionAttributeValues: { ':pk': keys.userPartition(ctx.db.tenantId, plan.memberOf), ':g': keys.userGroupPrefix },
          ConsistentRead: true,
        })).map((i) => String(i.groupId))
      : [];
    const groups = (await batchGet(ctx.db, ids.map((g) => keys.directoryGroup(ctx.db.tenantId, g)))).filter(plan.matches).map(toDirectoryGroup).sort((a, b) => a.displayName.localeCompare(b.displayName));
    const slice = groups.slice(startIndex - 1, startIndex - 1 + count);
    const resources = await mapLimit(slice, 8, async (g) => groupResource(g, withMembers ? (await readGroupOrThrow(ctx, g.groupId, true)).members : undefined, params));
    return listResponse(resources, startIndex, groups.length);
  }
  const { items, startIndex, total } = await pageOf(ctx, 'group', plan, params);
  const resources = await mapLimit(items.map(toDirectoryGroup), 8, async (g) => groupResource(g, withMembers ? (await readGroupOrThrow(ctx, g.groupId, true)).members : undefined, params));
  return listResponse(resources, startIndex, total);
}
