// Every JSON route of app/api/v1 that asks lib/authz, as the HTTP matrix drives it: the method,
// path and body the browser sends, the row of the rule table the route authorizes, the places
// it is tried at, the request aimed at standing targets (refused cells, reads, answers decided
// by a data rule) and, for allowed writes, a fresh target, the effect to see and the clean-up.
// Routes whose answer is filtered rather than refused (search, pickers, tree, member page) are
// checked by the spec itself.
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { getInvitation } from '../../lib/invitations';
import { getUserMemberships, type Role } from '../../lib/members';
import { readUnitMember } from '../../lib/members/member-reads';
import { deleteUnit, getUnit, getUnitOrThrow, moveUnit, renameUnit } from '../../lib/org';
import { getConnection } from '../../lib/sso';
import { platformDb } from '../../lib/tenancy';
import { getTenantSettings, OPERATOR_ACTOR } from '../../lib/tenants';
import { ROLES_AT, UNIT_PLACES, unitAt, type Place, type UnitInfo, type UnitPlace, type World, type WorldBuilder } from './authz-world';

export interface Req {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  url: string;
  data?: unknown;
}

export interface Res {
  status: number;
  body: unknown;
  text: string;
}

export interface Target {
  place: Place;
  /** unit.move: where the new parent lies. */
  destination?: UnitPlace;
}

export interface Fresh {
  req: Req;
  check(res: Res): Promise<void>;
  cleanup?(): Promise<void>;
}

export interface Case {
  /** As in the route's header comment: `PATCH /api/v1/units/[unitId]`. */
  route: string;
  variant?: string;
  /** The row of the rule table (authz-table.ts) the route authorizes. */
  rule: string;
  kind: 'read' | 'write';
  targets: Target[];
  standing(b: WorldBuilder, t: Target): Promise<Req>;
  /** When the table allows the role, a data rule answers instead (and nothing changes). */
  dataOutcome?(t: Target): { status: number; code?: string } | undefined;
  /** Allowed reads: what the body must show. */
  shows?(body: any, w: World, t: Target): void;
  /** Allowed reads: what the body may show although it lies outside the reader's view. */
  mayShow?(w: World): string[];
  /** Allowed writes. */
  fresh?(b: WorldBuilder, t: Target): Promise<Fresh>;
}

const at = (places: Place[]): Target[] => places.map((place) => ({ place }));
const unitPlaces = at(UNIT_PLACES);
const tenant = at(['tenant']);
const moves: Target[] = UNIT_PLACES.flatMap((place) => UNIT_PLACES.map((destination) => ({ place, destination })));
const u = (b: WorldBuilder, t: Target) => unitAt(b.w, t.place as UnitPlace);
const fresh = (b: WorldBuilder, parent: UnitInfo) => b.unit(parent, `Fresh ${ulid().slice(-6)}`);
const version = async (b: WorldBuilder, unitId: string) => (await getUnitOrThrow(b.db, unitId)).version;
const drop = async (b: WorldBuilder, unitId: string) => {
  const unit = await getUnit(b.db, unitId);
  if (unit) await deleteUnit(b.db, OPERATOR_ACTOR, { unitId, expectedVersion: unit.version, recursive: true });
};
const gone = async (b: WorldBuilder, unitId: string) => assert.equal(await getUnit(b.db, unitId), undefined, 'the unit is still there');
const okJson = (res: Res) => assert.ok(res.status >= 200 && res.status < 300, `status ${res.status}: ${res.text.slice(0, 300)}`);

/** A unit that may be consumed at a place: a fresh leaf inside or outside; Zone A and the top unit themselves. */
async function consumable(b: WorldBuilder, place: UnitPlace): Promise<{ unit: UnitInfo; isFresh: boolean }> {
  if (place === 'inside') return { unit: await fresh(b, b.w.units.A1), isFresh: true };
  if (place === 'outside') return { unit: await fresh(b, b.w.units.B), isFresh: true };
  return { unit: unitAt(b.w, place), isFresh: false };
}

