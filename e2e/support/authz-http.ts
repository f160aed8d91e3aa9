// The HTTP side of the authorization matrix: real sessions (each actor signs in once through the
// local IdP in Chromium; its cookies are reused by an APIRequestContext), sending a request the
// way the browser's `api()` does, and what a refusal must look like: the status and code, a
// message that says what is missing, and nothing of the tenant's data in the body.
import assert from 'node:assert/strict';
import { request, type APIRequestContext, type Browser } from '@playwright/test';
import { signIn } from './sign-in';
import type { Req, Res } from './authz-cases';
import type { Snapshot } from './tenant-snapshot';

export async function signedInApi(browser: Browser, baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const context = await browser.newContext();
  try {
    await signIn(await context.newPage(), email, password);
    return await request.newContext({ baseURL, storageState: await context.storageState() });
  } finally {
    await context.close();
  }
}

/**
 * What Chromium and `api()` add to a change sent from an Arbor page: the page's origin and
 * JSON's content type (proxy.ts refuses a change without them). Reads send neither.
 */
export function asFromArborPage(method: string): Record<string, string> {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())) return {};
  return { origin: new URL(process.env.ARBOR_APP_URL ?? '').origin, 'content-type': 'application/json' };
}

export async function send(api: APIRequestContext, req: Req, headers?: Record<string, string>): Promise<Res> {
  const r = await api.fetch(req.url, {
    method: req.method,
    data: req.data,
    headers: { ...asFromArborPage(req.method), ...headers },
    failOnStatusCode: false,
    maxRedirects: 0,
  });
  const text = await r.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: r.status(), body, text };
}

/** Any id Arbor hands out (ULID: 26 Crockford base32 characters). */
const ULID = /[0-9A-HJKMNP-TV-Z]{26}/;

/** What the actor may not see, read from a snapshot: names of units outside their view, people, emails. */
export function secretsFor(snapshot: Snapshot, visiblePaths: string[] | 'all'): string[] {
  const secrets = new Set<string>();
  for (const text of snapshot.values()) {
    const item = JSON.parse(text) as Record<string, unknown>;
    if (item.type === 'unit' && visiblePaths !== 'all') {
      const path = item.path as string;
      // A unit is seen when a membership reaches it, and so are its ancestors' names (breadcrumb).
      const seen = visiblePaths.some((p) => path.startsWith(p) || p.startsWith(path));
      if (!seen) secrets.add(item.name as string);
    }
    if (item.type === 'tenantUser' || item.type === 'invitation') secrets.add(item.email as string);
    if (item.type === 'tenantUser') secrets.add(item.name as string);
  }
  return [...secrets].filter((s) => s && s.length > 3);
}

/**
 * What an actor who sees only `visiblePath`'s subtree must not be shown by a read or a page: the
 * ids and names of units outside it (ancestors' names excepted: the breadcrumb shows them), and
 * people and invitations found only there. People stay visible when they belong in view, when
 * the history of a unit in view mentions them (who did what there), and, for those allowed
 * `access.explain`, when they administer the unit (owners, admins, managers above it).
 */
export function hiddenFrom(snapshot: Snapshot, visiblePath: string | 'all', options: { administrators?: boolean } = {}): string[] {
  if (visiblePath === 'all') return [];
  const items = [...snapshot.values()].map((t) => JSON.parse(t) as Record<string, any>);
  const inView = (path: string) => path.startsWith(visiblePath);
  const units = new Map(items.filter((i) => i.type === 'unit').map((i) => [i.unitId as string, i]));
  const hiddenUnits = new Set([...units.values()].filter((u) => !inView(u.path) && !visiblePath.startsWith(u.path)).map((u) => u.unitId as string));
  const seenPeople = new Set(items.filter((i) => i.type === 'membership' && inView(i.unitPath)).map((i) => i.userId as string));
  if (options.administrators) {
    for (const m of items.filter((i) => i.type === 'membership' && visiblePath.startsWith(i.unitPath) && i.role !== 'member')) seenPeople.add(m.userId);
  }
  const history = items
    .filter((i) => i.type === 'audit' && units.has(i.unitId) && inView(units.get(i.unitId)!.path))
    .map((i) => JSON.stringify([i.actor, i.target, i.before, i.after]))
    .join('\n');
  const hidden = [
    ...[...hiddenUnits].flatMap((id) => [id, units.get(id)!.name as string]),
    ...items.filter((i) => i.type === 'tenantUser' && !seenPeople.has(i.userId) && !history.includes(i.email)).flatMap((i) => [i.email, i.name]),
    ...items.filter((i) => i.type === 'invitation' && hiddenUnits.has(i.unitId)).map((i) => i.email),
  ];
  return [...new Set(hidden)].filter((x) => typeof x === 'string' && x.length > 3);
}

/** Each hidden string the text shows, with what surrounds it (for a failure message). */
export function shownOf(text: string, hidden: string[]): string[] {
  return hidden.filter((x) => text.includes(x)).map((x) => `${x} in …${text.slice(Math.max(0, text.indexOf(x) - 120), text.indexOf(x) + 40)}…`);
}

/** A refusal: the status and code, a message saying what is missing, and no tenant data. */
export function assertRefused(res: Res, status: number, code: string | RegExp, secrets: string[]) {
  assert.equal(res.status, status, `expected ${status} ${code}, got ${res.status}: ${res.text.slice(0, 300)}`);
  const body = res.body as { error?: { code?: string; message?: string } } | undefined;
  assert.ok(body?.error, `no error body: ${res.text.slice(0, 300)}`);
  assert.deepEqual(Object.keys(body), ['error'], 'the refusal carries more than the error');
  if (typeof code === 'string') assert.equal(body.error.code, code);
  else assert.match(body.error.code ?? '', code);
  assert.ok((body.error.message ?? '').length > 15, `message too thin: ${body.error.message}`);
  assert.doesNotMatch(res.text, ULID, `an id leaks in the refusal: ${res.text}`);
  const leaked = secrets.filter((s) => res.text.includes(s));
  assert.deepEqual(leaked, [], `the refusal shows tenant data: ${res.text}`);
}
