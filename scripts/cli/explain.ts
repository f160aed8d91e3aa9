// `npm run cli -- explain --tenant <id> --user <email|id> [--unit <unitId>] [--action <action|permission>]
// [--role <role>] [--from <role>] [--to <unitId>] [--subject <userId>|self] [--set <setId>] [--json]`:
// answers "why can (or can't) this person do this here?" from the stored data, with the same
// decision core the app uses (lib/authz), and lists who can administer the unit and why. Asked
// about a permission (Arbor's, or the tenant's own such as `expenses.approve`), it says whether
// the person holds it at the unit and which role gives it: built-in or custom (docs/roles.md).
// Reads with the operator's credentials (lib/tenancy operatorDb), never writes.
import {
  ACTIONS, TENANT_ACTIONS, explainAccess, explainPermission, isAction, isArborPermission,
  type Action, type ActorAccess, type ChangeSetRef, type CustomRole, type Decision, type Grant, type PermissionDecision, type PlaceOf, type RoleCatalogue, type UnitRef,
} from '../../lib/authz';
import type { TenantDb } from '../../lib/db';
import { isArborError } from '../../lib/errors';
import { findProfileByEmail, readProfile, validateRole, type Role, loadActorAccess } from '../../lib/members';
import { getBreadcrumb, getUnit, getUnitOrThrow, whoCanAdminister } from '../../lib/org';
import { readRoleCatalogue } from '../../lib/roles';
import { operatorDb } from '../../lib/tenancy';
import { currentAreas, readChangeSet, setPlace } from '../../lib/change-sets';
import { getTenantSettings } from '../../lib/tenants/settings';
import { getUser, getUserByEmail } from '../../lib/users';
import { validateId } from '../../lib/validation';
import { ULID } from '../../lib/validation/ids';
import { defineCommand, UsageError } from './kit/define-command';

const USAGE = `Usage: npm run cli -- explain --tenant <tenantId> --user <email|userId> [--unit <unitId>]
       [--action <action or permission>] [--role <role granted: member; manager for changeRole; a custom role's key for role.assign>]
       [--from <role held: member>]
       [--to <destination unitId, for unit.move>] [--subject <userId>|self: whose membership]
       [--set <change set id, for changeSet.*>] [--json]
The unit defaults to the top unit. A permission is Arbor's (members.manage, …) or the organization's
own (expenses.approve, …): the answer says which role, built-in or custom, gives it there.
Actions: ${ACTIONS.join(', ')}`;

const SOMEONE_ELSE = '(someone else)';

interface Options {
  unit: UnitRef;
  to?: UnitRef;
  role: Role;
  /** The role a role change gives (--role, default manager: the interesting change). */
  changeTo: Role;
  from: Role;
  /** The custom role `role.assign` gives (--role <its key>). */
  customRole?: CustomRole;
  subject: string;
  /** The change set (its author and the units it touches now), for the changeSet.* actions. */
  set?: ChangeSetRef & { name: string };
}

const isSetAction = (action: Action) => action.startsWith('changeSet.') && !(TENANT_ACTIONS as readonly Action[]).includes(action);

/** The place each action is asked about, from the command's options; undefined when it needs more. */
function placeFor(action: Action, o: Options): PlaceOf<Action> | undefined {
  const { unit } = o;
  if (isSetAction(action)) return o.set ? { set: o.set } : undefined;
  switch (action) {
    case 'unit.create':
      return { parent: unit };
    case 'unit.move':
      return o.to ? { unit, destination: o.to } : undefined;
    case 'membership.add':
      return { unit, role: o.role, userId: o.subject };
    case 'membership.changeRole':
      return { unit, userId: o.subject, from: o.from, to: o.changeTo };
    case 'membership.remove':
      return { unit, userId: o.subject, role: o.from };
    case 'invitation.create':
    case 'invitation.revoke':
      return { unit, role: o.role };
    case 'access.explain':
      return { unit, userId: o.subject };
    case 'role.assign':
      return o.customRole ? { unit, userId: o.subject, role: o.customRole } : undefined;
    case 'reportingLine.change':
      // The subject, in this unit only, given a manager beside them.
      return { userId: o.subject, units: [unit], managerUnits: [unit], clearing: false };
    case 'accessReview.decide':
      // Decided per review item (its reviewer), not per place: nothing to ask here.
      return undefined;
    case 'tenant.read':
      return {};
    default:
      return (TENANT_ACTIONS as readonly Action[]).includes(action) ? {} : { unit };
  }
}

