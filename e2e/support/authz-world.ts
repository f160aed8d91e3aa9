// The authorization matrix's tenant, built through the real domain code with the operator's
// credentials: a tree Root > Zone A > Zone A1 > Zone A1a, Root > Zone B > Zone B1; the actors
// (two owners, an admin, the manager and a member of Zone A, a leaver) known to the local IdP;
// and, for every place, standing targets the refused requests aim at: people holding each role
// there, pending invitations of each role, finished tree jobs, leaves to move. A second tenant
// supplies foreign ids for the cross-tenant cells. Zone A's subtree can be rebuilt after a
// spec deletes it (ids change; everything reads them from the world).
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { TenantDb } from '../../lib/db';
import { createInvitation, getInvitation, revokeInvitation } from '../../lib/invitations';
import { addMembership, changeRole, removeMembership, type Role } from '../../lib/members';
import { readUnitMember } from '../../lib/members/member-reads';
import { createUnit, getUnitOrThrow, type Unit } from '../../lib/org';
import { startTreeJob } from '../../lib/org/jobs/run-tree-job';
import { setConnection } from '../../lib/domains';
import { operatorDb, platformDb, tenantDb } from '../../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../../lib/tenants';
import { ensureUser } from '../../lib/users';
import { registerOidcClient, registerOidcUser } from '../../scripts/local-stack/oidc';

/** Where a target lies, seen from the manager's and the member's unit (Zone A). */
export type UnitPlace = 'inside' | 'self' | 'outside' | 'above';
export type Place = UnitPlace | 'tenant';
export const UNIT_PLACES: UnitPlace[] = ['inside', 'self', 'outside', 'above'];

export interface Person {
  email: string;
  name: string;
  userId: string;
}

export interface UnitInfo {
  id: string;
  path: string;
  name: string;
}

/** Roles a person can hold at a place: manager and member anywhere, admin and owner on the top unit. */
export const ROLES_AT: Record<UnitPlace, Role[]> = {
  inside: ['member', 'manager'],
  self: ['member', 'manager'],
  outside: ['member', 'manager'],
  above: ['member', 'manager', 'admin', 'owner'],
};

export interface World {
  tenantId: string;
  domain: string;
  password: string;
  units: { R: UnitInfo; A: UnitInfo; A1: UnitInfo; A1a: UnitInfo; B: UnitInfo; B1: UnitInfo };
  /** The actors who sign in (leaver: signs in as a member of Zone B1, then is removed). */
  actors: Record<'owner' | 'owner2' | 'admin' | 'manager' | 'member' | 'leaver', Person>;
  /** Standing memberships: targets[role][place] holds `role` at that place's unit. */
  targets: Partial<Record<Role, Partial<Record<UnitPlace, Person>>>>;
  /** Standing pending invitations: invitations[role][place] is an invitation id. */
  invitations: Partial<Record<Role, Partial<Record<UnitPlace, string>>>>;
  /** Finished move jobs whose unit was taken from the place's unit. */
  jobs: Record<UnitPlace, string>;
  /** Units to move: one strictly inside Zone A (under A1), one outside (under Zone B). */
  leaves: { inside: UnitInfo; outside: UnitInfo };
  /** In the tenant (member of Zone B1) and free everywhere else: added, changed and removed by cells. */
  pool: Person;
  /** Another tenant whose ids the cross-tenant cells send. */
  other: { tenantId: string; units: UnitInfo[]; person: Person; invitationId: string; jobId: string };
}

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the e2e suite through \`npm test\``);
  return v;
};

const info = (u: Unit): UnitInfo => ({ id: u.id, path: u.path, name: u.name });

export const unitAt = (w: World, place: UnitPlace): UnitInfo => ({ inside: w.units.A1, self: w.units.A, outside: w.units.B, above: w.units.R })[place];

export class WorldBuilder {
  private constructor(
    readonly db: TenantDb,
    readonly run: string,
    readonly w: World,
  ) {}

