// What a review covers, collected when it starts: one request per data set (the member tree, the
// API keys, the tenant's people by email, the directory's rules), then the units they sit on and
// the profiles they name in one BatchGetItem each. The items are what the reviewers will see:
// the access, why it exists (the explain path in words) and when it was last used.
import 'server-only';
import { BUILT_IN_ROLES, type RoleCatalogue, type UnitAdministrator } from '../authz';
import { batchGet, INDEX, keys, pathIds, queryAll, type PlatformDb, type TenantDb } from '../db';
import { listApiKeys } from '../api-keys';
import { getDirectoryConfig, type DirectoryConfig } from '../scim';
import type { TenantSettings } from '../tenants';
import { REVIEW_LIMITS } from './limits';
import { tooManyItems } from './errors';
import type { ReviewCoverage, ReviewItem } from './types';

/** An item before its reviewer is chosen: the unit whose administrators judge it, and its subject's id when a person. */
export type Candidate = Omit<ReviewItem, 'reviewId' | 'itemId' | 'reviewer' | 'version'> & {
  /** The unit the access is held on, to walk up from (absent: the owners judge it). */
  judgedFrom?: { id: string; path: string };
  subjectUserId?: string;
};

interface UnitFacts {
  id: string;
  name: string;
  path: string;
}

const ELEVATED = ['owner', 'admin', 'manager'] as const;

export async function collectCandidates(
  db: TenantDb,
  platform: PlatformDb,
  coverage: ReviewCoverage,
  context: { catalogue: RoleCatalogue; settings: TenantSettings },
): Promise<{ candidates: Candidate[]; units: Map<string, UnitFacts & { administrators?: Record<string, UnitAdministrator> }> }> {
  const { catalogue, settings } = context;
  const customRoles = coveredCustomRoles(coverage, catalogue);
  const [memberships, apiKeys, people, directory] = await Promise.all([
    coverage.roles.length || customRoles.size ? elevatedMemberships(db, coverage.roles, customRoles) : [],
    // A key's last use lives on its platform token item: the listing reads them in one BatchGetItem (≤ 50 keys).
    coverage.apiKeys ? listApiKeys({ tenant: db, platform }) : [],
    coverage.guests ? tenantPeople(db) : [],
    coverage.directoryRules ? getDirectoryConfig(db) : undefined,
  ]);
  const guests = people.filter((p) => !settings.domains.includes(domainOf(String(p.email))));
  const rules = directory ? grantingRules(directory, catalogue) : [];
  const found = memberships.length + apiKeys.length + guests.length + rules.length;
  // Refused before any further read or write: the scope is too wide to judge item by item.
  if (found > REVIEW_LIMITS.maxItems) throw tooManyItems(found);

  const unitIds = new Set<string>([settings.rootUnitId]);
  for (const m of memberships) for (const id of pathIds(String(m.unitPath))) unitIds.add(id);
  for (const k of apiKeys) unitIds.add(k.unitId);
  for (const r of rules) if (r.unitId) unitIds.add(r.unitId);
  const [unitItems, profiles] = await Promise.all([
    readUnits(db, unitIds),
    memberships.length ? batchGet(db, [...new Set(memberships.map((m) => String(m.userId)))].map((u) => keys.tenantUser(db.tenantId, u)), { projection: ['userId', 'lastSignInAt'] }) : [],
  ]);
  const units = new Map(unitItems.map((u) => [String(u.unitId), { id: String(u.unitId), name: String(u.name), path: String(u.path), administrators: u.administrators as never }]));
  const signIns = new Map(profiles.map((p) => [String(p.userId), p.lastSignInAt as string | undefined]));
  for (const p of people) signIns.set(String(p.userId), p.lastSignInAt as string | undefined);
  // A unit deleted since the tree was read is left out with what was on it.
  const unitOf = (id: string) => units.get(id);
  const rootName = unitOf(settings.rootUnitId)?.name ?? settings.name;

  const candidates: Candidate[] = [];
  for (const m of memberships) {
    const unit = unitOf(String(m.unitId));
    if (!unit) continue;
    candidates.push(roleCandidate(m, unit, unit.id === settings.rootUnitId, rootName, { roles: coverage.roles, customRoles }, catalogue, signIns.get(String(m.userId))));
  }
  for (const k of apiKeys) {
    const unit = unitOf(k.unitId);
    if (!unit) continue;
    const lastUsed = k.lastUsedAt;
    const roleNames = [BUILT_IN_ROLES[k.role].name, ...(k.roles ?? []).map((r) => catalogue.roles[r]?.name ?? r)];
    candidates.push({
      kind: 'apiKey',
      subject: { type: 'apiKey', id: k.keyId, label: k.name },
      unit: { id: unit.id, name: unit.name, path: unit.path },
      access: { role: k.role, ...(k.roles?.length ? { roles: k.roles } : {}), description: `API key, ${roleNames.join(' + ')} on ${unit.name}` },
      why: [
        `API key '${k.name}' created by ${k.createdBy.name || k.createdBy.email} on ${k.createdAt.slice(0, 10)}, role ${roleNames.join(' + ')} on ${unit.name}`,
        `${k.scope === 'check' ? 'Check API only' : 'Every operation its role allows'}; valid until ${k.validUntil.slice(0, 10)}`,
      ],
      lastActivity: lastUsed ? { kind: 'keyUse', at: lastUsed } : { kind: 'none' },
      basis: { version: k.version },
      judgedFrom: { id: unit.id, path: unit.path },
    });
  }
  for (const g of guests) {
    const email = String(g.email);
    const count = Number(g.membershipCount ?? 0);
    candidates.push({
      kind: 'guest',
      subject: { type: 'person', id: String(g.userId), label: String(g.name || email), email },
      access: { description: `Guest: member of ${count} unit${count === 1 ? '' : 's'}` },
      why: [
        `Email domain ${domainOf(email)} is not among the organization's proven domains (${settings.domains.join(', ') || 'none'})`,
        `Joined on ${String(g.joinedAt ?? '').slice(0, 10) || 'an unknown date'}; holds ${count} membership${count === 1 ? '' : 's'}`,
      ],
      lastActivity: g.lastSignInAt ? { kind: 'signIn', at: String(g.lastSignInAt) } : { kind: 'none' },
      basis: { version: Number(g.version) },
      subjectUserId: String(g.userId),
    });
  }
  for (const r of rules) {
    const unit = r.unitId ? unitOf(r.unitId) : undefined;
    const place = unit ? unit.name : r.unitId ? 'a unit that no longer exists' : 'units named by the group';
    candidates.push({
      kind: 'directoryRule',
      subject: { type: 'directoryRule', id: r.id, label: r.label },
      ...(unit ? { unit: { id: unit.id, name: unit.name, path: unit.path } } : {}),
      access: { role: r.role, ...(r.roles.length ? { roles: r.roles } : {}), description: `${r.roleNames} of ${place} for everyone in ${r.label}` },
      why: [`Directory rule: ${r.label} → ${r.roleNames} of ${place}`, `Synced from ${directory!.provider === 'other' ? 'SCIM' : directory!.provider}`],
      lastActivity: directory!.lastSyncAt ? { kind: 'sync', at: directory!.lastSyncAt } : { kind: 'none' },
      basis: { version: directory!.version },
    });
  }
  return { candidates, units };
}

