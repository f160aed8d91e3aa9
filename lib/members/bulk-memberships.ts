// Bulk changes from the people list: one request names the people; each person's change is
// read, authorized and written exactly as the single-row routes do it (its own optimistic-locked
// transaction, conditioned on the version read here), and answered per person, like the CSV
// import's apply. A refusal (not allowed, last owner, changed meanwhile) stops only that row.
import 'server-only';
import { isArborError } from '../errors';
import type { AuditActor, TenantDb } from '../db';
import { changeRole } from './change-role';
import { membershipNotFound } from './errors';
import { readUnitMember } from './member-reads';
import type { Membership, Role } from './membership-items';
import { removeMembership } from './remove-membership';
import { removeUserFromTenant } from './remove-user-from-tenant';

export const BULK_MAX = 100;

export type BulkChange =
  | { action: 'changeRole'; unit: { id: string; path: string; name?: string }; role: Role }
  | { action: 'remove'; unit: { id: string; path: string; name?: string } }
  | { action: 'removeFromOrganization' };

export type BulkOutcome = { userId: string; ok: true } | { userId: string; ok: false; code: string; message: string };

/** Decides one membership change from what was read; throws the refusal (ctx.authorize). */
export interface BulkAuthorizer {
  changeRole(m: Membership, to: Role): void;
  remove(m: Membership): void;
}

export async function applyBulkChange(db: TenantDb, actor: AuditActor, change: BulkChange, userIds: string[], allow: BulkAuthorizer): Promise<BulkOutcome[]> {
  const outcomes: BulkOutcome[] = [];
  // One person at a time: the last-owner guard and the counters see each change in turn.
  for (const userId of [...new Set(userIds)]) {
    try {
      if (change.action === 'removeFromOrganization') {
        await removeUserFromTenant(db, actor, userId, { allow: (m) => allow.remove(m) });
      } else {
        const current = await readUnitMember(db, change.unit.id, userId);
        if (!current) throw membershipNotFound();
        if (change.action === 'changeRole') {
          allow.changeRole(current, change.role);
          await changeRole(db, actor, { unitId: change.unit.id, userId, role: change.role, expectedVersion: current.version });
        } else {
          allow.remove(current);
          await removeMembership(db, actor, { unitId: change.unit.id, userId, expectedVersion: current.version });
        }
      }
      outcomes.push({ userId, ok: true });
    } catch (e) {
      if (!isArborError(e)) throw e;
      outcomes.push({ userId, ok: false, code: e.code, message: e.message });
    }
  }
  return outcomes;
}