/** Move sources and destinations (a source inside or outside is a leaf, so no destination is below it). */
const moveSource = (w: World, p: UnitPlace) => ({ inside: w.leaves.inside, self: w.units.A, outside: w.leaves.outside, above: w.units.R })[p];
const moveDestination = (w: World, p: UnitPlace) => ({ inside: w.units.A1a, self: w.units.A, outside: w.units.B1, above: w.units.R })[p];

const unitReads: Case[] = [
  { route: 'GET /api/v1/units/[unitId]', rule: 'tree.read', kind: 'read', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'GET', url: `/api/v1/units/${u(b, t).id}` }),
    shows: (body, w, t) => assert.equal(body.id, unitAt(w, t.place as UnitPlace).id) },
  { route: 'GET /api/v1/units/[unitId]/children', rule: 'tree.read', kind: 'read', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'GET', url: `/api/v1/units/${u(b, t).id}/children` }),
    shows: (body, w, t) => assert.equal(body.parentId, unitAt(w, t.place as UnitPlace).id) },
  { route: 'GET /api/v1/units/[unitId]/destinations', rule: 'tree.read', kind: 'read', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'GET', url: `/api/v1/units/${u(b, t).id}/destinations?q=a` }),
    shows: (body) => assert.ok(Array.isArray(body)) },
  { route: 'GET /api/v1/units/[unitId]/move', rule: 'tree.read', kind: 'read', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'GET', url: `/api/v1/units/${u(b, t).id}/move` }),
    shows: (body, w, t) => assert.equal(body.unit.id, unitAt(w, t.place as UnitPlace).id) },
  { route: 'GET /api/v1/jobs/[jobId]', rule: 'tree.read', kind: 'read', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'GET', url: `/api/v1/jobs/${b.w.jobs[t.place as UnitPlace]}` }),
    shows: (body, w, t) => assert.equal(body.id, w.jobs[t.place as UnitPlace]) },
  { route: 'GET /api/v1/units/[unitId]/counts', rule: 'unit.delete', kind: 'read', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'GET', url: `/api/v1/units/${u(b, t).id}/counts` }),
    shows: (body) => assert.equal(typeof body.units, 'number') },
  ...(['direct', 'subtree'] as const).map((scope): Case => ({
    route: 'GET /api/v1/members/units/[unitId]', variant: `scope=${scope}`, rule: 'members.read', kind: 'read', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'GET', url: `/api/v1/members/units/${u(b, t).id}?scope=${scope}` }),
    shows: (body) => assert.ok(Array.isArray(body.rows) && body.rows.length > 0, 'no member rows'),
  })),
  { route: 'GET /api/v1/audit', variant: 'unitId=', rule: 'audit.read', kind: 'read', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'GET', url: `/api/v1/audit?unitId=${u(b, t).id}` }),
    shows: (body) => assert.ok(Array.isArray(body.lines), 'no audit lines') },
  // People to add: found by their exact email by anyone who may add members there.
  { route: 'GET /api/v1/members', variant: 'forUnit=', rule: 'membership.add member', kind: 'read', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'GET', url: `/api/v1/members?forUnit=${u(b, t).id}&q=${encodeURIComponent(b.w.pool.email)}` }),
    shows: (body, w) => assert.deepEqual(body.people.map((p: { userId: string }) => p.userId), [w.pool.userId]),
    mayShow: (w) => [w.pool.email, w.pool.name, w.pool.userId] },
];

const tenantReads: Case[] = [
  { route: 'GET /api/v1/audit', rule: 'audit.read', kind: 'read', targets: tenant,
    standing: async () => ({ method: 'GET', url: '/api/v1/audit' }),
    shows: (body) => assert.ok(Array.isArray(body.lines), 'no audit lines') },
  { route: 'GET /api/v1/members', rule: 'members.list', kind: 'read', targets: tenant,
    standing: async () => ({ method: 'GET', url: '/api/v1/members' }),
    shows: (body) => assert.ok(body.rows.length > 5) },
  { route: 'GET /api/v1/members', variant: 'q=', rule: 'members.list', kind: 'read', targets: tenant,
    standing: async () => ({ method: 'GET', url: '/api/v1/members?q=tess' }),
    shows: (body) => assert.ok(body.rows.length > 0) },
  { route: 'GET /api/v1/settings/sso', rule: 'sso.manage', kind: 'read', targets: tenant,
    standing: async () => ({ method: 'GET', url: '/api/v1/settings/sso' }),
    shows: (body) => assert.ok(body.connection.clientId && !('clientSecret' in body.connection)) },
  { route: 'GET /api/v1/export/units.csv', rule: 'tenant.export', kind: 'read', targets: tenant,
    standing: async () => ({ method: 'GET', url: '/api/v1/export/units.csv' }) },
  { route: 'GET /api/v1/export/memberships.csv', rule: 'tenant.export', kind: 'read', targets: tenant,
    standing: async () => ({ method: 'GET', url: '/api/v1/export/memberships.csv' }) },
  // A preview writes nothing, allowed or not.
  { route: 'POST /api/v1/import/preview', rule: 'tenant.import', kind: 'read', targets: tenant,
    standing: async () => ({ method: 'POST', url: '/api/v1/import/preview', data: { kind: 'units', csv: 'path\nZone B/Imported' } }),
    shows: (body) => assert.ok(body) },
];