  static async create(): Promise<WorldBuilder> {
    const issuer = need('ARBOR_LOCAL_OIDC_ISSUER');
    const adminToken = need('ARBOR_LOCAL_OIDC_ADMIN_TOKEN');
    const run = ulid().toLowerCase().slice(-8);
    const domain = `authz-${run}.test`;
    const password = `e2e-${randomBytes(6).toString('hex')}`;
    const ownerIn = { email: `olga@${domain}`, name: 'Olga Owner' };
    const created = await createTenant(operatorDb(), { name: `Matrix ${run}`, domain, owner: ownerIn });
    const client = { clientId: `e2e-authz-${run}`, clientSecret: randomBytes(18).toString('base64url') };
    await registerOidcClient(issuer, adminToken, client);
    await setConnection(operatorDb(), created.tenantId, { issuer, ...client, domains: [domain], jit: false });
    const db = await tenantDb(created.tenantId);
    const root = info(await getUnitOrThrow(db, created.rootUnitId));

    const w = { tenantId: created.tenantId, domain, password, targets: {}, invitations: {} } as World;
    const b = new WorldBuilder(db, run, w);
    const B = await b.unit(root, 'Zone B');
    w.units = { R: root, B, B1: await b.unit(B, 'Zone B1') } as World['units'];
    w.leaves = { outside: await b.unit(B, 'Zone B leaf') } as World['leaves'];
    w.jobs = {} as World['jobs'];

    const owner = { ...ownerIn, userId: created.ownerUserId };
    w.actors = {
      owner,
      owner2: await b.person('otto', 'Otto Owner', root, 'owner'),
      admin: await b.person('ada', 'Ada Admin', root, 'admin'),
      leaver: await b.person('lee', 'Lee Leaver', w.units.B1, 'member'),
    } as World['actors'];
    w.pool = await b.person('pat', 'Pat Pool', w.units.B1, 'member');
    for (const p of [owner, w.actors.owner2, w.actors.admin, w.actors.leaver]) {
      await registerOidcUser(issuer, adminToken, { email: p.email, name: p.name, password, emailVerified: true });
    }
    await b.buildZoneA();
    for (const p of [w.actors.manager, w.actors.member]) {
      await registerOidcUser(issuer, adminToken, { email: p.email, name: p.name, password, emailVerified: true });
    }
    // Standing targets outside Zone A and on the top unit (Zone A's own are built with it).
    for (const place of ['outside', 'above'] as UnitPlace[]) await b.standingTargets(place);
    w.jobs.outside = await b.finishedJob(w.units.B, w.units.B1, 'Zone B moved');
    w.jobs.above = await b.finishedJob(root, w.units.B1, 'Zone R moved');
    w.other = await otherTenant(run);
    return b;
  }

  async unit(parent: UnitInfo, name: string): Promise<UnitInfo> {
    return info(await createUnit(this.db, OPERATOR_ACTOR, { parentId: parent.id, name }));
  }

  async person(local: string, name: string, unit: UnitInfo, role: Role): Promise<Person> {
    const email = `${local}@${this.w.domain}`;
    const user = await ensureUser(platformDb(), email, name);
    await addMembership(this.db, OPERATOR_ACTOR, { unitId: unit.id, role, userId: user.id, email, name });
    return { email, name, userId: user.id };
  }

  /** A unit taken from `from` to `to` by a real tree job, run to its end; the job's id. */
  async finishedJob(from: UnitInfo, to: UnitInfo, name: string): Promise<string> {
    const leaf = await getUnitOrThrow(this.db, (await this.unit(from, name)).id);
    const target = await getUnitOrThrow(this.db, to.id);
    return startTreeJob(this.db, { kind: 'move', actor: OPERATOR_ACTOR, root: leaf, expectedVersion: leaf.version, toParent: target });
  }

  private async standingTargets(place: UnitPlace) {
    const unit = unitAt(this.w, place);
    for (const role of ROLES_AT[place]) {
      (this.w.targets[role] ??= {})[place] = await this.person(`${role}-${place}-${ulid().slice(-4).toLowerCase()}`, `Tess ${role} ${place}`, unit, role);
      const invitation = await createInvitation(this.db, OPERATOR_ACTOR, { email: `invited-${role}-${place}@${this.w.domain}`, unitId: unit.id, role });
      (this.w.invitations[role] ??= {})[place] = invitation.id;
    }
  }

