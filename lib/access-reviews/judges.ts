// Who can judge an item: the people who administer its unit (its managers and those above it, the
// owners and admins), or for tenant-wide items the owners and admins. The delegate decision and the
// picker's list read it the same way, so the list offers exactly who a hand-over accepts.
import 'server-only';
import { administratorsOf, type Administrator } from '../authz';
import { getItem, keys, type TenantDb } from '../db';
import { getAncestors } from '../org';
import type { ReviewItem, ReviewPerson } from './types';

/** At most this many people are offered at once; an exact email finds anyone eligible beyond them. */
export const ELIGIBLE_REVIEWERS_SHOWN = 50;

/** Everyone who can judge the item, strongest first then by name: one unit read and its ancestors (or the root alone). */
export async function judgesOf(db: TenantDb, item: ReviewItem): Promise<Administrator[]> {
  const unit = item.unit;
  if (unit) {
    const [above, own] = await Promise.all([getAncestors(db, { id: unit.id, path: unit.path }), unitWithAdministrators(db, unit.id)]);
    return administratorsOf([...above, own].filter((u) => u !== undefined).map((u) => ({ id: u.id, path: u.path, administrators: u.administrators })));
  }
  const settings = await getItem(db, keys.tenantSettings(db.tenantId));
  const root = await unitWithAdministrators(db, String(settings?.rootUnitId ?? ''));
  return root ? administratorsOf([root]) : [];
}

async function unitWithAdministrators(db: TenantDb, unitId: string) {
  const u = unitId ? await getItem(db, keys.unit(db.tenantId, unitId)) : undefined;
  return u ? { id: String(u.unitId), path: String(u.path), administrators: (u.administrators ?? {}) as never } : undefined;
}

/**
 * The people an item may be handed to by `byUserId`: those who can judge it, never its subject,
 * its current reviewer or the one handing it on. `email` (exact, any case) narrows to one person.
 */
export async function eligibleReviewers(db: TenantDb, item: ReviewItem, byUserId: string, email?: string): Promise<{ people: ReviewPerson[]; more: boolean }> {
  const subjectId = item.subject.type === 'person' ? item.subject.id : undefined;
  const wanted = email?.trim().toLowerCase();
  const all = (await judgesOf(db, item)).filter(
    (a) => a.userId !== subjectId && a.userId !== item.reviewer?.userId && a.userId !== byUserId && (!wanted || a.email.toLowerCase() === wanted),
  );
  const people = all.slice(0, ELIGIBLE_REVIEWERS_SHOWN).map((a) => ({ userId: a.userId, email: a.email, ...(a.name ? { name: a.name } : {}) }));
  return { people, more: all.length > people.length };
}
