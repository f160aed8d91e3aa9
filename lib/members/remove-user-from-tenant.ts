// "Remove from organization": every membership of one person, their profile last.
//
// As many memberships as fit go in one transaction (4 items each, beside the profile, its up to 7
// name words, the owner counter and the decision's facts): 21. A person with more is removed in
// several transactions, each consistent on its own: both directions, the unit counters and the
// profile count always agree, and the profile (hence the tenant in their P2 list) disappears with
// the last batch. An owner membership goes in the first batch, so the last-owner refusal happens
// before anything is removed.
import 'server-only';
import { clearLinesOf } from '../reporting-lines';
import { auditEntryPut } from '../audit';
import { GUARD_ITEMS, MAX_TRANSACTION_ITEMS, transaction, withoutGuards, type AuditActor, type TenantDb } from '../db';
import { MAX_NAME_WORDS, profileWordDeletes } from '../items/name-words';
import { validateId } from '../validation';
import { getUserMemberships } from './get-user-memberships';
import { readUnit } from '../org/unit-reads';
import { unitLocked } from '../org/errors';
import { lockAgainst } from '../org/unit-lock';
import type { Membership } from './membership-items';
import { memberBusy, memberNotFound, lastOwner } from './errors';
import { ownerCountUpdate } from './owner-count';
import { profileCountChange } from '../profiles';
import { membershipDeletes, unitMemberCountDecrement } from './remove-membership';

/** Items per membership removed: both directions, the unit's count, the audit entry. */
const PER_MEMBERSHIP = 4;
/** Besides the memberships: the profile, its name words, the owner counter. */
const FIXED_ITEMS = 1 + (MAX_NAME_WORDS - 1) + 1;
const BATCH = Math.floor((MAX_TRANSACTION_ITEMS - GUARD_ITEMS - FIXED_ITEMS) / PER_MEMBERSHIP);
const MAX_CONFLICTS = 5;

export interface RemoveUserOptions {
  /**
   * Called for every membership as read for the write, before anything is written; throws to
   * refuse (an entry point's authorize). Every delete is conditioned on the version read here,
   * and a membership added meanwhile fails the profile count, so what is removed is always what
   * was allowed.
   */
  allow?: (membership: Membership) => void;
}

/** Removes the person from every unit of the tenant; returns the memberships removed. */
export async function removeUserFromTenant(db: TenantDb, actor: AuditActor, rawUserId: string, options: RemoveUserOptions = {}): Promise<Membership[]> {
  const userId = validateId(rawUserId, 'user');
  const removed: Membership[] = [];
  let conflicts = 0;

  for (;;) {
    const { user, memberships } = await getUserMemberships(db, userId);
    if (!user) {
      if (removed.length === 0) throw memberNotFound();
      return removed;
    }
    for (const m of memberships) options.allow?.(m);
    // Owners first: the last-owner condition must refuse before any other membership goes.
    const ordered = [...memberships].sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
    const batch = ordered.slice(0, BATCH);

    // A membership, unit or the profile changed underneath us (a concurrent edit; the profile
    // count also catches a membership added since our read): read again. A unit a move locked
    // refuses; so does the last owner, first of all.
    const tx = transaction(db);
    const owners = batch.filter((m) => m.role === 'owner').length;
    if (owners > 0) tx.add(ownerCountUpdate(db, -owners), () => lastOwner('remove'));
    for (const m of batch) {
      tx.add(membershipDeletes(db, m), () => 'retry')
        .add(unitMemberCountDecrement(db, m.unitId, m.userId), async () => {
          const lock = lockAgainst(db, await readUnit(db, m.unitId));
          return lock ? unitLocked(lock) : 'retry';
        })
        .add(
          auditEntryPut(db, {
            actor, action: 'membership.removeFromTenant',
            target: { type: 'membership', id: `${m.unitId}/${userId}`, label: user.email },
            unitId: m.unitId, before: { userId, email: user.email, role: m.role },
          }),
        );
    }
    tx.add(profileCountChange(db, user, batch), () => 'retry')
      // The last batch deletes the profile and its name words (T10).
      .add(profileWordDeletes(db, user, batch.length), () => 'retry');

    if ((await tx.send()) === 'written') {
      removed.push(...batch);
      if (batch.length === memberships.length) {
        // Follows from the removal already decided and written: the decision's facts (the
        // memberships just deleted) would refuse every write of it.
        await clearLinesOf(withoutGuards(db), actor, userId);
        return removed;
      }
      continue;
    }
    // Give up after a few rounds, saying what was already removed.
    if (++conflicts >= MAX_CONFLICTS) {
      throw memberBusy(user.email, removed.length);
    }
  }
}