  /**
   * Zone A > Zone A1 > Zone A1a with everything that hangs off it: the manager and member
   * actors, standing targets inside and at Zone A, a leaf to move, jobs. Called again after a
   * cell deletes Zone A (the actors keep their user ids, so their sessions stay valid).
   */
  async buildZoneA() {
    const w = this.w;
    const A = await this.unit(w.units.R, 'Zone A');
    const A1 = await this.unit(A, 'Zone A1');
    w.units = { ...w.units, A, A1, A1a: await this.unit(A1, 'Zone A1a') };
    w.leaves.inside = await this.unit(A1, 'Zone A1 leaf');
    w.actors.manager = await this.person('max', 'Max Manager', A, 'manager');
    w.actors.member = await this.person('mel', 'Mel Member', A, 'member');
    for (const place of ['inside', 'self'] as UnitPlace[]) await this.standingTargets(place);
    w.jobs.inside = await this.finishedJob(A1, w.units.A1a, 'Zone A1 moved');
    w.jobs.self = await this.finishedJob(A, A1, 'Zone A moved');
  }

  /** Makes `person` hold exactly `role` (or nothing) at the unit, whatever they hold now. */
  async ensureRole(unitId: string, person: Person, role: Role | null) {
    const current = await readUnitMember(this.db, unitId, person.userId);
    if (current && role === null) await removeMembership(this.db, OPERATOR_ACTOR, { unitId, userId: person.userId, expectedVersion: current.version });
    else if (current && current.role !== role) await changeRole(this.db, OPERATOR_ACTOR, { unitId, userId: person.userId, role: role!, expectedVersion: current.version });
    // With email and name: they may have left the tenant altogether (their profile is gone).
    else if (!current && role) await addMembership(this.db, OPERATOR_ACTOR, { unitId, userId: person.userId, role, email: person.email, name: person.name });
  }

  async membershipVersion(unitId: string, userId: string): Promise<number> {
    const m = await readUnitMember(this.db, unitId, userId);
    if (!m) throw new Error(`${userId} holds nothing at ${unitId}`);
    return m.version;
  }

  async invitation(unitId: string, role: Role): Promise<string> {
    return (await createInvitation(this.db, OPERATOR_ACTOR, { email: `fresh-${ulid().toLowerCase()}@${this.w.domain}`, unitId, role })).id;
  }

  async dropInvitation(invitationId: string) {
    const invitation = await getInvitation(this.db, invitationId);
    if (invitation) await revokeInvitation(this.db, OPERATOR_ACTOR, { invitationId });
  }
}

async function otherTenant(run: string): Promise<World['other']> {
  const domain = `authz-other-${run}.test`;
  const created = await createTenant(operatorDb(), { name: `Other ${run}`, domain, owner: { email: `owner@${domain}`, name: 'Other Owner' } });
  const db = await tenantDb(created.tenantId);
  const root = info(await getUnitOrThrow(db, created.rootUnitId));
  const yonder = info(await createUnit(db, OPERATOR_ACTOR, { parentId: root.id, name: 'Yonder' }));
  const sub = info(await createUnit(db, OPERATOR_ACTOR, { parentId: yonder.id, name: 'Yonder Sub' }));
  const email = `yuri@${domain}`;
  const user = await ensureUser(platformDb(), email, 'Yuri Yonder');
  await addMembership(db, OPERATOR_ACTOR, { unitId: yonder.id, role: 'manager', userId: user.id, email, name: 'Yuri Yonder' });
  const invitation = await createInvitation(db, OPERATOR_ACTOR, { email: `guest@${domain}`, unitId: yonder.id, role: 'member' });
  const leaf = await getUnitOrThrow(db, (await createUnit(db, OPERATOR_ACTOR, { parentId: yonder.id, name: 'Yonder leaf' })).id);
  const jobId = await startTreeJob(db, { kind: 'move', actor: OPERATOR_ACTOR, root: leaf, expectedVersion: leaf.version, toParent: await getUnitOrThrow(db, sub.id) });
  return { tenantId: created.tenantId, units: [root, yonder, sub], person: { email, name: 'Yuri Yonder', userId: user.id }, invitationId: invitation.id, jobId };
}