const unitWrites: Case[] = [
  { route: 'POST /api/v1/units', rule: 'unit.create', kind: 'write', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'POST', url: '/api/v1/units', data: { parentId: u(b, t).id, name: `Refused ${ulid().slice(-6)}` } }),
    fresh: async (b, t) => {
      const parent = u(b, t);
      let created: string | undefined;
      return {
        req: { method: 'POST', url: '/api/v1/units', data: { parentId: parent.id, name: `Created ${ulid().slice(-6)}` } },
        check: async (res) => {
          okJson(res);
          created = (res.body as { id: string }).id;
          assert.equal((await getUnitOrThrow(b.db, created)).parentId, parent.id);
        },
        cleanup: async () => { if (created) await drop(b, created); },
      };
    } },
  { route: 'PATCH /api/v1/units/[unitId]', rule: 'unit.rename', kind: 'write', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'PATCH', url: `/api/v1/units/${u(b, t).id}`, data: { name: `Refused ${ulid().slice(-6)}`, expectedVersion: await version(b, u(b, t).id) } }),
    fresh: async (b, t) => {
      const { unit, isFresh } = await consumable(b, t.place as UnitPlace);
      const name = `Renamed ${ulid().slice(-6)}`;
      return {
        req: { method: 'PATCH', url: `/api/v1/units/${unit.id}`, data: { name, expectedVersion: await version(b, unit.id) } },
        check: async (res) => { okJson(res); assert.equal((await getUnitOrThrow(b.db, unit.id)).name, name); },
        cleanup: async () => {
          if (isFresh) return drop(b, unit.id);
          const now = await getUnitOrThrow(b.db, unit.id);
          if (now.name !== unit.name) await renameUnit(b.db, OPERATOR_ACTOR, { unitId: unit.id, name: unit.name, expectedVersion: now.version });
        },
      };
    } },
  { route: 'DELETE /api/v1/units/[unitId]', rule: 'unit.delete', kind: 'write', targets: unitPlaces,
    standing: async (b, t) => ({ method: 'DELETE', url: `/api/v1/units/${u(b, t).id}?recursive=true&expectedVersion=${await version(b, u(b, t).id)}` }),
    dataOutcome: (t) => (t.place === 'above' ? { status: 400, code: 'unit.rootDelete' } : undefined),
    fresh: async (b, t) => {
      const { unit, isFresh } = await consumable(b, t.place as UnitPlace);
      return {
        req: { method: 'DELETE', url: `/api/v1/units/${unit.id}?recursive=true&expectedVersion=${await version(b, unit.id)}` },
        check: async (res) => { okJson(res); await gone(b, unit.id); },
        // Zone A itself: build it again, with its people, targets and jobs (new ids).
        cleanup: async () => { if (!isFresh) await b.buildZoneA(); },
      };
    } },
  { route: 'POST /api/v1/units/[unitId]/move', rule: 'unit.move', kind: 'write', targets: moves,
    standing: async (b, t) => {
      const unit = moveSource(b.w, t.place as UnitPlace);
      return { method: 'POST', url: `/api/v1/units/${unit.id}/move`, data: { newParentId: moveDestination(b.w, t.destination!).id, expectedVersion: await version(b, unit.id) } };
    },
    dataOutcome: ({ place, destination }) => {
      if (place === 'above') return destination === 'above' ? { status: 400, code: 'unit.cycle' } : { status: 400, code: 'unit.rootMove' };
      if (place === 'self' && (destination === 'inside' || destination === 'self')) return { status: 400, code: 'unit.cycle' };
      if (place === 'self' && destination === 'above') return { status: 200 }; // already there: nothing to do
      return undefined;
    },
    fresh: async (b, t) => {
      const source = t.place === 'self' ? b.w.units.A : await fresh(b, t.place === 'inside' ? b.w.units.A1 : b.w.units.B);
      const destination = moveDestination(b.w, t.destination!);
      const from = (await getUnitOrThrow(b.db, source.id)).parentId!;
      return {
        req: { method: 'POST', url: `/api/v1/units/${source.id}/move`, data: { newParentId: destination.id, expectedVersion: await version(b, source.id) } },
        check: async (res) => { okJson(res); assert.equal((await getUnitOrThrow(b.db, source.id)).parentId, destination.id); },
        cleanup: async () => {
          if (t.place !== 'self') return drop(b, source.id);
          const now = await getUnitOrThrow(b.db, source.id);
          if (now.parentId !== from) await moveUnit(b.db, OPERATOR_ACTOR, { unitId: source.id, newParentId: from, expectedVersion: now.version });
        },
      };
    } },
];