function describePlace(action: Action, o: Options): string {
  if ((TENANT_ACTIONS as readonly Action[]).includes(action) || action === 'tenant.read') return 'the organization';
  if (isSetAction(action)) return o.set ? `change set ${o.set.name}` : '(needs --set <setId>)';
  if (action === 'unit.move') return o.to ? `${o.unit.name} → under ${o.to.name}` : '(needs --to <unitId>)';
  if (action === 'membership.add' || action.startsWith('invitation.')) return `${o.unit.name}, as ${o.role}`;
  if (action === 'membership.changeRole') return `${o.unit.name}, ${o.from} → ${o.changeTo}`;
  if (action === 'membership.remove') return `${o.unit.name}, a ${o.from}`;
  if (action === 'accessReview.decide') return '(per review item: its reviewer decides it)';
  if (action === 'reportingLine.change') return `${o.unit.name}, their manager chosen there`;
  if (action === 'role.assign') return o.customRole ? `${o.unit.name}, ${o.customRole.name}` : '(needs --role <custom role key>)';
  return o.unit.name ?? o.unit.id;
}

async function changeSetRef(db: TenantDb, setId: string): Promise<Options['set']> {
  if (!ULID.test(setId)) throw new UsageError(`${setId} is not a change set id.`);
  const { header } = await readChangeSet(db, setId);
  return { ...setPlace(header, await currentAreas(db, header)).set, name: header.name };
}

async function unitRef(db: TenantDb, unitId: string): Promise<UnitRef> {
  const u = await getUnitOrThrow(db, unitId);
  return { id: u.id, path: u.path, name: u.name };
}

/** The person by email or id: their global identity (P3), else their profile in this tenant. */
async function resolvePerson(db: TenantDb, who: string): Promise<{ id: string; label: string }> {
  const platform = operatorDb();
  const email = who.includes('@') ? who.trim().toLowerCase() : undefined;
  const user = email ? await getUserByEmail(platform, email) : await getUser(platform, validateId(who, 'user'));
  const profile = user ? undefined : email ? await findProfileByEmail(db, email) : await readProfile(db, validateId(who, 'user'));
  const found = user ?? (profile && { id: profile.userId, email: profile.email, name: profile.name });
  if (!found) throw new Error(`Nobody ${email ? `with the email ${email}` : `with the id ${who}`} is registered or in this organization.`);
  return { id: found.id, label: `${found.name || found.email} <${found.email}> (${found.id})` };
}

export const { description, run } = defineCommand({
  description: 'why a person can or cannot act on a unit, and who administers it (--tenant --user --unit)',
  usage: USAGE,
  options: {
    tenant: { type: 'string' }, user: { type: 'string' }, unit: { type: 'string' }, action: { type: 'string' },
    role: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, subject: { type: 'string' }, set: { type: 'string' },
    json: { type: 'boolean' },
  },
  verbs: { '': { required: ['tenant', 'user'], run: ({ values }) => explain(values) } },
});

type ExplainValues = { tenant?: string; user?: string; unit?: string; action?: string; role?: string; from?: string; to?: string; subject?: string; set?: string; json?: boolean };

