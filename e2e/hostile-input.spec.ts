// Hostile input against every JSON route, page and server action, over HTTP, signed in as the
// owner of a tenant of its own (the role that may call every route). Each field of each route
// gets every value of the corpus (test/hostile/corpus.ts) for its kind while the rest of the
// request stays valid, and each body the malformed, incomplete and over-complete shapes. Every
// answer must be a typed 4xx with a readable message (or, for the import's per-row answers,
// every row refused), never a 5xx; and the tenant's stored items are compared before and after
// each route's batch: nothing may change. The test runner also fails the run when DynamoDB
// refused any request as malformed (ARBOR_BUG_LOG).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { ulid } from 'ulid';
import { createInvitation } from '../lib/invitations';
import { getConnection } from '../lib/sso';
import { platformDb, tenantDb } from '../lib/tenancy';
import { getTenantSettings, OPERATOR_ACTOR } from '../lib/tenants';
import { hostileBodies, hostileIds, hostileText, hostileValuesFor, type FieldKind } from '../test/hostile/corpus';
import { directClient, tableName } from '../test/support/stack';
import { signedInApi } from './support/authz-http';
import { fixtures } from './support/fixtures';
import { NO_INPUT, OWN_SUITE, routeCases, type Field, type HostileWorld, type RouteCase } from './support/hostile-routes';
import { createPeopleTenant, type PeopleTenant } from './support/people-tenant';
import { signIn } from './support/sign-in';
import { describeDiff, diffSnapshots, isEmptyDiff, TenantSnapshotter } from './support/tenant-snapshot';

let tenant: PeopleTenant;
let world: HostileWorld;
let api: APIRequestContext;
let snapshotter: TenantSnapshotter;
let origin: string;

test.beforeAll(async ({ browser }, info) => {
  test.setTimeout(180_000);
  tenant = await createPeopleTenant();
  const db = await tenantDb(tenant.tenantId);
  const invitation = await createInvitation(db, OPERATOR_ACTOR, { email: `pending@${tenant.domain}`, unitId: tenant.units.Sales, role: 'member' });
  const connection = (await getConnection(platformDb(), tenant.tenantId))!;
  world = {
    rootUnitId: tenant.rootUnitId,
    unitId: tenant.units.Engineering,
    otherUnitId: tenant.units.Sales,
    userId: tenant.people.bea.userId,
    membershipUnitId: tenant.units.Design,
    invitationId: invitation.id,
    jobId: ulid(),
    absentId: ulid(),
    sso: { issuer: connection.issuer, clientId: connection.protocol === 'oidc' ? connection.clientId : '', domain: tenant.domain, version: connection.version },
    tenantVersion: (await getTenantSettings(db)).version,
  };
  origin = new URL(info.project.use.baseURL!).origin;
  api = await signedInApi(browser, info.project.use.baseURL!, tenant.owner.email, tenant.password);
  snapshotter = new TenantSnapshotter(directClient(), tableName(), tenant.tenantId, [tenant.domain]);
});

let sentInAll = 0;

test.afterAll(async () => {
  await api?.dispose();
  console.log(`[hostile-input] ${sentInAll} hostile requests in this worker, every one refused cleanly`);
});

interface Sent {
  label: string;
  status: number;
  text: string;
}

/** Sends one request the way the console does (same origin, JSON). */
async function send(method: string, url: string, body?: string | Buffer): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { origin, 'sec-fetch-site': 'same-origin' };
  if (method !== 'GET') headers['content-type'] = 'application/json';
  const r = await api.fetch(url, { method, headers, data: body, failOnStatusCode: false, maxRedirects: 0 });
  return { status: r.status(), text: await r.text() };
}