const rolesAt = (role: Role) => at(UNIT_PLACES.filter((p) => ROLES_AT[p].includes(role)));
const ROLES: Role[] = ['member', 'manager', 'admin', 'owner'];
const membershipVersion = async (b: WorldBuilder, unitId: string, userId: string) => (await readUnitMember(b.db, unitId, userId))!.version;
const holds = async (b: WorldBuilder, unitId: string, userId: string) => (await readUnitMember(b.db, unitId, userId))?.role;

const membershipWrites: Case[] = [
  ...ROLES.map((role): Case => ({
    route: 'POST /api/v1/members/units/[unitId]', variant: `role ${role}`, rule: `membership.add ${role}`, kind: 'write', targets: rolesAt(role),
    standing: async (b, t) => ({ method: 'POST', url: `/api/v1/members/units/${u(b, t).id}`, data: { userId: b.w.pool.userId, role } }),
    fresh: async (b, t) => ({
      req: { method: 'POST', url: `/api/v1/members/units/${u(b, t).id}`, data: { userId: b.w.pool.userId, role } },
      check: async (res) => { okJson(res); assert.equal(await holds(b, u(b, t).id, b.w.pool.userId), role); },
      cleanup: () => b.ensureRole(u(b, t).id, b.w.pool, null),
    }),
  })),
  ...ROLES.map((role): Case => ({
    route: 'DELETE /api/v1/members/units/[unitId]/[userId]', variant: `role ${role}`, rule: `membership.remove ${role}`, kind: 'write', targets: rolesAt(role),
    standing: async (b, t) => {
      const target = b.w.targets[role]![t.place as UnitPlace]!;
      return { method: 'DELETE', url: `/api/v1/members/units/${u(b, t).id}/${target.userId}`, data: { expectedVersion: await membershipVersion(b, u(b, t).id, target.userId) } };
    },
    fresh: async (b, t) => {
      const unitId = u(b, t).id;
      await b.ensureRole(unitId, b.w.pool, role);
      return {
        req: { method: 'DELETE', url: `/api/v1/members/units/${unitId}/${b.w.pool.userId}`, data: { expectedVersion: await membershipVersion(b, unitId, b.w.pool.userId) } },
        check: async (res) => { okJson(res); assert.equal(await holds(b, unitId, b.w.pool.userId), undefined); },
        cleanup: () => b.ensureRole(unitId, b.w.pool, null),
      };
    },
  })),
  ...([['member', 'manager'], ['manager', 'member'], ['member', 'admin'], ['admin', 'member'], ['admin', 'owner'], ['owner', 'admin']] as [Role, Role][]).map(
    ([from, to]): Case => ({
      route: 'PATCH /api/v1/members/units/[unitId]/[userId]', variant: `${from}→${to}`, rule: `membership.changeRole ${from}→${to}`, kind: 'write',
      targets: at(UNIT_PLACES.filter((p) => ROLES_AT[p].includes(from) && ROLES_AT[p].includes(to))),
      standing: async (b, t) => {
        const target = b.w.targets[from]![t.place as UnitPlace]!;
        return { method: 'PATCH', url: `/api/v1/members/units/${u(b, t).id}/${target.userId}`, data: { role: to, expectedVersion: await membershipVersion(b, u(b, t).id, target.userId) } };
      },
      fresh: async (b, t) => {
        const unitId = u(b, t).id;
        await b.ensureRole(unitId, b.w.pool, from);
        return {
          req: { method: 'PATCH', url: `/api/v1/members/units/${unitId}/${b.w.pool.userId}`, data: { role: to, expectedVersion: await membershipVersion(b, unitId, b.w.pool.userId) } },
          check: async (res) => { okJson(res); assert.equal(await holds(b, unitId, b.w.pool.userId), to); },
          cleanup: () => b.ensureRole(unitId, b.w.pool, null),
        };
      },
    }),
  ),
  ...ROLES.map((role): Case => ({
    route: 'POST /api/v1/invitations', variant: `role ${role}`, rule: `invitation.create ${role}`, kind: 'write', targets: rolesAt(role),
    standing: async (b, t) => ({ method: 'POST', url: '/api/v1/invitations', data: { emails: [`refused-${ulid().toLowerCase()}@${b.w.domain}`], unitId: u(b, t).id, role } }),
    fresh: async (b, t) => {
      let id: string | undefined;
      return {
        req: { method: 'POST', url: '/api/v1/invitations', data: { emails: [`welcome-${ulid().toLowerCase()}@${b.w.domain}`], unitId: u(b, t).id, role } },
        check: async (res) => {
          okJson(res);
          id = (res.body as { invitations: { id: string }[] }).invitations[0].id;
          const stored = await getInvitation(b.db, id);
          assert.equal(stored?.role, role);
          assert.equal(stored?.unitId, u(b, t).id);
        },
        cleanup: async () => { if (id) await b.dropInvitation(id); },
      };
    },
  })),
  ...ROLES.map((role): Case => ({
    route: 'DELETE /api/v1/invitations/[invitationId]', variant: `role ${role}`, rule: `invitation.revoke ${role}`, kind: 'write', targets: rolesAt(role),
    standing: async (b, t) => ({ method: 'DELETE', url: `/api/v1/invitations/${b.w.invitations[role]![t.place as UnitPlace]}` }),
    fresh: async (b, t) => {
      const id = await b.invitation(u(b, t).id, role);
      return {
        req: { method: 'DELETE', url: `/api/v1/invitations/${id}` },
        check: async (res) => { okJson(res); assert.equal(await getInvitation(b.db, id), undefined); },
        cleanup: () => b.dropInvitation(id),
      };
    },
  })),
  // A new link re-invites, so it takes what inviting takes.
  ...ROLES.map((role): Case => ({
    route: 'POST /api/v1/invitations/[invitationId]/link', variant: `role ${role}`, rule: `invitation.create ${role}`, kind: 'write', targets: rolesAt(role),
    standing: async (b, t) => ({ method: 'POST', url: `/api/v1/invitations/${b.w.invitations[role]![t.place as UnitPlace]}/link`, data: { delivery: 'copy' } }),
    fresh: async (b, t) => {
      const id = await b.invitation(u(b, t).id, role);
      return {
        req: { method: 'POST', url: `/api/v1/invitations/${id}/link`, data: { delivery: 'copy' } },
        check: async (res) => { okJson(res); assert.equal((await getInvitation(b.db, id))?.version, 2); },
        cleanup: () => b.dropInvitation(id),
      };
    },
  })),
];