async function explain(values: ExplainValues): Promise<number> {
  const db: TenantDb = { ...operatorDb(), tenantId: validateId(values.tenant!, 'tenant') };
  const tenant = await getTenantSettings(db);
  // Read for every answer: a permission's words and the custom roles held are named from it.
  const catalogue = await readRoleCatalogue(db, { fresh: true });
  const asked = values.action;
  const permission = asked && !isAction(asked) ? asked : undefined;
  if (permission && !isArborPermission(permission) && !Object.hasOwn(catalogue.permissions, permission)) {
    throw new UsageError(`Unknown action or permission ${permission}: neither one of Arbor's nor one this organization defined.`);
  }
  const person = await resolvePerson(db, values.user!);
  const unit = await unitRef(db, values.unit ?? tenant.rootUnitId);
  // --role names a built-in role, or the custom role role.assign is asked about.
  const customRole = values.role && Object.hasOwn(catalogue.roles, values.role) ? catalogue.roles[values.role] : undefined;
  const builtIn = customRole ? undefined : values.role;
  const options: Options = {
    unit,
    to: values.to ? await unitRef(db, values.to) : undefined,
    role: validateRole(builtIn ?? 'member'),
    changeTo: validateRole(builtIn ?? 'manager'),
    customRole,
    from: validateRole(values.from ?? 'member'),
    subject: values.subject === 'self' ? person.id : (values.subject ?? SOMEONE_ELSE),
    set: values.set ? await changeSetRef(db, values.set) : undefined,
  };

  let access: ActorAccess;
  let notMember: string | undefined;
  try {
    access = { ...(await loadActorAccess(db, person.id)), catalogue };
  } catch (e) {
    if (!isArborError(e) || e.code !== 'tenant.notMember') throw e;
    access = { tenantId: db.tenantId, userId: person.id, memberships: [], catalogue };
    notMember = 'holds no membership in this organization';
  }

  const actions = permission ? [] : asked ? [asked as Action] : [...ACTIONS];
  const rows: { action: string; where: string; decision: Decision | PermissionDecision | undefined }[] = actions.map((action) => {
    const place = placeFor(action, options);
    return { action, where: describePlace(action, options), decision: place ? explainAccess(access, action, place as never) : undefined };
  });
  // The organization's own permissions after Arbor's actions; or the one permission asked.
  for (const p of permission ? [permission] : asked ? [] : Object.keys(catalogue.permissions).sort()) {
    rows.push({ action: p, where: unit.name ?? unit.id, decision: explainPermission(access, p, unit) });
  }
  const administrators = await whoCanAdminister(db, unit);

  const names = new Map<string, string>();
  const unitIds = new Set([...access.memberships.map((m) => m.unitId), ...administrators.flatMap((a) => a.grants.map((g) => g.unitId))]);
  await Promise.all([...unitIds].map(async (id) => names.set(id, (await getUnit(db, id))?.name ?? `(deleted unit ${id})`)));
  const where = (g: Grant) => `on ${names.get(g.unitId) ?? g.unitId}${g.unitPath.split('/').length === 3 ? ' (whole organization)' : ''}`;
  const grantText = (g: Grant) => `${g.customRole ? customRoleText(catalogue, g.customRole) : g.role} ${where(g)}`;
  const heldText = (g: Grant) => `${[g.role, ...(g.roles ?? []).map((k) => roleName(catalogue, k))].join(' + ')} ${where(g)}`;

  if (values.json) {
    console.log(JSON.stringify({ tenant: { id: tenant.tenantId, name: tenant.name }, user: person, unit, memberships: access.memberships.map(grantOnly), decisions: rows, administrators }, null, 2));
    return 0;
  }

  const crumbs = (await getBreadcrumb(db, unit)).map((c) => c.name);
  console.log(`Organization  ${tenant.name} (${tenant.tenantId})`);
  console.log(`Person        ${person.label}`);
  console.log(`Holds         ${notMember ?? access.memberships.map(heldText).join('\n              ')}`);
  console.log(`Unit          ${[...crumbs, unit.name].join(' › ')} (${unit.id})`);
  console.log();
  const width = Math.max(...rows.map((r) => r.action.length)) + 2;
  const whereWidth = Math.min(40, Math.max(...rows.map((r) => r.where.length)) + 2);
  for (const { action, where, decision } of rows) {
    console.log(`${action.padEnd(width)}${where.padEnd(whereWidth)}${verdict(decision, grantText)}`);
  }
  console.log();
  console.log(`Who can administer ${unit.name} (manage its members and sub-units):`);
  for (const a of administrators) console.log(`  ${`${a.name || a.userId} <${a.email}>`.padEnd(44)} ${a.grants.map(grantText).join('; ')}`);
  if (administrators.length === 0) console.log('  nobody');
  return 0;
}

const roleName = (catalogue: RoleCatalogue, key: string) => catalogue.roles[key]?.name ?? `${key} (deleted role)`;
const REACH_WORDS = { subtree: 'the unit and everything below it', unit: 'the unit only', below: 'only the units below it' } as const;

/** "custom role Budget approver (budget-approver, reaching the unit and everything below it)". */
function customRoleText(catalogue: RoleCatalogue, key: string): string {
  const role = catalogue.roles[key];
  return role ? `custom role ${role.name} (${key}, reaching ${REACH_WORDS[role.reach]})` : `custom role ${key} (deleted)`;
}

function verdict(d: Decision | PermissionDecision | undefined, grantText: (g: Grant) => string): string {
  if (!d) return '–  not asked (see the place column)';
  if (!d.allowed) return `no   ${d.message}`;
  const also = 'grants' in d ? d.grants.slice(1) : [];
  return `yes  by ${grantText(d.grantedBy)}${also.length ? `; also by ${also.map(grantText).join('; ')}` : ''}`;
}

const grantOnly = (g: Grant): Grant => ({ unitId: g.unitId, unitPath: g.unitPath, role: g.role, ...(g.roles?.length ? { roles: g.roles } : {}) });
