// Review schedules against the local stack: made, changed, paused and removed by owners through the
// real routes, bounded and audited; another organization's are neither seen nor changed; and the
// clock pauses a schedule whose creator is no longer an owner, telling the owners.
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { after, test } from 'node:test';
import { createSchedule, listSchedules, runDueReviews, updateSchedule, type ReviewSchedule } from '../../lib/access-reviews';
import { addMonths, nextStartAfter } from '../../lib/access-reviews/schedules';
import { entrySources } from '../../lib/api/with-actor';
import { listAudit } from '../../lib/audit';
import { addMembership, changeRole, loadActorAccess, readUnitMember } from '../../lib/members';
import { person } from '../members/fixtures';
import { newTenant } from '../support/fixtures';
import { waitForMail } from '../support/mail';
import { tenantDbFor } from '../support/tenant-db';
import { testPlatformDb, testTenantDb } from '../support/tenancy';

const ROOT = resolve(import.meta.dirname, '../..');
const DAY = 86_400_000;
const coverage = { roles: ['admin' as const], customRoles: [], permissions: [], apiKeys: false, guests: false, directoryRules: false };
const settings = (over: Record<string, unknown> = {}) => ({
  name: 'Quarterly admins', coverage, durationDays: 14, reminderDaysBefore: 3, defaultDecision: 'keep' as const, everyMonths: 3 as const,
  firstStartAt: new Date(Date.now() + DAY).toISOString(), ...over,
});

async function world(label = 'Sched') {
  const t = await newTenant(label);
  const db = tenantDbFor(t.tenantId);
  const owner = { userId: t.ownerUserId, email: t.ownerEmail, name: `${label} Owner` };
  const olga = { ...person('Olga'), email: `olga@${t.domain}` };
  await addMembership(db, owner, { unitId: t.rootUnitId, role: 'owner', ...olga });
  return { t, db, owner, olga };
}

