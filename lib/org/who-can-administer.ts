// "Who can administer this unit, and why", read: the unit and its breadcrumb carry every
// administering membership on the path (lib/members keeps each unit's `administrators` map in
// step), so nothing is read beyond the breadcrumb's one BatchGetItem; lib/authz decides from them.
import 'server-only';
import { administratorsOf, type Administrator } from '../authz';
import type { TenantDb } from '../db';
import { getAncestors } from './get-breadcrumb';
import type { Unit } from './unit-item';

/** The people who can administer `unit` and why: owners, admins, then managers nearest the unit first. */
export async function whoCanAdminister(db: TenantDb, unit: Pick<Unit, 'id' | 'path' | 'administrators'>): Promise<Administrator[]> {
  return administratorsOf([...(await getAncestors(db, unit)), unit]);
}
