// Applies an import's planned writes, one chunk per request (the browser shows progress between
// chunks; no state is kept on the server between them). Every row goes through the domain
// functions — createUnit, addMembership — so conditions, locking and the audit trail hold
// exactly as for a write from the console, and each row's outcome is reported on its own.
import 'server-only';
import { log } from '../observability';
import { EMPTY_CATALOGUE, findCustomRoles, type ActorAccess, type Authorize } from '../authz';
import { batchGet, keys, type AuditActor, type PlatformDb, type TenantDb } from '../db';
import { isArborError } from '../errors';
import { addressRefused } from '../invitations/errors';
import { checkInvitationAddresses, isRefused } from '../invitations/check-addresses';
import { addMembership, findProfileByEmail } from '../members';
import { lineChangePlace, readLineChange, setManager } from '../reporting-lines';
import { readRoleCatalogue } from '../roles';
import { createUnit } from '../org';
import { ensureUser } from '../users';
import { badImportRoles } from './errors';
import type { MembershipOp, UnitOp } from './plan-types';

/** Who a `role.assign` decision names for an imported row (the person may be new: no id yet). */
const IMPORTED_PERSON = 'imported-person';

export interface ApplyResult {
  line: number;
  ok: boolean;
  message: string;
  /** The unit a units row created (later chunks refer to it as a parent). */
  unitId?: string;
}

/** Rows per request: small enough to show progress, large enough not to crawl. */
export const APPLY_CHUNK = 25;

function failure(line: number, e: unknown): ApplyResult {
  if (isArborError(e)) return { line, ok: false, message: e.message };
  log.error({ err: e, line }, 'import row failed');
  return { line, ok: false, message: 'Something went wrong on our side with this row. Preview the file again to retry what is missing.' };
}

/**
 * Creates the units of a chunk in order. `resolved` maps lines of earlier chunks to the units
 * they created, for rows whose parent was created by another row.
 */
export async function applyUnitOps(db: TenantDb, actor: AuditActor, ops: UnitOp[], resolved: Record<string, string> = {}): Promise<ApplyResult[]> {
  const created = new Map(Object.entries(resolved).map(([line, id]) => [Number(line), id]));
  const results: ApplyResult[] = [];
  for (const op of ops) {
    const parentId = op.parentId ?? (op.parentLine !== undefined ? created.get(op.parentLine) : undefined);
    if (!parentId) {
      results.push({ line: op.line, ok: false, message: `Its parent (line ${op.parentLine}) was not created, so this unit wasn't either.` });
      continue;
    }
    try {
      const unit = await createUnit(db, actor, { parentId, name: op.name });
      created.set(op.line, unit.id);
      results.push({ line: op.line, ok: true, message: `Created ${unit.name}.`, unitId: unit.id });
    } catch (e) {
      results.push(failure(op.line, e));
    }
  }
  return results;
}

export interface MembershipApplyDeps {
  /** Platform access, to give someone new to Arbor their identity (as sign-in does). */
  platform: PlatformDb;
}

/**
 * Adds the memberships of a chunk. Each row is authorized again here against the stored unit
 * (what may be granted can't come from the browser), its custom roles too (named again from the
 * catalogue, each decided as role.assign), then added: by email for people in the organization,
 * or with a new identity (ensureUser, as at sign-in) for someone new.
 */
export async function applyMembershipOps(
  db: TenantDb,
  actor: AuditActor,
  access: ActorAccess,
  authorize: Authorize,
  ops: MembershipOp[],
  deps: MembershipApplyDeps,
): Promise<ApplyResult[]> {
  const items = await batchGet(db, [...new Set(ops.map((o) => o.unitId))].map((id) => keys.unit(db.tenantId, id)), { projection: ['unitId', 'name', 'path'] });
  const units = new Map(items.map((i) => [i.unitId as string, { id: i.unitId as string, name: i.name as string, path: i.path as string }]));
  // The route attached the catalogue its decisions stand on (ctx.roleCatalogue()); read only when called without it.
  const catalogue = access.catalogue ?? (ops.some((o) => o.roles?.length) ? await readRoleCatalogue(db) : EMPTY_CATALOGUE);
  const results: ApplyResult[] = [];
  for (const op of ops) {
    if (op.lineOnly) {
      results.push(await applyLine(db, actor, authorize, op));
      continue;
    }
    try {
      const unit = units.get(op.unitId);
      if (!unit) {
        results.push({ line: op.line, ok: false, message: 'That unit no longer exists.' });
        continue;
      }
      const self = op.email === actor.email.toLowerCase() ? access.userId : undefined;
      authorize('membership.add', { unit, role: op.role, ...(self ? { userId: self } : {}) });
      const named = findCustomRoles(catalogue, op.roles ?? []);
      if (!named.roles) throw badImportRoles(named.problem);
      for (const role of named.roles) authorize('role.assign', { unit, userId: self ?? IMPORTED_PERSON, role });
      const roles = named.roles.map((r) => r.key);
      let membership;
      try {
        membership = await addMembership(db, actor, { unitId: unit.id, role: op.role, roles, email: op.email });
      } catch (e) {
        if (!(isArborError(e) && e.code === 'membership.userNotFound') || !op.name) throw e;
        // Someone new: only an address that can sign in here (the preview said so; checked again).
        const [address] = await checkInvitationAddresses(deps.platform, db.tenantId, [op.email]);
        if (isRefused(address)) throw addressRefused([address]);
        const user = await ensureUser(deps.platform, op.email, op.name);
        membership = await addMembership(db, actor, { unitId: unit.id, role: op.role, roles, userId: user.id, email: op.email, name: op.name });
      }
      const as = [membership.role, ...named.roles.map((r) => r.name)].join(' + ');
      results.push({ line: op.line, ok: true, message: `Added ${membership.name || membership.email} to ${unit.name} as ${as}.` });
    } catch (e) {
      results.push(failure(op.line, e));
    }
  }
  return results;
}

/** A row's `manager`: the line set as the console sets it (reportingLine.change, loops refused), source `import`. */
async function applyLine(db: TenantDb, actor: AuditActor, authorize: Authorize, op: MembershipOp): Promise<ApplyResult> {
  try {
    const [person, manager] = await Promise.all([findProfileByEmail(db, op.email), op.manager ? findProfileByEmail(db, op.manager) : undefined]);
    if (!person) return { line: op.line, ok: false, message: `${op.email} is not in the organization, so their manager was not set.` };
    if (!manager) return { line: op.line, ok: false, message: `The manager ${op.manager ?? ''} is not in the organization, so ${op.email}'s manager was not set.` };
    const change = await readLineChange(db, person.userId, manager.userId);
    authorize('reportingLine.change', lineChangePlace(change));
    await setManager(db, actor, change, { source: 'import' });
    return { line: op.line, ok: true, message: `Set ${person.name || person.email}'s manager to ${manager.name || manager.email}.` };
  } catch (e) {
    return failure(op.line, e);
  }
}
