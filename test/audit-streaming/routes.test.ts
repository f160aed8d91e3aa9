// The audit streaming routes through their real handlers: owners in person only (an admin is
// refused, a key is refused before anything is read), another organization's destinations are
// simply not found (404) and stay as they were, bad input is refused with nothing written, and a
// destination is added, read, changed, paused, backfilled and removed.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { after, describe, test } from 'node:test';
import { createApiKey } from '../../lib/api-keys';
import { entrySources } from '../../lib/api/with-actor';
import type { RequestActor } from '../../lib/auth';
import { createDestination, listDestinations } from '../../lib/audit-streaming';
import { addMembership, loadActorAccess } from '../../lib/members';
import { person } from '../members/fixtures';
import { newTenant } from '../support/fixtures';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb } from '../support/tenancy';

const ROOT = resolve(import.meta.dirname, '../..');
type Handler = (r: Request, ctx: unknown) => Promise<Response>;
// A local receiver's address: the test stack lets destinations reach loopback, as webhooks do.
const URL_OF_RECEIVER = 'http://127.0.0.1:9/stream';

/** Calls a route as `who`: a person (the session) or an API key's secret (a bearer). */
async function call(method: string, route: string, who: RequestActor | string, params: Record<string, string> = {}, body?: unknown, query = '') {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (typeof who === 'string') headers.authorization = `Bearer ${who}`;
  else {
    entrySources.load = async () => who;
    entrySources.require = async () => who;
  }
  const path = route.replace(/\[(\w+)\]/g, (_, n: string) => params[n]);
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as Record<string, Handler>;
  const res = await mod[method](
    new Request(`http://arbor.test${path}${query}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, json: res.status === 204 ? undefined : ((await res.json()) as Record<string, any>) }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function world(label: string) {
  const t = await newTenant(label);
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: 'Owner' };
  const actorOf = async (p: { userId: string; email: string; name: string }) => ({ ...(await loadActorAccess(db, p.userId)), email: p.email, name: p.name }) as RequestActor;
  const { destination } = await createDestination(db, owner, { name: 'SIEM', settings: { kind: 'https', url: URL_OF_RECEIVER } });
  return { t, db, owner, ownerActor: await actorOf(owner), actorOf, destination };
}

describe('audit streaming routes', () => {
  after(() => {
    entrySources.beforeFirstWrite = undefined;
  });

  test("another organization's destinations are not found, and stay as they were", async () => {
    const [a, b] = [await world('StreamRoutesA'), await world('StreamRoutesB')];
    const id = { destinationId: b.destination.destinationId };
    const v = b.destination.version;
    const answers = [
      await call('GET', '/api/v1/audit-streams/[destinationId]', a.ownerActor, id),
      await call('PATCH', '/api/v1/audit-streams/[destinationId]', a.ownerActor, id, { enabled: false, expectedVersion: v }),
      await call('POST', '/api/v1/audit-streams/[destinationId]/test', a.ownerActor, id),
      await call('POST', '/api/v1/audit-streams/[destinationId]/backfill', a.ownerActor, id, { from: new Date(Date.now() - 86_400_000).toISOString(), expectedVersion: v }),
      await call('DELETE', '/api/v1/audit-streams/[destinationId]', a.ownerActor, id, undefined, `?expectedVersion=${v}`),
    ];
    for (const answer of answers) assert.equal(answer.status, 404, JSON.stringify(answer.json));
    const listed = await call('GET', '/api/v1/audit-streams', a.ownerActor);
    assert.deepEqual(listed.json!.destinations.map((d: { destinationId: string }) => d.destinationId), [a.destination.destinationId]);
    const [still] = await listDestinations(b.db);
    assert.equal(still.enabled, true);
    assert.equal(still.version, v);
    assert.equal(still.cursor, b.destination.cursor);
  });

  test('an admin is refused and a key is refused before anything is read; nothing is added', async () => {
    const w = await world('StreamRoutesWho');
    const admin = { ...person('admin'), email: `admin@${w.t.domain}` };
    await addMembership(w.db, w.owner, { unitId: w.t.rootUnitId, role: 'admin', ...admin });
    const adminActor = await w.actorOf(admin);
    const refused = await call('POST', '/api/v1/audit-streams', adminActor, {}, { name: 'Elsewhere', settings: { kind: 'https', url: URL_OF_RECEIVER } });
    assert.equal(refused.status, 403, JSON.stringify(refused.json));
    assert.equal(refused.json!.error.code, 'authz.auditStreams.manage');
    assert.equal((await call('GET', '/api/v1/audit-streams', adminActor)).status, 403);

    const root = { id: w.t.rootUnitId, path: `/${w.t.rootUnitId}/` };
    const key = await createApiKey({ tenant: w.db, platform: testPlatformDb() }, { name: 'Admin', role: 'admin', unit: root, expiresInDays: 1, actor: w.owner });
    const byKey = await call('POST', '/api/v1/audit-streams', key.secret, {}, { name: 'By key', settings: { kind: 'https', url: URL_OF_RECEIVER } });
    assert.equal(byKey.status, 403);
    assert.equal(byKey.json!.error.code, 'apiKey.personOnly');
    assert.equal((await listDestinations(w.db)).length, 1, 'only the fixture’s');
  });

  test('bad input is refused with a typed error and nothing is written', async () => {
    const w = await world('StreamRoutesBad');
    const bodies: unknown[] = [
      { name: '', settings: { kind: 'https', url: URL_OF_RECEIVER } },
      { name: 'FTP', settings: { kind: 'ftp', url: 'ftp://example.com' } },
      { name: 'Long', settings: { kind: 'https', url: `https://example.com/${'x'.repeat(3_000)}` } },
      { name: 'Extra', settings: { kind: 'https', url: URL_OF_RECEIVER }, admin: true },
      { name: 'No bucket', settings: { kind: 's3', region: 'eu-west-1' } },
      { name: 'x'.repeat(81), settings: { kind: 'https', url: URL_OF_RECEIVER } },
      { name: 'Too far back', settings: { kind: 'https', url: URL_OF_RECEIVER }, backfillFrom: new Date(Date.now() - 400 * 86_400_000).toISOString() },
      { name: 'Not a date', settings: { kind: 'https', url: URL_OF_RECEIVER }, backfillFrom: 'last week' },
    ];
    for (const body of bodies) {
      const answer = await call('POST', '/api/v1/audit-streams', w.ownerActor, {}, body);
      assert.equal(answer.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${JSON.stringify(answer.json)}`);
      assert.equal(typeof answer.json!.error.code, 'string');
    }
    const id = { destinationId: w.destination.destinationId };
    const tooFar = await call('POST', '/api/v1/audit-streams/[destinationId]/backfill', w.ownerActor, id, { from: new Date(Date.now() - 400 * 86_400_000).toISOString(), expectedVersion: w.destination.version });
    assert.ok(tooFar.status >= 400 && tooFar.status < 500, JSON.stringify(tooFar.json));
    const notADate = await call('POST', '/api/v1/audit-streams/[destinationId]/backfill', w.ownerActor, id, { from: 'last week', expectedVersion: w.destination.version });
    assert.equal(notADate.status, 400);
    const [still] = await listDestinations(w.db);
    assert.equal(still.version, w.destination.version);
    assert.equal((await listDestinations(w.db)).length, 1);
  });

  test('an owner adds, reads, changes, pauses, backfills and removes a destination', async () => {
    const w = await world('StreamRoutesOwner');
    const added = await call('POST', '/api/v1/audit-streams', w.ownerActor, {}, { name: 'Receiver', settings: { kind: 'https', url: URL_OF_RECEIVER } });
    assert.equal(added.status, 201, JSON.stringify(added.json));
    assert.match(added.json!.signingSecret, /^whsec_/);
    const id = { destinationId: added.json!.destination.destinationId as string };
    assert.ok(!JSON.stringify((await call('GET', '/api/v1/audit-streams', w.ownerActor)).json).includes(added.json!.signingSecret), 'the secret is never listed');

    const since = new Date(Date.now() - 86_400_000).toISOString();
    const withPast = await call('POST', '/api/v1/audit-streams', w.ownerActor, {}, { name: 'Receiver since yesterday', settings: { kind: 'https', url: URL_OF_RECEIVER }, backfillFrom: since });
    assert.equal(withPast.status, 201, JSON.stringify(withPast.json));
    assert.ok(withPast.json!.destination.cursor < added.json!.destination.cursor, 'it starts before the entries of the last day, not at the end of the log');
    assert.ok(withPast.json!.destination.lagSeconds > 3600, 'its lag runs from the backfill date');

    const read = await call('GET', '/api/v1/audit-streams/[destinationId]', w.ownerActor, id);
    assert.equal(read.status, 200);
    assert.equal(read.json!.health.state, 'new');
    assert.equal(typeof read.json!.lagSeconds, 'number');
    const version = read.json!.version as number;

    const renamed = await call('PATCH', '/api/v1/audit-streams/[destinationId]', w.ownerActor, id, { name: 'Receiver (security)', expectedVersion: version });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.json));
    assert.equal(renamed.json!.name, 'Receiver (security)');
    const stale = await call('PATCH', '/api/v1/audit-streams/[destinationId]', w.ownerActor, id, { enabled: false, expectedVersion: version });
    assert.equal(stale.status, 409);

    const paused = await call('PATCH', '/api/v1/audit-streams/[destinationId]', w.ownerActor, id, { enabled: false, expectedVersion: renamed.json!.version });
    assert.equal(paused.status, 200);
    assert.equal(paused.json!.enabled, false);
    const backfilled = await call('POST', '/api/v1/audit-streams/[destinationId]/backfill', w.ownerActor, id, { from: new Date(Date.now() - 2 * 86_400_000).toISOString(), expectedVersion: paused.json!.version });
    assert.equal(backfilled.status, 200, JSON.stringify(backfilled.json));

    const removed = await call('DELETE', '/api/v1/audit-streams/[destinationId]', w.ownerActor, id, undefined, `?expectedVersion=${backfilled.json!.version}`);
    assert.equal(removed.status, 204);
    assert.equal((await call('GET', '/api/v1/audit-streams/[destinationId]', w.ownerActor, id)).status, 404);
  });
});