/**
 * The units named and every unit above them, with their administrators: one BatchGetItem, and a
 * second for the ancestors of units whose paths only the first told (a key's or a rule's unit).
 */
async function readUnits(db: TenantDb, ids: ReadonlySet<string>) {
  const read = (unitIds: Iterable<string>) => batchGet(db, [...unitIds].map((id) => keys.unit(db.tenantId, id)), { projection: ['unitId', 'name', 'path', 'administrators'] });
  const found = await read(ids);
  const missing = new Set(found.flatMap((u) => pathIds(String(u.path))).filter((id) => !ids.has(id)));
  return missing.size ? [...found, ...(await read(missing))] : found;
}

/** The custom role keys covered: named ones, and every role giving a covered permission. */
export function coveredCustomRoles(coverage: ReviewCoverage, catalogue: RoleCatalogue): Set<string> {
  const covered = new Set(coverage.customRoles);
  for (const role of Object.values(catalogue.roles)) {
    if (role.permissions.some((p) => coverage.permissions.includes(p))) covered.add(role.key);
  }
  return covered;
}

/** The member tree (GSI1 `T#<t>#MTREE`), paged, filtered to memberships holding a covered role. */
async function elevatedMemberships(db: TenantDb, roles: readonly string[], customRoles: ReadonlySet<string>) {
  const values: Record<string, unknown> = { ':pk': keys.gsi1.memberTree(db.tenantId) };
  const parts: string[] = [];
  if (roles.length) {
    roles.forEach((r, i) => (values[`:r${i}`] = r));
    parts.push(`#role IN (${roles.map((_, i) => `:r${i}`).join(', ')})`);
  }
  if (customRoles.size) parts.push('attribute_exists(#roles)');
  const items = await queryAll(db, {
    IndexName: INDEX.gsi1,
    KeyConditionExpression: 'GSI1PK = :pk',
    FilterExpression: parts.join(' OR '),
    ExpressionAttributeNames: { ...(roles.length ? { '#role': 'role' } : {}), ...(customRoles.size ? { '#roles': 'roles' } : {}) },
    ExpressionAttributeValues: values,
  });
  // A custom role not covered does not make a membership reviewable.
  return items.filter((m) => roles.includes(String(m.role)) || ((m.roles as string[] | undefined) ?? []).some((r) => customRoles.has(r)));
}

