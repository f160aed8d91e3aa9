// The request boundary (issue 11, parts 2, 4 and 5), against the production build with a real
// session: forged changes are refused by proxy.ts before any route runs (403 with a typed code,
// the tenant unchanged) while the same request from an Arbor page goes through; a server action
// replayed from another origin is a 403, not Next's 500; every kind of response carries the
// security headers, pages a CSP whose nonce is new each time and sits on Next's scripts; a page
// for something that is not there answers 404 in the document's own status.
import { randomBytes } from 'node:crypto';
import type { Request } from '@playwright/test';
import { ulid } from 'ulid';
import { createUnit } from '../lib/org';
import { setConnection } from '../lib/domains';
import { operatorDb, tenantDb } from '../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../lib/tenants';
import { registerOidcClient, registerOidcUser } from '../scripts/local-stack/oidc';
import { directClient, tableName } from '../test/support/stack';
import { fixtures } from './support/fixtures';
import { signIn } from './support/sign-in';
import { describeDiff, diffSnapshots, isEmptyDiff, TenantSnapshotter } from './support/tenant-snapshot';
import { expect, test } from './support/test';

const f = fixtures();
const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the e2e suite through \`npm test\``);
  return v;
};
const APP = new URL(need('ARBOR_APP_URL')).origin;
const JSON_TYPE = 'application/json';

let tenant: { tenantId: string; rootUnitId: string; unitId: string; owner: string; password: string };
let snapshotter: TenantSnapshotter;
let cookie: string;

/** A tenant of its own (the refused requests aim at it): an owner and one unit under the top. */
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const issuer = need('ARBOR_LOCAL_OIDC_ISSUER');
  const adminToken = need('ARBOR_LOCAL_OIDC_ADMIN_TOKEN');
  const run = ulid().toLowerCase().slice(-8);
  const domain = `guarded-${run}.test`;
  const owner = `olive@${domain}`;
  const password = `e2e-${randomBytes(6).toString('hex')}`;
  const created = await createTenant(operatorDb(), { name: `Guarded ${run}`, domain, owner: { email: owner, name: 'Olive Owner' } });
  const client = { clientId: `e2e-guarded-${run}`, clientSecret: randomBytes(18).toString('base64url') };
  await registerOidcClient(issuer, adminToken, client);
  await setConnection(operatorDb(), created.tenantId, { issuer, ...client, domains: [domain], jit: false });
  await registerOidcUser(issuer, adminToken, { email: owner, name: 'Olive Owner', password, emailVerified: true });
  const unit = await createUnit(await tenantDb(created.tenantId), OPERATOR_ACTOR, { parentId: created.rootUnitId, name: 'Target' });
  tenant = { tenantId: created.tenantId, rootUnitId: created.rootUnitId, unitId: unit.id, owner, password };
  snapshotter = new TenantSnapshotter(directClient(), tableName(), created.tenantId, [domain]);

  const context = await browser.newContext();
  try {
    await signIn(await context.newPage(), owner, password);
    cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await context.close();
  }
});

