// Every built-in decision of an organization, as canonical lines: person × action (each variant:
// every role, every role change, about someone else and about oneself) × unit, and moves over
// pairs of units. Used to prove that custom roles change nothing for tenants that hold none.
import { createHash } from 'node:crypto';
import { decisionFacts, explainAccess, ROLES, type Action, type ActorAccess, type PlaceOf } from '../../../lib/authz';
import type { Organization, OrgUnit } from './organizations';

type Variant = [label: string, action: Action, place: PlaceOf<Action>];

const TENANT_VARIANTS: Variant[] = [
  ['audit.read tenant', 'audit.read', {}],
  ...(['tenant.settings.read', 'tenant.settings.update', 'sso.manage', 'integrations.manage', 'members.list', 'tenant.export', 'tenant.import', 'tenant.read', 'person.erase', 'tenant.delete', 'changeSet.draft', 'roles.manage'] as const).map(
    (a): Variant => [a, a, {} as PlaceOf<Action>],
  ),
];

const SET_ACTIONS = ['changeSet.read', 'changeSet.change', 'changeSet.update', 'changeSet.delete', 'changeSet.review', 'changeSet.apply', 'changeSet.revert'] as const;

function unitVariants(unit: OrgUnit, me: string): Variant[] {
  const out: Variant[] = [
    ['tree.read', 'tree.read', { unit }],
    ['members.read', 'members.read', { unit }],
    ['unit.create', 'unit.create', { parent: unit }],
    ['unit.rename', 'unit.rename', { unit }],
    ['unit.delete', 'unit.delete', { unit }],
    ['audit.read unit', 'audit.read', { unit }],
  ];
  for (const [who, userId] of [['other', 'someone-else'], ['self', me]] as const) {
    out.push([`access.explain ${who}`, 'access.explain', { unit, userId }]);
    for (const set of SET_ACTIONS) out.push([`${set} ${who}`, set, { set: { id: 'S', authorId: userId, areas: [unit] } }]);
    for (const role of ROLES) {
      out.push([`membership.add ${role} ${who}`, 'membership.add', { unit, role, userId }]);
      out.push([`membership.remove ${role} ${who}`, 'membership.remove', { unit, role, userId }]);
      for (const to of ROLES) out.push([`membership.changeRole ${role}>${to} ${who}`, 'membership.changeRole', { unit, userId, from: role, to }]);
    }
  }
  for (const role of ROLES) {
    out.push([`invitation.create ${role}`, 'invitation.create', { unit, role }]);
    out.push([`invitation.revoke ${role}`, 'invitation.revoke', { unit, role }]);
  }
  return out;
}

/** The decision as a caller sees it: what is allowed, by which membership, or what is missing, and what a write is conditioned on. */
function canonical(access: ActorAccess, action: Action, place: PlaceOf<Action>): string {
  const d = explainAccess(access, action, place);
  if (!d.allowed) return JSON.stringify([false, d.code, d.reason, d.message]);
  const strip = (g: { unitId: string; unitPath: string; role: string }) => [g.unitId, g.unitPath, g.role];
  // roles.manage is conditioned on the catalogue by design; its answer must not change.
  const facts = action === 'roles.manage' ? [] : decisionFacts(access, d, place);
  return JSON.stringify([true, strip(d.grantedBy), d.grants.map(strip), facts]);
}

export interface CorpusOptions {
  /** Which people decide (all by default). */
  people?: (index: number) => boolean;
  /** The units each person is asked about (every unit by default). */
  unitsFor?: (person: Organization['people'][number]) => OrgUnit[];
}

/** SHA-256 over every decision's line, and how many decisions it covers. */
export function decisionDigest(orgs: Organization[], options: CorpusOptions = {}): { digest: string; decisions: number } {
  const hash = createHash('sha256');
  let decisions = 0;
  const line = (text: string) => {
    hash.update(text);
    hash.update('\n');
    decisions++;
  };
  for (const org of orgs) {
    org.people.forEach((person, index) => {
      if (options.people && !options.people(index)) return;
      const access: ActorAccess = { tenantId: 'T', userId: person.userId, memberships: person.memberships };
      for (const [label, action, place] of TENANT_VARIANTS) line(`${org.label}|${person.userId}|${label}|${canonical(access, action, place)}`);
      const units = options.unitsFor?.(person) ?? org.units;
      for (const unit of units) {
        for (const [label, action, place] of unitVariants(unit, person.userId)) {
          line(`${org.label}|${person.userId}|${unit.id}|${label}|${canonical(access, action, place)}`);
        }
        for (const destination of units) {
          line(`${org.label}|${person.userId}|${unit.id}>${destination.id}|unit.move|${canonical(access, 'unit.move', { unit, destination })}`);
        }
      }
    });
  }
  return { digest: hash.digest('hex'), decisions };
}
