// "Remove from organization": every membership of one person, their profile last. Server-only.
//
// Up to 21 memberships go in one transaction (4 items each, plus the profile, its up to 7 name
// words, the owner counter and room for the decision's facts, GUARD_ITEMS: at most 97 of the 100
// items a transaction allows). A person with more is removed in
// several transactions, each consistent on its own: both directions, the unit counters and the
// profile count always agree, and the profile (hence the tenant in their P2 list) disappears with
// the last batch. An owner membership goes in the first batch, so the last-owner refusal happens
// before anything is removed.
import { auditEntryPut } from '../audit';
import { transactWrite, type Actor, type TenantDb, type TransactItem } from '../db';
import { profileWordDeletes } from '../search/name-words';
import { validateId } from '../validation';
import { getUserMemberships } from './get-user-memberships';
import { readUnit } from '../org/unit-reads';
import { assertUnlocked } from './member-reads';
import type { Membership } from './membership-items';
import { memberBusy, memberNotFound, lastOwner } from './errors';
import { ownerCountUpdate } from './owner-count';
import { membershipDeletes, profileCountChange, unitMemberCountDecrement } from './remove-membership';

const BATCH = 21;
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
export async function removeUserFromTenant(db: TenantDb, actor: Actor, rawUserId: string, options: RemoveUserOptions = {}): Promise<Membership[]> {
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

    const items: TransactItem[] = [];
    const unitAt = new Map<number, string>();
    let settingsIndex = -1;
    for (const m of batch) {
      items.push(...membershipDeletes(db, m));
      unitAt.set(items.length, m.unitId);
      items.push(unitMemberCountDecrement(db, m.unitId, m.userId));
      items.push(
        auditEntryPut(db, {
          actor, action: 'membership.removeFromTenant',
          target: { type: 'membership', id: `${m.unitId}/${userId}`, label: user.email },
          unitId: m.unitId, before: { userId, email: user.email, role: m.role },
        }),
      );
    }
    // The profile count condition also catches a membership added since our read.
    items.push(profileCountChange(db, user, batch));
    const owners = batch.filter((m) => m.role === 'owner').length;
    if (owners > 0) {
      settingsIndex = items.length;
      items.push(ownerCountUpdate(db, -owners));
    }
    // The last batch deletes the profile and its name words (T10).
    items.push(...profileWordDeletes(db, user, batch.length));

    const failed = (await transactWrite(db, items))?.map((f) => f.index);
    if (!failed) {
      removed.push(...batch);
      if (batch.length === memberships.length) return removed;
      continue;
    }
    if (failed.includes(settingsIndex)) throw lastOwner('remove');
    for (const i of failed) {
      const unit = unitAt.has(i) ? await readUnit(db, unitAt.get(i)!) : undefined;
      if (unit) assertUnlocked(unit);
    }
    // A membership, unit or the profile changed underneath us (a concurrent edit, or a move
    // locking a unit): read again; give up after a few rounds with what was already removed.
    if (++conflicts >= MAX_CONFLICTS) {
      throw memberBusy(user.email, removed.length);
    }
  }
}