/** Exactly these headers and body, as a script on another site (or curl) can send them. */
async function raw(method: string, path: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(`${APP}${path}`, {
    method,
    // Bytes, not a string: fetch would add text/plain itself, and some cases send no type.
    body: body === undefined ? undefined : new TextEncoder().encode(body),
    headers: { cookie, ...headers },
    redirect: 'manual',
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

const currentVersion = async (unitId: string) => {
  const res = await raw('GET', `/api/v1/units/${unitId}`, {});
  expect(res.status, res.text).toBe(200);
  return (res.json as { version: number }).version;
};

const REFUSED: { name: string; headers: Record<string, string>; code: string }[] = [
  { name: 'Origin of another site', headers: { origin: 'http://evil.example', 'content-type': JSON_TYPE }, code: 'request.crossOrigin' },
  { name: 'Origin null', headers: { origin: 'null', 'content-type': JSON_TYPE }, code: 'request.crossOrigin' },
  {
    name: 'a sibling origin (another port)',
    headers: { origin: `${new URL(APP).protocol}//${new URL(APP).hostname}:${Number(new URL(APP).port) + 1}`, 'content-type': JSON_TYPE },
    code: 'request.crossOrigin',
  },
  { name: 'no Origin, Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site', 'content-type': JSON_TYPE }, code: 'request.crossOrigin' },
  { name: 'no Origin, no Sec-Fetch-Site', headers: { 'content-type': JSON_TYPE }, code: 'request.crossOrigin' },
  { name: 'Content-Type text/plain', headers: { origin: APP, 'content-type': 'text/plain' }, code: 'request.contentType' },
  { name: 'Content-Type form-urlencoded', headers: { origin: APP, 'content-type': 'application/x-www-form-urlencoded' }, code: 'request.contentType' },
  { name: 'Content-Type multipart', headers: { origin: APP, 'content-type': 'multipart/form-data; boundary=arbor' }, code: 'request.contentType' },
  { name: 'no Content-Type', headers: { origin: APP }, code: 'request.contentType' },
];

test.describe('forged changes are refused before any route runs', () => {
  const routes = [
    { name: 'PATCH /api/v1/units/:id (rename)', method: 'PATCH', path: () => `/api/v1/units/${tenant.unitId}`, body: async () => ({ name: `Renamed ${ulid().slice(-6)}`, expectedVersion: await currentVersion(tenant.unitId) }) },
    { name: 'POST /api/v1/units (create)', method: 'POST', path: () => '/api/v1/units', body: async () => ({ parentId: tenant.rootUnitId, name: `Created ${ulid().slice(-6)}` }) },
  ];

  for (const route of routes) {
    test(route.name, async () => {
      const failures: string[] = [];
      for (const c of REFUSED) {
        const before = await snapshotter.take();
        const res = await raw(route.method, route.path(), c.headers, JSON.stringify(await route.body()));
        const body = res.json as { error?: { code?: string; message?: string } } | undefined;
        if (res.status !== 403 || body?.error?.code !== c.code) failures.push(`${c.name}: ${res.status} ${res.text.slice(0, 200)}`);
        else {
          expect(Object.keys(body), c.name).toEqual(['error']);
          expect(body.error?.message, c.name).toMatch(/^[A-Z].{30,}\.$/);
          expect(res.headers.get('content-type'), c.name).toMatch(/^application\/json/);
        }
        const after = await snapshotter.take();
        const diff = diffSnapshots(before, after);
        if (!isEmptyDiff(diff)) failures.push(`${c.name} changed the tenant: ${describeDiff(before, after, diff)}`);
      }
      expect(failures).toEqual([]);

      // The same request as an Arbor page sends it, and as a browser that sends no Origin does.
      const fromArbor: Record<string, string>[] = [{ origin: APP, 'content-type': JSON_TYPE }, { 'sec-fetch-site': 'same-origin', 'content-type': `${JSON_TYPE}; charset=utf-8` }];
      for (const headers of fromArbor) {
        const res = await raw(route.method, route.path(), headers, JSON.stringify(await route.body()));
        expect(res.status, res.text).toBe(route.method === 'POST' ? 201 : 200);
      }
    });
  }

  test('next-auth takes its own form posts from Arbor, not from elsewhere', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await raw('POST', '/api/auth/signin/sso', { ...form, origin: 'http://evil.example' }, 'csrfToken=x');
    expect(res.status).toBe(403);
    expect((res.json as { error: { code: string } }).error.code).toBe('request.crossOrigin');
    // From Arbor the form type is accepted: next-auth answers itself (its CSRF token is wrong here).
    const ours = await raw('POST', '/api/auth/signin/sso', { ...form, origin: APP }, 'csrfToken=x');
    expect(ours.status).not.toBe(403);
  });
});

test('a server action replayed from another origin is refused with 403, not 500', async ({ page }) => {
  await signIn(page, f.people.both, f.password);
  await expect(page.getByRole('heading', { name: 'Choose an organization' })).toBeVisible();
  const isAction = (r: Request) => r.method() === 'POST' && Boolean(r.headers()['next-action']);
  const captured = page.waitForRequest(isAction);
  await page.getByRole('button', { name: f.globex.name }).click();
  const action = await captured;
  await page.waitForURL((url) => !url.pathname.startsWith('/select-tenant'));

  const headers = await action.allHeaders();
  const replay = (origin: string) =>
    fetch(action.url(), {
      method: 'POST',
      headers: {
        cookie: headers.cookie ?? '',
        origin,
        'next-action': headers['next-action'],
        'content-type': headers['content-type'] ?? 'text/plain;charset=UTF-8',
        accept: headers.accept ?? 'text/x-component',
        ...(headers['next-router-state-tree'] ? { 'next-router-state-tree': headers['next-router-state-tree'] } : {}),
      },
      body: action.postData() ?? '',
      redirect: 'manual',
    });

  const forged = await replay('http://evil.example');
  expect(forged.status).toBe(403);
  expect(forged.headers.get('set-cookie')).toBeNull();
  expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('request.crossOrigin');
  // The capture is a real action: from Arbor's origin the same bytes are answered.
  expect((await replay(APP)).status).toBe(200);
});

test.describe('security headers', () => {
  const expectCommon = (headers: Headers, what: string) => {
    expect(headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(headers.get('x-frame-options'), what).toBe('DENY');
    expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy'), what).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\).*payment=\(\).*usb=\(\)/);
    // Served over http here: HSTS would be meaningless, and must never pin a plain-http host.
    expect(headers.get('strict-transport-security'), what).toBeNull();
  };
  const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];

  test('pages: a strict CSP whose nonce is new each time and on every script', async () => {
    // Signed out: a signed-in person opening /sign-in is sent on to the console.
    const [first, second] = [await raw('GET', '/sign-in', { cookie: '' }), await raw('GET', '/sign-in', { cookie: '' })];
    for (const page of [first, second]) {
      expect(page.status).toBe(200);
      expectCommon(page.headers, '/sign-in');
      const csp = page.headers.get('content-security-policy') ?? '';
      for (const directive of ["'strict-dynamic'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) expect(csp).toContain(directive);
      // The production build: no eval, no dev websocket.
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toMatch(/ws:|wss:/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      const nonce = nonceOf(csp)!;
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const scripts = page.text.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(2);
      expect(scripts.filter((s) => !s.includes(`nonce="${nonce}"`))).toEqual([]);
    }
    expect(nonceOf(first.headers.get('content-security-policy'))).not.toBe(nonceOf(second.headers.get('content-security-policy')));
  });

  test('the console, the JSON API, a static asset and a page that does not exist', async () => {
    const consolePage = await raw('GET', `/units/${tenant.unitId}`, {});
    expect(consolePage.status).toBe(200);
    expectCommon(consolePage.headers, 'console page');
    const nonce = nonceOf(consolePage.headers.get('content-security-policy'));
    expect(nonce).toBeTruthy();
    expect((consolePage.text.match(/<script\b[^>]*>/g) ?? []).filter((s) => !s.includes(`nonce="${nonce}"`))).toEqual([]);

    const json = await raw('GET', `/api/v1/units/${tenant.unitId}`, {});
    expect(json.status).toBe(200);
    expectCommon(json.headers, 'API');
    expect(json.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");

    const asset = /<script\b[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)"/.exec(consolePage.text)?.[1];
    expect(asset).toBeTruthy();
    const staticFile = await raw('GET', asset!, {});
    expect(staticFile.status).toBe(200);
    expectCommon(staticFile.headers, asset!);

    const missing = await raw('GET', `/no-such-page-${ulid()}`, {});
    expect(missing.status).toBe(404);
    expectCommon(missing.headers, 'not found');
    const missingNonce = nonceOf(missing.headers.get('content-security-policy'));
    expect((missing.text.match(/<script\b[^>]*>/g) ?? []).filter((s) => !s.includes(`nonce="${missingNonce}"`))).toEqual([]);
  });
});

test.describe('honest status codes', () => {
  test('a unit page for an unknown, malformed or foreign id answers 404', async () => {
    for (const id of [ulid(), 'not-an-id', f.globex.rootUnitId, 'x'.repeat(3000)]) {
      const res = await raw('GET', `/units/${id}`, { accept: 'text/html' });
      expect(res.status, `/units/${id.slice(0, 40)}`).toBe(404);
      expect(res.text).toContain('This unit doesn');
    }
    expect((await raw('GET', `/units/${tenant.unitId}`, { accept: 'text/html' })).status).toBe(200);
  });

  test('a member page for someone not here, or a malformed id, answers 404', async () => {
    for (const id of [ulid(), 'not-an-id']) {
      const res = await raw('GET', `/members/${id}`, { accept: 'text/html' });
      expect(res.status, `/members/${id}`).toBe(404);
      expect(res.text).toContain('in this organization');
    }
  });

  test('the unit page still streams its panels in, and navigating shows the unit', async ({ page }) => {
    await signIn(page, tenant.owner, tenant.password);
    await page.goto(`/units/${tenant.rootUnitId}`);
    await expect(page.getByRole('heading', { name: 'Sub-units' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    await page.goto(`/units/${ulid()}`);
    await expect(page.getByText("This unit doesn't exist")).toBeVisible();
  });
});

test.describe('the suite notices a CSP violation', () => {
  // Expected to fail: e2e/support/test.ts must turn the browser's report into a failed test.
  test.fail();
  test('an image from another origin on a page', async ({ page }) => {
    await page.goto('/sign-in');
    const reported = page.waitForEvent('console', (m) => m.text().includes('Content Security Policy'));
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'http://evil.example/pixel.png';
      document.body.append(img);
    });
    await reported;
  });
});
