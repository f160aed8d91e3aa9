// The rule table of docs/authorization.md ("The rules"), written out for the HTTP matrix:
// who may do each action at each place. Literal on purpose: the spec also checks that
// lib/authz's can() agrees with every cell, so a rule change has to be made in the code, this
// table and the docs together, deliberately.
//
// Who: O = owner, a = admin (both hold their role on the top unit), M = manager of Zone A,
// m = member of Zone A. Places, seen from Zone A: inside = a unit strictly below Zone A,
// self = Zone A itself, outside = a unit not in Zone A's subtree, above = the top unit (an
// ancestor of Zone A), tenant = the organization as a whole. A place left out of a row does
// not exist for it (admins and owners are held on the top unit only).
import { can, type Action, type ActorAccess, type PlaceOf, type UnitRef } from '../../lib/authz';
import type { Role } from '../../lib/members';
import { UNIT_PLACES, type Place, type UnitPlace } from './authz-world';

export type Who = 'owner' | 'admin' | 'manager' | 'member';
export const WHO: Who[] = ['owner', 'admin', 'manager', 'member'];
const LETTER: Record<Who, string> = { owner: 'O', admin: 'a', manager: 'M', member: 'm' };

type Row = Partial<Record<Place, string>>;

const readable: Row = { inside: 'OaMm', self: 'OaMm', outside: 'Oa', above: 'Oa' };
const managesAt: Row = { inside: 'OaM', self: 'OaM', outside: 'Oa', above: 'Oa' };
const managesInside: Row = { inside: 'OaM', self: 'Oa', outside: 'Oa', above: 'Oa' };
const tenantAdmins: Row = { above: 'Oa' };
const ownersOnly: Row = { above: 'O' };
const tenantWide: Row = { tenant: 'Oa' };

/** Membership rows by the role granted, held or taken away. */
const BY_ROLE: Record<Role, Row> = { member: managesAt, manager: managesInside, admin: tenantAdmins, owner: ownersOnly };
const byRole = (action: string) =>
  Object.fromEntries((['member', 'manager', 'admin', 'owner'] as Role[]).map((r) => [`${action} ${r}`, BY_ROLE[r]])) as Record<string, Row>;

export const TABLE: Record<string, Row> = {
  'tenant.read': { tenant: 'OaMm' },
  'tree.read': readable,
  'members.read': readable,
  'unit.create': managesAt,
  'unit.rename': managesInside,
  'unit.delete': managesInside,
  ...byRole('membership.add'),
  ...byRole('membership.remove'),
  ...byRole('invitation.create'),
  ...byRole('invitation.revoke'),
  // A role change needs the right to the old role and to the new one.
  'membership.changeRole member→manager': managesInside,
  'membership.changeRole manager→member': managesInside,
  'membership.changeRole member→admin': tenantAdmins,
  'membership.changeRole admin→member': tenantAdmins,
  'membership.changeRole admin→owner': ownersOnly,
  'membership.changeRole owner→admin': ownersOnly,
  'audit.read': { ...managesAt, tenant: 'Oa' },
  'tenant.settings.read': tenantWide,
  'tenant.settings.update': tenantWide,
  'sso.manage': tenantWide,
  'members.list': tenantWide,
  'tenant.export': tenantWide,
  'tenant.import': tenantWide,
  'person.erase': { tenant: 'O' },
};

/** unit.move by the moved unit's place (rows) and the new parent's place (columns). */
export const MOVE_TABLE: Record<UnitPlace, Record<UnitPlace, string>> = {
  inside: { inside: 'OaM', self: 'OaM', outside: 'Oa', above: 'Oa' },
  self: { inside: 'Oa', self: 'Oa', outside: 'Oa', above: 'Oa' },
  outside: { inside: 'Oa', self: 'Oa', outside: 'Oa', above: 'Oa' },
  above: { inside: 'Oa', self: 'Oa', outside: 'Oa', above: 'Oa' },
};

export type RuleKey = keyof typeof TABLE;

export function allowed(rule: string, who: Who, place: Place, destination?: UnitPlace): boolean {
  if (rule === 'unit.move') return MOVE_TABLE[place as UnitPlace][destination!].includes(LETTER[who]);
  const row = TABLE[rule];
  if (!row) throw new Error(`no row ${rule} in the table`);
  const cell = row[place];
  if (cell === undefined) throw new Error(`${rule} has no place ${place}`);
  return cell.includes(LETTER[who]);
}

/** The places a row has. */
export const placesOf = (rule: string): Place[] => (rule === 'unit.move' ? ['inside', 'self', 'outside', 'above'] : (Object.keys(TABLE[rule]) as Place[]));

/** Every cell where lib/authz's can() disagrees with the table (actors on a tree of paths only). */
export function disagreementsWithCan(): string[] {
  const unit = (path: string): UnitRef => ({ id: path.split('/').filter(Boolean).at(-1)!, path });
  const [R, A, A1, A1a, B, B1, leafIn, leafOut] = ['/R/', '/R/A/', '/R/A/A1/', '/R/A/A1/A1a/', '/R/B/', '/R/B/B1/', '/R/A/A1/L/', '/R/B/L/'].map(unit);
  const of = (u: UnitRef, role: Role) => [{ unitId: u.id, unitPath: u.path, role }];
  const access: Record<Who, ActorAccess> = {
    owner: { tenantId: 'T', userId: 'o', memberships: of(R, 'owner') },
    admin: { tenantId: 'T', userId: 'a', memberships: of(R, 'admin') },
    manager: { tenantId: 'T', userId: 'm', memberships: of(A, 'manager') },
    member: { tenantId: 'T', userId: 'e', memberships: of(A, 'member') },
  };
  const at: Record<UnitPlace, UnitRef> = { inside: A1, self: A, outside: B, above: R };
  const source: Record<UnitPlace, UnitRef> = { inside: leafIn, self: A, outside: leafOut, above: R };
  const destination: Record<UnitPlace, UnitRef> = { inside: A1a, self: A, outside: B1, above: R };
  const placeFor = (rule: string, p: Place): [Action, unknown] => {
    const [action, variant] = rule.split(' ') as [Action, string | undefined];
    const unit = at[p as UnitPlace];
    if (p === 'tenant') return [action, {}];
    if (action === 'unit.create') return [action, { parent: unit }];
    if (action === 'membership.changeRole') {
      const [from, to] = variant!.split('→');
      return [action, { unit, userId: 'someone', from, to }];
    }
    if (variant) return [action, { unit, role: variant, userId: 'someone' }];
    return [action, { unit }];
  };
  const wrong: string[] = [];
  for (const who of WHO) {
    for (const rule of Object.keys(TABLE)) {
      for (const p of placesOf(rule)) {
        const [action, place] = placeFor(rule, p);
        if (can(access[who], action, place as PlaceOf<Action>) !== allowed(rule, who, p)) wrong.push(`${who} ${rule} @ ${p}`);
      }
    }
    for (const s of UNIT_PLACES) {
      for (const d of UNIT_PLACES) {
        if (can(access[who], 'unit.move', { unit: source[s], destination: destination[d] }) !== MOVE_TABLE[s][d].includes(LETTER[who])) {
          wrong.push(`${who} unit.move ${s}→${d}`);
        }
      }
    }
  }
  return wrong;
}