/** The tenant's people by email (GSI2 `T#<t>#EMAILS`, paged): profiles only, not invitations. */
async function tenantPeople(db: TenantDb) {
  const items = await queryAll(db, {
    IndexName: INDEX.gsi2,
    KeyConditionExpression: 'GSI2PK = :pk',
    FilterExpression: '#type = :profile',
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':pk': keys.gsi2.emails(db.tenantId), ':profile': 'tenantUser' },
  });
  return items;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

interface GrantingRule {
  /** The group's id, or `groupNames` for the rule placing people by their groups' names. */
  id: string;
  label: string;
  unitId?: string;
  role: string;
  roles: string[];
  roleNames: string;
}

/** Directory rules giving an elevated built-in role or a covered custom role. */
function grantingRules(config: DirectoryConfig, catalogue: RoleCatalogue): GrantingRule[] {
  const out: GrantingRule[] = [];
  const named = (role: string, roles: string[]) =>
    [BUILT_IN_ROLES[role as keyof typeof BUILT_IN_ROLES]?.name ?? role, ...roles.map((r) => catalogue.roles[r]?.name ?? r)].join(' + ');
  for (const g of config.rules.groups) {
    const roles = g.roles ?? [];
    if (!(ELEVATED as readonly string[]).includes(g.role) && !roles.length) continue;
    out.push({ id: g.groupId, label: `group ${g.groupId}`, unitId: g.unitId, role: g.role, roles, roleNames: named(g.role, roles) });
  }
  const byName = config.rules.groupNames;
  if (byName && (ELEVATED as readonly string[]).includes(byName.role)) {
    out.push({ id: 'groupNames', label: 'groups named as unit paths', ...(byName.parentUnitId ? { unitId: byName.parentUnitId } : {}), role: byName.role, roles: [], roleNames: named(byName.role, []) });
  }
  return out;
}

function roleCandidate(
  m: Record<string, unknown>,
  unit: UnitFacts,
  onRoot: boolean,
  rootName: string,
  coveredBy: { roles: readonly string[]; customRoles: ReadonlySet<string> },
  catalogue: RoleCatalogue,
  lastSignInAt: string | undefined,
): Candidate {
  const { customRoles } = coveredBy;
  const role = String(m.role);
  const roleCovered = coveredBy.roles.includes(role);
  const covered = ((m.roles as string[] | undefined) ?? []).filter((r) => customRoles.has(r));
  const builtIn = BUILT_IN_ROLES[role as keyof typeof BUILT_IN_ROLES]?.name ?? role;
  const why: string[] = [];
  if (roleCovered) {
    why.push(onRoot && role !== 'manager' ? `${builtIn} on ${rootName} (tenant-wide)` : `${builtIn} of ${unit.name}, held directly${role === 'manager' ? ' (reaches everything below it)' : ''}`);
  }
  for (const key of covered) {
    const r = catalogue.roles[key];
    why.push(r ? `Custom role ${r.name} (gives ${r.permissions.join(', ') || 'no permissions'}, reaches the ${r.reach === 'unit' ? 'unit only' : r.reach === 'below' ? 'units below' : 'subtree'})` : `Custom role ${key}`);
  }
  if (m.managedBy === 'directory') why.push('Given by directory sync: its next sync may give it back unless the rule changes');
  const email = String(m.email ?? '');
  return {
    kind: 'role',
    subject: { type: 'person', id: String(m.userId), label: String(m.name || email), email },
    unit: { id: unit.id, name: unit.name, path: unit.path },
    access: {
      role,
      ...(covered.length ? { roles: covered } : {}),
      description: [roleCovered ? builtIn : '', ...covered.map((k) => catalogue.roles[k]?.name ?? k)].filter(Boolean).join(' + ') + ` on ${unit.name}`,
    },
    why,
    lastActivity: lastSignInAt ? { kind: 'signIn', at: lastSignInAt } : { kind: 'none' },
    basis: { version: Number(m.version) },
    judgedFrom: { id: unit.id, path: unit.path },
    subjectUserId: String(m.userId),
  };
}