/** What is wrong with an answer to hostile input, or undefined when it is a clean refusal. */
function problemWith(answer: Sent, options: { rows?: boolean; routerMayAnswer?: boolean } = {}): string | undefined {
  const { status, text } = answer;
  if (status >= 500) return `${status}: ${text.slice(0, 300)}`;
  if (/ValidationException|\n\s+at [\w.<>]+ \(|node_modules/.test(text)) return `internal detail in the answer: ${text.slice(0, 300)}`;
  let body: { error?: { code?: unknown; message?: unknown }; results?: { ok?: boolean; message?: string }[] } | undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (options.rows && status === 200) {
    const rows = body?.results ?? [];
    const accepted = rows.filter((r) => r.ok !== false || !r.message);
    return rows.length === 0 || accepted.length ? `a row was accepted: ${text.slice(0, 300)}` : undefined;
  }
  // An unroutable path (an id with a slash, a NUL) may be answered by the router itself.
  if (options.routerMayAnswer && (status === 400 || status === 404) && !body) return undefined;
  if (status < 400 || status === 401 || status === 403) return `answered ${status}, expected a refusal of the input: ${text.slice(0, 300)}`;
  if (!body?.error || Object.keys(body).length !== 1) return `not a typed error body: ${text.slice(0, 300)}`;
  if (typeof body.error.code !== 'string' || !/^[a-z][a-zA-Z]*(\.[a-zA-Z]+)+$/.test(body.error.code)) return `no typed code: ${text.slice(0, 300)}`;
  if (typeof body.error.message !== 'string' || body.error.message.length < 15) return `message too thin: ${text.slice(0, 300)}`;
  return undefined;
}

function fillPath(route: string, values: Record<string, string>): string {
  return route.replace(/\[(\w+)\]/g, (_, name: string) => encodeURIComponent(values[name]));
}

function urlOf(c: RouteCase, path: Record<string, string>, query: Record<string, string>): string {
  const qs = new URLSearchParams(query);
  return `${fillPath(c.route, path)}${qs.size ? `?${qs}` : ''}`;
}

/** The valid request's values; a field whose value is undefined is left out of it. */
const baseValues = (fields: Record<string, Field> = {}) =>
  Object.fromEntries(Object.entries(fields).flatMap(([k, f]) => (f.value === undefined ? [] : [[k, String(f.value)]])));

/** A copy of `value` with the dotted path set to `to` (or removed, for `undefined`). */
function withField(value: Record<string, unknown>, path: string, to: unknown): Record<string, unknown> {
  const copy = structuredClone(value);
  const parts = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const p of parts.slice(0, -1)) at = at[p] as Record<string, unknown>;
  const last = parts.at(-1)!;
  if (to === undefined) delete at[last];
  else at[last] = to;
  return copy;
}

const valuesFor = (field: Field, where: 'path' | 'query' | 'body') =>
  hostileValuesFor(field.kind as FieldKind, where).filter(([name]) => !(field.accepts ?? []).includes(name));

/** Every hostile request of one route case, labelled. */
function* hostileRequests(c: RouteCase): Generator<{ label: string; url: string; body?: string | Buffer; routerMayAnswer?: boolean }> {
  const path = baseValues(c.path);
  const query = baseValues(c.query);
  const body = c.body ? JSON.stringify(c.body.value) : undefined;
  for (const [name, field] of Object.entries(c.path ?? {})) {
    for (const [label, value] of valuesFor(field, 'path')) {
      yield { label: `path ${name}=${label}`, url: urlOf(c, { ...path, [name]: String(value) }, query), body, routerMayAnswer: true };
    }
  }
  for (const [name, field] of Object.entries(c.query ?? {})) {
    for (const [label, value] of valuesFor(field, 'query')) {
      yield { label: `query ${name}=${label}`, url: urlOf(c, path, { ...query, [name]: String(value) }), body };
    }
  }
  if (!c.body) return;
  const url = urlOf(c, path, query);
  for (const [name, field] of Object.entries(c.body.fields)) {
    for (const [label, value] of valuesFor(field, 'body')) {
      yield { label: `body ${name}=${label}`, url, body: JSON.stringify(withField(c.body.value, name, value)) };
    }
  }
  for (const [label, raw] of Object.entries(hostileBodies)) yield { label: `body ${label}`, url, body: raw };
  yield { label: 'body empty', url, body: '' };
  yield { label: 'body extra field', url, body: JSON.stringify({ ...c.body.value, isAdmin: true }) };
  for (const name of Object.keys(c.body.fields).filter((n) => !(c.body!.optional ?? []).includes(n) && n in flatten(c.body!.value))) {
    yield { label: `body without ${name}`, url, body: JSON.stringify(withField(c.body.value, name, undefined)) };
  }
}

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce(
    (all, [k, v]) => ({ ...all, ...(typeof v === 'object' && v !== null ? flatten(v, `${prefix}${k}.`) : { [`${prefix}${k}`]: v }) }),
    {} as Record<string, unknown>,
  );
}

