// Who holds a permission on a unit (POST /api/v1/checks/subjects; docs/checks.md, "List
// subjects"): the memberships held on the unit and on each unit above it (owners and admins sit
// on the top unit), read together in user id order (./holders-merge.ts), each person decided as a
// check decides (explainPermission over their memberships on that path) and named once, with the
// nearest grant; people the directory deactivated hold nothing, as a check answers. A page costs
// the unit's read, then 1 + depth Queries per round, one BatchGetItem of the path's names and one
// of the page's directory records.
import 'server-only';
import { explainPermission, TENANT_ROLES, type ActorAccess, type RoleCatalogue } from '../authz';
import { powersOf } from '../authz/holds';
import { batchGet, decodeCursor, encodeCursor, keys, pageSize, pathIds, type TenantDb } from '../db';
import type { Membership } from '../members/membership-items';
import { CHECK_LIMITS } from './limits';
import { mergeUnitMembers, type MergeOptions } from './holders-merge';
import { askOrThrow } from './decide';
import { readTarget } from './list-reads';
import { grantExplained } from './verdict';
import { unitLabels } from '../org';
import type { Consistency, MayAsk, SubjectHolding, SubjectsPage } from './types';

export interface SubjectsInput {
  permission: string;
  unitId: string;
  cursor?: string;
  limit?: number;
  consistency?: Consistency;
  mayAsk: MayAsk;
}

const scopeOf = (db: TenantDb, input: SubjectsInput) => `checks.subjects:${db.tenantId}:${input.unitId}:${input.permission}`;

export async function subjectsWithPermission(db: TenantDb, input: SubjectsInput): Promise<SubjectsPage> {
  const limit = pageSize(input.limit, CHECK_LIMITS.page);
  const after = afterOf(decodeCursor(scopeOf(db, input), input.cursor));
  const target = await readTarget(db, input);
  askOrThrow(input.mayAsk, target.unit, undefined);
  const ids = pathIds(target.unit.path);
  const [merged, names] = await Promise.all([
    mergeUnitMembers(db, {
      unitIds: ids, after, limit, consistent: target.consistent,
      filter: holderFilter(input.permission, target.catalogue),
      keep: (m) => powersOf(m, input.permission, target.catalogue).length > 0,
    }),
    unitLabels(db, ids),
  ]);
  const deactivated = await deactivatedAmong(db, merged.people.map((p) => p.userId), target.consistent);
  const items = merged.people.flatMap(({ userId, memberships }): SubjectHolding[] => {
    if (deactivated.has(userId)) return [];
    const access: ActorAccess = { tenantId: db.tenantId, userId, memberships, catalogue: target.catalogue };
    const decision = explainPermission(access, input.permission, target.unit);
    if (!decision.allowed) return [];
    const person = memberships.find((m) => m.name || m.email) ?? memberships[0]!;
    return [{ userId, name: person.name, email: person.email, grantedBy: grantExplained(decision.grantedBy, input.permission, target.catalogue, names) }];
  });
  const nextCursor = merged.nextAfter ? encodeCursor(scopeOf(db, input), { after: merged.nextAfter }) : undefined;
  return { items, ...(nextCursor ? { nextCursor } : {}), consistencyToken: target.token };
}

/**
 * The people among `userIds` whose directory deactivated them (SCIM `active: false`): their
 * memberships stay, waiting for a reactivation, and give nothing meanwhile, as a check answers.
 * One BatchGetItem of their directory records (only `active`), per 100 people.
 */
async function deactivatedAmong(db: TenantDb, userIds: string[], consistent: boolean): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const records = userIds.map((userId) => ({ userId, key: keys.directoryUser(db.tenantId, userId) }));
  const items = await batchGet(db, records.map((r) => r.key), { consistent, projection: ['active'] });
  const inactive = new Set(items.filter((i) => i.active === false).map((i) => String(i.PK)));
  return new Set(records.filter((r) => inactive.has(r.key.PK)).map((r) => r.userId));
}

function afterOf(start: Record<string, unknown> | undefined): string | undefined {
  return typeof start?.after === 'string' ? start.after : undefined;
}

/**
 * Memberships whose roles cannot give the permission anywhere, dropped by DynamoDB: the built-in
 * roles that give it (owners and admins always) and the custom roles holding it. None when every
 * member has it (`tree.read`).
 */
function holderFilter(permission: string, catalogue: RoleCatalogue): MergeOptions['filter'] {
  const below = (role: Membership['role']) => powersOf({ unitId: '', unitPath: '/a/b/', role }, permission, undefined).length > 0;
  if (below('member')) return undefined;
  const builtIn = [...TENANT_ROLES, ...(below('manager') ? ['manager' as const] : [])];
  const custom = Object.entries(catalogue.roles).filter(([, r]) => r.permissions.includes(permission)).map(([key]) => key);
  const values = Object.fromEntries([...builtIn.map((r, i) => [`:r${i}`, r]), ...custom.map((k, i) => [`:c${i}`, k])]);
  const expression = [`#role IN (${builtIn.map((_, i) => `:r${i}`).join(', ')})`, ...custom.map((_, i) => `contains(#roles, :c${i})`)].join(' OR ');
  return { expression, names: { '#role': 'role', ...(custom.length ? { '#roles': 'roles' } : {}) }, values };
}
