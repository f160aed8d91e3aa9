// Two `next start` instances of one build behind a round-robin load balancer, as production runs
// them: a person signs in (the sign-in flow itself crossing instances), their session works on
// both, edits alternate instances and keep their versions, and a large move whose instance is
// killed mid-way is finished by the other one once the job's lease runs out.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium, type APIRequestContext, type Browser } from '@playwright/test';
import { getItem, keys } from '../../lib/db';
import { createUnit, getUnitOrThrow } from '../../lib/org';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { freePort } from '../../scripts/local-stack/ports';
import { createIdpTenant, type IdpTenant } from '../../e2e/support/idp-tenant';
import { signIn } from '../../e2e/support/sign-in';
import { checkTree } from '../org/support/check-tree';
import { buildTree } from '../org/support/tree-fixture';
import { stackEnv } from '../support/stack';
import { tenantDbFor } from '../support/tenant-db';
import { startRoundRobin, type RoundRobin } from './support/round-robin';

const NEXT = resolve('node_modules/next/dist/bin/next');
const instances = new Map<string, ChildProcess>();
let balancer: RoundRobin;
let browser: Browser;
let api: APIRequestContext;
let t: IdpTenant;

async function startInstance(name: string, publicUrl: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [NEXT, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    // The same settings and secrets on both, as one deployment's tasks get them.
    env: { ...process.env, NODE_ENV: 'production', ARBOR_ALLOW_EMULATOR: '1', ARBOR_APP_URL: publicUrl, ARBOR_MAIL_DISABLED: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  instances.set(name, child);
  const url = `http://127.0.0.1:${port}`;
  for (let waited = 0; ; waited += 200) {
    if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/health/ready`).then((r) => r.ok, () => false);
    if (ok) return url;
    if (waited > 60_000) throw new Error(`instance ${name} did not become ready`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** What the browser's `api()` adds to a change (proxy.ts refuses changes without them). */
const change = (data: unknown) => ({ data, headers: { origin: stackEnv('ARBOR_APP_URL'), 'content-type': 'application/json' } });

before(async () => {
  t = await createIdpTenant('Twin', [{ local: 'olive', name: 'Olive Owner' }]);
  // The public URL the IdP redirects back to is the stack's app URL: the balancer listens there.
  const publicUrl = stackEnv('ARBOR_APP_URL');
  const [a, b] = await Promise.all([startInstance('a', publicUrl), startInstance('b', publicUrl)]);
  balancer = await startRoundRobin(Number(new URL(publicUrl).port), [{ name: 'a', url: a }, { name: 'b', url: b }]);
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const context = await browser.newContext({ baseURL: balancer.url });
  await signIn(await context.newPage(), `olive@${t.domain}`, t.password);
  api = context.request;
});

after(async () => {
  await browser?.close();
  await balancer?.close();
  for (const child of instances.values()) child.kill('SIGKILL');
});

describe('two instances behind a load balancer', () => {
  test('one session serves on both; edits alternate instances and keep their versions', async () => {
    const servedBy = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const res = await api.get(`/api/v1/units/${t.rootUnitId}`);
      assert.equal(res.status(), 200, 'the session is valid on whichever instance answers');
      servedBy.add(res.headers()['x-served-by']);
    }
    assert.deepEqual([...servedBy].sort(), ['a', 'b']);

    const created = await api.post('/api/v1/units', change({ parentId: t.rootUnitId, name: 'Alternating' }));
    assert.equal(created.status(), 201);
    let unit = (await created.json()) as { id: string; version: number };
    const editors: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await api.patch(`/api/v1/units/${unit.id}`, change({ name: `Alternating ${i}`, expectedVersion: unit.version }));
      assert.equal(res.status(), 200, `edit ${i}`);
      editors.push(res.headers()['x-served-by']);
      unit = await res.json();
    }
    assert.deepEqual(new Set(editors), new Set(['a', 'b']), `edits alternate: ${editors.join(' ')}`);
    assert.equal(unit.version, 7);
    // A stale version is refused whichever instance gets it.
    const stale = await api.patch(`/api/v1/units/${unit.id}`, change({ name: 'Late', expectedVersion: 3 }));
    assert.equal(stale.status(), 409);
  });

  test('a large move whose instance is killed after the commit is finished by the other instance', async () => {
    const db = tenantDbFor(t.tenantId);
    const from = await createUnit(db, OPERATOR_ACTOR, { parentId: t.rootUnitId, name: 'Old home' });
    const to = await createUnit(db, OPERATOR_ACTOR, { parentId: t.rootUnitId, name: 'New home' });
    const division = await createUnit(db, OPERATOR_ACTOR, { parentId: from.id, name: 'Division' });
    const built = await buildTree(t.tenantId, division, { count: 799, fanout: 6, membersPerUnit: 1, users: 40 });

    const res = await api.post(`/api/v1/units/${division.id}/move`, change({ newParentId: to.id, expectedVersion: division.version }));
    assert.equal(res.status(), 202);
    const { jobId } = (await res.json()) as { jobId: string };
    const runner = res.headers()['x-served-by'];
    const survivor = runner === 'a' ? 'b' : 'a';

    // Kill the runner once the move is committed, while it is still rewriting paths.
    let status = '';
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      status = String((await getItem(db, keys.treeJob(t.tenantId, jobId)))?.status);
      if (status !== 'preparing') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    instances.get(runner)!.kill('SIGKILL');
    const atKill = String((await getItem(db, keys.treeJob(t.tenantId, jobId)))?.status);
    assert.equal(atKill, 'committed', `the runner was killed mid-move (job ${status} → ${atKill})`);
    for (let i = 0; balancer.healthy().includes(runner); i++) await new Promise((r) => setTimeout(r, 100));

    // Whoever watches the job's progress (the person's browser) reaches the survivor, which takes
    // the job over once its lease (30 s) has run out and drives it to the end.
    let job: { status: string; finished: boolean } = { status: atKill, finished: false };
    for (const deadline = Date.now() + 120_000; !job.finished && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 1_000));
      const poll = await api.get(`/api/v1/jobs/${jobId}`);
      assert.equal(poll.status(), 200);
      assert.equal(poll.headers()['x-served-by'], survivor);
      job = await poll.json();
    }
    assert.equal(job.status, 'done');

    const state = await checkTree(t.tenantId, t.rootUnitId);
    const moved = await getUnitOrThrow(db, division.id);
    assert.equal(moved.parentId, to.id);
    for (const u of built.units) assert.ok(state.units.get(u.id)!.path.startsWith(moved.path), `${u.id} moved with its division`);
  });
});