/** Runs a batch of hostile requests; asserts each was refused cleanly and nothing was stored. */
async function expectRefusedAndUnchanged(batch: () => AsyncGenerator<{ label: string; sent: Sent; problem?: string }>) {
  const before = await snapshotter.take();
  const problems: string[] = [];
  let count = 0;
  for await (const { label, problem } of batch()) {
    count++;
    sentInAll++;
    if (problem) problems.push(`${label}: ${problem}`);
  }
  const after = await snapshotter.take();
  const diff = diffSnapshots(before, after);
  expect(problems, `${problems.length} of ${count} hostile requests were not refused cleanly`).toEqual([]);
  expect(isEmptyDiff(diff) ? '' : describeDiff(before, after, diff), 'hostile requests changed stored data').toBe('');
  expect(count).toBeGreaterThan(0);
}

test('the route table covers every handler of every route file', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : n === 'route.ts' ? [join(dir, n)] : []));
  const handlers = files('app/api').flatMap((file) => {
    const route = `/${file.replace(/\\/g, '/').replace(/^app\//, '').replace(/\/route\.ts$/, '')}`;
    const source = readFileSync(file, 'utf8');
    const methods = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
    const reexported = /export \{[^}]*\bas (GET|POST)\b[^}]*\}/.test(source) ? ['GET', 'POST'].filter((m) => source.includes(`as ${m}`)) : [];
    const functions = [...source.matchAll(/export async function (GET|POST|PUT|PATCH|DELETE)\b/g)].map((m) => m[1]);
    return [...methods, ...reexported, ...functions].map((m) => `${m} ${route}`);
  });
  const covered = new Set([...routeCases(fakeWorld()).map((c) => `${c.method} ${c.route}`), ...NO_INPUT, ...OWN_SUITE]);
  expect(handlers.filter((h) => !covered.has(h)), 'handlers missing from e2e/support/hostile-routes.ts').toEqual([]);
});

function fakeWorld(): HostileWorld {
  const id = ulid();
  return {
    rootUnitId: id, unitId: id, otherUnitId: id, userId: id, membershipUnitId: id, invitationId: id, jobId: id, absentId: id,
    sso: { issuer: 'https://idp.example', clientId: 'x', domain: 'example.test', version: 1 }, tenantVersion: 1,
  };
}

// One test per route case, so a failure names the route.
const describeCase = (c: RouteCase) =>
  `${c.method} ${c.route}${c.query ? `?${Object.keys(c.query).join('&')}` : ''}${c.body?.value.kind ? ` (${c.body.value.kind})` : ''}`;
for (const [i, description] of routeCases(fakeWorld()).map((c, i) => [i, describeCase(c)] as const)) {
  test(`hostile input to ${description} is refused and changes nothing`, async () => {
    test.setTimeout(180_000);
    const c = routeCases(world)[i];
    await expectRefusedAndUnchanged(async function* () {
      for (const r of hostileRequests(c)) {
        const answer = await send(c.method, r.url, r.body);
        const sent = { label: r.label, ...answer };
        yield { label: r.label, sent, problem: problemWith(sent, { rows: c.rows, routerMayAnswer: r.routerMayAnswer }) };
      }
    });
  });
}

test('pages answer hostile addresses and query strings without a server error', async () => {
  test.setTimeout(120_000);
  const texts = Object.entries(hostileText).filter(([, v]) => v.length <= 3000);
  const ids = Object.values(hostileIds).filter((v) => v !== '');
  const urls = [
    ...ids.flatMap((id) => [`/units/${encodeURIComponent(id)}`, `/members/${encodeURIComponent(id)}`, `/invite/${encodeURIComponent(id)}`]),
    ...texts.flatMap(([, t]) => [
      `/members?q=${encodeURIComponent(t)}`,
      `/units?q=${encodeURIComponent(t)}`,
      `/sign-in?callbackUrl=${encodeURIComponent(t)}&reason=${encodeURIComponent(t)}`,
      `/sign-in/error?code=${encodeURIComponent(t)}`,
      `/select-tenant?reason=${encodeURIComponent(t)}`,
      `/invite/${encodeURIComponent(t)}`,
    ]),
    '/sign-in?callbackUrl=https%3A%2F%2Fevil.example%2F',
    '/sign-in?callbackUrl=%2F%2Fevil.example',
  ];
  await expectRefusedAndUnchanged(async function* () {
    for (const url of urls) {
      const r = await api.fetch(url, { failOnStatusCode: false, maxRedirects: 0 });
      const location = r.headers().location ?? '';
      const sent = { label: url, status: r.status(), text: await r.text() };
      const problem =
        sent.status >= 500 ? `${sent.status}` : /^(https?:)?\/\/(?!127\.0\.0\.1|localhost)/.test(location) ? `redirects off-site to ${location}` : undefined;
      yield { label: url, sent, problem };
    }
  });
});