const tenantWrites: Case[] = [
  { route: 'PATCH /api/v1/settings', rule: 'tenant.settings.update', kind: 'write', targets: tenant,
    standing: async (b) => ({ method: 'PATCH', url: '/api/v1/settings', data: { name: 'Refused name', expectedVersion: (await getTenantSettings(b.db)).version } }),
    fresh: async (b) => {
      const name = `Matrix ${b.run} ${ulid().slice(-4)}`;
      return {
        req: { method: 'PATCH', url: '/api/v1/settings', data: { name, expectedVersion: (await getTenantSettings(b.db)).version } },
        check: async (res) => { okJson(res); assert.equal((await getTenantSettings(b.db)).name, name); },
      };
    } },
  { route: 'PUT /api/v1/settings/sso', rule: 'sso.manage', kind: 'write', targets: tenant,
    standing: async (b) => ({ method: 'PUT', url: '/api/v1/settings/sso', data: await ssoBody(b) }),
    fresh: async (b) => {
      const before = (await getConnection(platformDb(), b.w.tenantId))!.version;
      return {
        req: { method: 'PUT', url: '/api/v1/settings/sso', data: await ssoBody(b) },
        check: async (res) => { okJson(res); assert.equal((await getConnection(platformDb(), b.w.tenantId))!.version, before + 1); },
      };
    } },
  { route: 'POST /api/v1/import/apply', rule: 'tenant.import', kind: 'write', targets: tenant,
    standing: async (b) => ({ method: 'POST', url: '/api/v1/import/apply', data: { kind: 'units', ops: [{ line: 2, name: `Refused ${ulid().slice(-6)}`, parentId: b.w.units.B.id }] } }),
    fresh: async (b) => {
      const name = `Imported ${ulid().slice(-6)}`;
      let created: string | undefined;
      return {
        req: { method: 'POST', url: '/api/v1/import/apply', data: { kind: 'units', ops: [{ line: 2, name, parentId: b.w.units.B.id }] } },
        check: async (res) => {
          okJson(res);
          const result = (res.body as { results: { ok: boolean; unitId?: string }[] }).results[0];
          created = result.unitId;
          assert.ok(created, `no unit in ${res.text}`);
          assert.equal((await getUnitOrThrow(b.db, created)).name, name);
        },
        cleanup: async () => { if (created) await drop(b, created); },
      };
    } },
  { route: 'DELETE /api/v1/members/[userId]', rule: 'members.list', variant: 'remove from the organization', kind: 'write', targets: tenant,
    standing: async (b) => ({ method: 'DELETE', url: `/api/v1/members/${b.w.targets.member!.inside!.userId}` }),
    fresh: async (b) => {
      const person = await b.person(`leaving-${ulid().slice(-6).toLowerCase()}`, 'Lou Leaving', b.w.units.A1, 'member');
      await b.ensureRole(b.w.units.B1.id, person, 'manager');
      return {
        req: { method: 'DELETE', url: `/api/v1/members/${person.userId}` },
        check: async (res) => { okJson(res); assert.equal((await getUserMemberships(b.db, person.userId)).memberships.length, 0); },
      };
    } },
  { route: 'POST /api/v1/members/[userId]/erase', rule: 'person.erase', kind: 'write', targets: tenant,
    standing: async (b) => {
      const target = b.w.targets.member!.inside!;
      return { method: 'POST', url: `/api/v1/members/${target.userId}/erase`, data: { confirmEmail: target.email } };
    },
    fresh: async (b) => {
      const person = await b.person(`erased-${ulid().slice(-6).toLowerCase()}`, 'Eve Erased', b.w.units.A1, 'member');
      return {
        req: { method: 'POST', url: `/api/v1/members/${person.userId}/erase`, data: { confirmEmail: person.email } },
        check: async (res) => {
          okJson(res);
          const after = await getUserMemberships(b.db, person.userId);
          assert.equal(after.user, undefined);
          assert.equal(after.memberships.length, 0);
        },
      };
    } },
];

async function ssoBody(b: WorldBuilder) {
  const c = (await getConnection(platformDb(), b.w.tenantId))!;
  return { issuer: c.issuer, clientId: c.protocol === 'oidc' ? c.clientId : '', domains: c.domains, jit: c.jit, expectedVersion: c.version };
}

export const CASES: Case[] = [...unitReads, ...tenantReads, ...unitWrites, ...membershipWrites, ...tenantWrites];

/** The action a route's refusal names: `authz.<action>`. */
export const actionOf = (rule: string) => rule.split(' ')[0];

export const describeCell = (c: Case, t: Target) =>
  `${c.route}${c.variant ? ` (${c.variant})` : ''} @ ${t.place}${t.destination ? `→${t.destination}` : ''}`;