async function call(as: { db: ReturnType<typeof tenantDbFor>; userId: string }, method: string, route: string, params: Record<string, string> = {}, body?: unknown, query = '') {
  const actor = await loadActorAccess(as.db, as.userId);
  entrySources.load = async () => actor;
  const path = route.replace(/\[(\w+)\]/g, (_, n: string) => params[n]);
  const mod = (await import(join(ROOT, 'app', route, 'route.ts'))) as Record<string, (r: Request, c: unknown) => Promise<Response>>;
  const res = await mod[method](
    new Request(`http://arbor.test${path}${query}`, { method, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }),
    { params: Promise.resolve(params) },
  );
  return { status: res.status, json: res.status === 204 ? undefined : ((await res.json()) as Record<string, any>) }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

after(() => {
  entrySources.load = async () => {
    throw new Error('no actor');
  };
});

test('months move on by the calendar, the day kept where the month has it', () => {
  assert.equal(addMonths(new Date('2026-01-31T09:00:00Z'), 1).toISOString(), '2026-02-28T09:00:00.000Z');
  assert.equal(addMonths(new Date('2026-11-15T09:00:00Z'), 3).toISOString(), '2027-02-15T09:00:00.000Z');
  // Starts missed while nothing ran are not made up one by one: the first one ahead.
  assert.equal(nextStartAfter('2026-01-10T08:00:00.000Z', 3, new Date('2026-08-01T00:00:00Z')), '2026-10-10T08:00:00.000Z');
});

test('an owner schedules, pauses, resumes and removes reviews through the routes; each is audited', async () => {
  const w = await world();
  const as = { db: w.db, userId: w.olga.userId };
  const made = await call(as, 'POST', '/api/v1/access-review-schedules', {}, settings());
  assert.equal(made.status, 201, JSON.stringify(made.json));
  const s = made.json as ReviewSchedule;
  assert.equal(s.enabled, true);
  assert.equal(s.createdBy.userId, w.olga.userId);
  const listed = await call(as, 'GET', '/api/v1/access-review-schedules');
  assert.deepEqual(listed.json!.schedules.map((x: ReviewSchedule) => x.scheduleId), [s.scheduleId]);

  const paused = await call(as, 'PATCH', '/api/v1/access-review-schedules/[scheduleId]', { scheduleId: s.scheduleId }, { enabled: false, expectedVersion: s.version });
  assert.equal(paused.status, 200);
  assert.equal(paused.json!.enabled, false);
  const stale = await call(as, 'PATCH', '/api/v1/access-review-schedules/[scheduleId]', { scheduleId: s.scheduleId }, { enabled: true, expectedVersion: s.version });
  assert.equal(stale.status, 409);
  assert.equal(stale.json!.error.code, 'accessReview.scheduleChanged');
  const resumed = await call(as, 'PATCH', '/api/v1/access-review-schedules/[scheduleId]', { scheduleId: s.scheduleId }, { enabled: true, everyMonths: 6, expectedVersion: paused.json!.version });
  assert.equal(resumed.json!.everyMonths, 6);

  const gone = await call(as, 'DELETE', '/api/v1/access-review-schedules/[scheduleId]', { scheduleId: s.scheduleId }, undefined, `?expectedVersion=${resumed.json!.version}`);
  assert.equal(gone.status, 204);
  assert.deepEqual(await listSchedules(w.db), []);
  const actions = (await listAudit(w.db, { actorId: w.olga.userId })).items.map((e) => e.action).sort();
  assert.deepEqual(actions.filter((a) => a.startsWith('accessReview.')), [
    'accessReview.schedule.create', 'accessReview.schedule.delete', 'accessReview.schedule.update', 'accessReview.schedule.update',
  ]);
});

test('bad schedules are refused with a typed error and nothing is stored', async () => {
  const w = await world();
  const as = { db: w.db, userId: w.owner.userId };
  const cases: [Record<string, unknown>, string][] = [
    [{ firstStartAt: new Date(Date.now() - DAY).toISOString() }, 'accessReview.badSchedule'],
    [{ firstStartAt: new Date(Date.now() + 400 * DAY).toISOString() }, 'accessReview.badSchedule'],
    [{ firstStartAt: 'next tuesday' }, 'accessReview.badSchedule'],
    [{ coverage: { ...coverage, roles: [] } }, 'accessReview.badSettings'],
    [{ reminderDaysBefore: 14 }, 'accessReview.badSettings'],
    [{ name: '   ' }, 'accessReview.badSettings'],
    [{ everyMonths: 2 }, 'request.invalid'],
    [{ durationDays: 91 }, 'request.invalid'],
    [{ name: 'x'.repeat(121) }, 'request.invalid'],
  ];
  for (const [over, code] of cases) {
    const res = await call(as, 'POST', '/api/v1/access-review-schedules', {}, settings(over));
    assert.equal(res.json?.error?.code, code, JSON.stringify(over));
  }
  assert.deepEqual(await listSchedules(w.db), []);
});

test('at most 20 schedules', async () => {
  const w = await world();
  const access = await loadActorAccess(w.db, w.owner.userId);
  for (let i = 0; i < 20; i++) await createSchedule(w.db, { actor: w.owner, access }, settings({ name: `Review ${i}` }));
  const res = await call({ db: w.db, userId: w.owner.userId }, 'POST', '/api/v1/access-review-schedules', {}, settings());
  assert.equal(res.status, 422);
  assert.equal(res.json!.error.code, 'accessReview.tooManySchedules');
});

test("another organization's schedules are not seen, changed or removed; an admin may not manage them", async () => {
  const [a, b] = [await world('SchedA'), await world('SchedB')];
  const access = await loadActorAccess(b.db, b.owner.userId);
  const theirs = await createSchedule(b.db, { actor: b.owner, access }, settings());
  const as = { db: a.db, userId: a.owner.userId };
  const params = { scheduleId: theirs.scheduleId };
  assert.deepEqual((await call(as, 'GET', '/api/v1/access-review-schedules')).json!.schedules, []);
  assert.equal((await call(as, 'PATCH', '/api/v1/access-review-schedules/[scheduleId]', params, { enabled: false, expectedVersion: 1 })).status, 404);
  assert.equal((await call(as, 'DELETE', '/api/v1/access-review-schedules/[scheduleId]', params, undefined, '?expectedVersion=1')).status, 404);
  const [still] = await listSchedules(b.db);
  assert.deepEqual(still, theirs);

  const ada = { ...person('Ada'), email: `ada@${b.t.domain}` };
  await addMembership(b.db, b.owner, { unitId: b.t.rootUnitId, role: 'admin', ...ada });
  const refused = await call({ db: b.db, userId: ada.userId }, 'GET', '/api/v1/access-review-schedules');
  assert.equal(refused.status, 403);
  assert.equal(refused.json!.error.code, 'authz.accessReview.manage');
});

test('the clock pauses a schedule whose creator is no longer an owner, and tells the owners', async () => {
  const w = await world('Paused');
  const access = await loadActorAccess(w.db, w.olga.userId);
  const s = await createSchedule(w.db, { actor: w.olga, access }, settings({ firstStartAt: new Date(Date.now() + 60_000).toISOString() }));
  const held = (await readUnitMember(w.db, w.t.rootUnitId, w.olga.userId))!;
  await changeRole(w.db, w.owner, { unitId: w.t.rootUnitId, userId: w.olga.userId, role: 'member', expectedVersion: held.version });

  // A wake-up a day later; other tests' due schedules share the queue, so it may take a few.
  const later = new Date(Date.now() + DAY);
  for (let i = 0; i < 20; i++) {
    await runDueReviews(testPlatformDb(), (t) => testTenantDb(t), later);
    if (!(await listSchedules(w.db))[0]!.enabled) break;
  }
  const [paused] = await listSchedules(w.db);
  assert.equal(paused!.enabled, false);
  assert.match(paused!.pausedReason ?? '', /no longer an owner/);
  assert.equal(paused!.nextStartAt, s.nextStartAt);
  const [mail] = await waitForMail(w.owner.email);
  assert.match(mail!.subject, /Quarterly admins.*paused/);

  // An owner switching it on again moves a past start on to the first one ahead.
  const ownerAccess = await loadActorAccess(w.db, w.owner.userId);
  const resumed = await updateSchedule(w.db, { actor: w.owner, access: ownerAccess }, s.scheduleId, paused!.version, { enabled: true }, later);
  assert.equal(resumed.pausedReason, undefined);
  assert.ok(Date.parse(resumed.nextStartAt) > later.getTime());
});