test("next-auth's routes answer hostile callbacks without a server error", async () => {
  const values = [...Object.values(hostileIds), hostileText.nul, hostileText.rtlOverride, hostileText.long10k.slice(0, 3000)];
  await expectRefusedAndUnchanged(async function* () {
    for (const v of values) {
      const q = encodeURIComponent(v);
      for (const url of [`/api/auth/callback/sso?code=${q}&state=${q}`, `/api/auth/callback/sso?error=${q}&error_description=${q}`, `/api/auth/${q}`]) {
        const r = await api.fetch(url, { failOnStatusCode: false, maxRedirects: 0 });
        const sent = { label: url, status: r.status(), text: await r.text() };
        yield { label: url, sent, problem: sent.status >= 500 ? `${sent.status}: ${sent.text.slice(0, 200)}` : undefined };
      }
    }
  });
});

/** The first server action request the page sends while `act` runs. */
async function captureAction(page: Page, act: () => Promise<void>) {
  const [request] = await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && !!r.headers()['next-action']), act()]);
  return { url: request.url(), headers: await request.allHeaders(), body: request.postDataBuffer() ?? Buffer.alloc(0) };
}

/** Replays a captured server action with another body; what must not happen is a 5xx. */
async function replayAction(page: Page, captured: Awaited<ReturnType<typeof captureAction>>, body: Buffer, label: string) {
  const headers = Object.fromEntries(
    Object.entries(captured.headers).filter(([k]) => ['next-action', 'next-router-state-tree', 'content-type', 'accept', 'origin'].includes(k)),
  );
  const r = await page.request.fetch(captured.url, { method: 'POST', headers, data: body, failOnStatusCode: false, maxRedirects: 0 });
  return { label, status: r.status(), text: await r.text() };
}

test('the sign-in server action refuses hostile emails without a server error', async ({ page }) => {
  const probe = 'probe@no-such-company.test';
  await page.goto('/sign-in');
  await page.getByLabel('Work email').fill(probe);
  const captured = await captureAction(page, () => page.getByRole('button', { name: 'Continue' }).click());
  expect(captured.body.toString('latin1')).toContain(probe);
  const emails = [...hostileValuesFor('email', 'query').map(([, v]) => String(v)), hostileText.nul, hostileText.rtlOverride, 'x'.repeat(100_000)];
  const problems: string[] = [];
  for (const email of emails) {
    const body = Buffer.from(captured.body.toString('latin1').replace(probe, Buffer.from(email, 'utf8').toString('latin1')), 'latin1');
    const answer = await replayAction(page, captured, body, email.slice(0, 40));
    if (answer.status >= 500) problems.push(`${answer.label}: ${answer.status}`);
    if (answer.text.includes('"redirecting"')) problems.push(`${answer.label}: sign-in started`);
  }
  expect(problems).toEqual([]);
});

test('the switch-organization server action refuses hostile ids without a server error', async ({ page }) => {
  const f = fixtures();
  await signIn(page, f.people.both, f.password);
  await page.getByRole('button', { name: f.acme.name }).click();
  const switcher = page.getByLabel('Switch organization');
  await expect(switcher).toBeEnabled();
  const other = await switcher.locator('option:not(:checked)').first().getAttribute('value');
  const captured = await captureAction(page, () => switcher.selectOption(other!).then(() => undefined));
  expect(captured.body.toString()).toContain(other!);
  const values: unknown[] = [...Object.values(hostileIds), tenant.tenantId, 12, null, true, {}, [], { tenantId: other }];
  const problems: string[] = [];
  for (const value of values) {
    const answer = await replayAction(page, captured, Buffer.from(JSON.stringify([value])), JSON.stringify(value).slice(0, 40));
    if (answer.status >= 500) problems.push(`${answer.label}: ${answer.status}`);
    if (answer.text.includes('"switched"')) problems.push(`${answer.label}: switched`);
  }
  for (const raw of ['', 'not json', '{"a":', '[]']) {
    const answer = await replayAction(page, captured, Buffer.from(raw), `raw ${raw}`);
    if (answer.status >= 500) problems.push(`${answer.label}: ${answer.status}`);
  }
  expect(problems).toEqual([]);
});
