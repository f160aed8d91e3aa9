// The API reference (/developers) in Chromium: the OpenAPI document is public (no session), and a
// member of a tenant of its own (not an admin) opens the reference from the console's navigation
// and finds a card for every operation the document lists, the webhook event types, and the
// document to download; the table of contents and the schema links land where they say; axe
// finds nothing serious, and on a phone nothing scrolls sideways.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { addMembership } from '../lib/members';
import { platformDb, tenantDb } from '../lib/tenancy';
import { OPERATOR_ACTOR } from '../lib/tenants';
import { ensureUser } from '../lib/users';
import { WEBHOOK_EVENT_TYPES } from '../lib/webhooks/events';
import { createIdpTenant, type IdpTenant } from './support/idp-tenant';
import { signIn } from './support/sign-in';
import { expect, test } from './support/test';

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { summary?: string }>>;
  tags: { name: string }[];
  components: { schemas: Record<string, unknown> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
let t: IdpTenant;
let member: string;

test.beforeAll(async () => {
  const person = { local: 'mia', name: 'Mia Member' };
  t = await createIdpTenant('ApiRef', [{ local: 'olga', name: 'Olga Owner' }, person]);
  member = `${person.local}@${t.domain}`;
  const user = await ensureUser(platformDb(), member, person.name);
  await addMembership(await tenantDb(t.tenantId), OPERATOR_ACTOR, { unitId: t.rootUnitId, role: 'member', userId: user.id, email: member, name: person.name });
});

async function openApi(request: APIRequestContext): Promise<OpenApi> {
  const answer = await request.get('/api/v1/openapi.json');
  expect(answer.status()).toBe(200);
  return (await answer.json()) as OpenApi;
}

/** Every operation of the document, as its card names it: `METHOD /path`. */
const endpointsOf = (doc: OpenApi) =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).filter((m) => METHODS.includes(m)).map((m) => `${m.toUpperCase()} ${path}`));

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const contents = (page: Page) => page.getByRole('navigation', { name: 'On this page' });

async function openReference(page: Page) {
  await signIn(page, member, t.password);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
}

test('an unknown /api/v1 path answers a JSON 404, another method on a known path a JSON 405 with Allow', async ({ request }) => {
  const key = { authorization: 'Bearer arbor_key_unknown' };
  const missing = await request.get('/api/v1/no-such-thing', { headers: key, maxRedirects: 0 });
  expect(missing.status()).toBe(404);
  expect(missing.headers()['content-type']).toMatch(/^application\/json/);
  expect((await missing.json()).error.code).toBe('request.unknownPath');

  const wrong = await request.delete('/api/v1/openapi.json', { headers: key, maxRedirects: 0 });
  expect(wrong.status()).toBe(405);
  expect(wrong.headers()['allow']).toBe('GET, HEAD, OPTIONS');
  expect(await wrong.json()).toMatchObject({ error: { code: 'request.methodNotAllowed', details: { allow: ['GET', 'HEAD', 'OPTIONS'] } } });
  const put = await request.put('/api/v1/units/01JABCDEFGHJKMNPQRSTVWXYZ0', { headers: key, maxRedirects: 0 });
  expect(put.status()).toBe(405);
  expect(put.headers()['allow']).toBe('DELETE, GET, HEAD, OPTIONS, PATCH');
});

test('the OpenAPI document is served without a session', async ({ request }) => {
  const answer = await request.get('/api/v1/openapi.json', { maxRedirects: 0 });
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/^application\/json/);
  const doc = (await answer.json()) as OpenApi;
  expect(doc.openapi).toBe('3.1.0');
  expect(endpointsOf(doc).length).toBeGreaterThan(40);
});

test('a member finds a card for every operation of the document, the event types, and the document to download', async ({ page, request }) => {
  const doc = await openApi(request);
  const endpoints = endpointsOf(doc);
  await openReference(page);
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API reference' })).toHaveAttribute('aria-current', 'page');

  // Each card is named by its endpoint, then its summary (aria-labelledby): read them all at once,
  // as a role query per card over a page this size takes a while.
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(endpoints.length);
  const named = await cards.evaluateAll((all) =>
    all.map((card) => (card.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')),
  );
  expect(named.map((name) => name.split(' ').slice(0, 2).join(' ')).sort()).toEqual([...endpoints].sort());
  const create = page.getByRole('article', { name: /^POST \/api\/v1\/units / });
  await expect(create).toContainText(doc.paths['/api/v1/units'].post.summary!);
  await expect(create.getByRole('link', { name: 'Idempotency-Key' })).toBeVisible();
  await expect(page.getByRole('article', { name: /^POST \/api\/v1\/api-keys / })).toContainText('Signed-in person only: API keys are refused');

  // The guide: the base URL is this server, and a member is told who manages keys and webhooks.
  await expect(page.getByRole('region', { name: 'Getting started' })).toContainText(`The base URL is ${new URL(page.url()).origin}`);
  await expect(page.getByRole('region', { name: 'Authentication' })).toContainText('Settings → API keys (owners and admins)');
  await expect(page.getByRole('link', { name: 'Settings → API keys' })).toHaveCount(0);
  const events = page.getByRole('table', { name: 'Webhook event types' });
  await expect(events.getByRole('row')).toHaveCount(WEBHOOK_EVENT_TYPES.length + 1);
  for (const type of WEBHOOK_EVENT_TYPES) await expect(events.getByRole('cell', { name: type, exact: true })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download openapi.json' }).click()]);
  expect(download.suggestedFilename()).toBe('arbor-openapi.json');
  const downloaded = JSON.parse(await readFile((await download.path())!, 'utf8')) as OpenApi;
  expect(endpointsOf(downloaded)).toEqual(endpoints);
});

test('the table of contents and the schema links land on what they name', async ({ page, request }) => {
  const doc = await openApi(request);
  await openReference(page);
  const guide = ['Getting started', 'Authentication', 'Rate limits', 'Idempotency', 'Errors', 'Receiving webhooks'];
  for (const name of [...guide, ...doc.tags.map((tag) => tag.name), 'Schemas']) {
    const link = contents(page).getByRole('link', { name, exact: true });
    const hash = (await link.getAttribute('href'))!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${escaped(hash)}$`));
    // The link's own target, named as the link is; the page scrolls below the console's header.
    await expect(page.locator(hash).getByRole('heading', { level: 2, name, exact: true })).toBeInViewport();
    await expect(page.getByRole('banner')).toBeInViewport();
  }

  // A `$ref` is a link to its schema, described in the Schemas section.
  const create = page.getByRole('article', { name: /^POST \/api\/v1\/units / });
  await create.getByRole('link', { name: 'Unit', exact: true }).click();
  await expect(page).toHaveURL(/#schema-Unit$/);
  const schemas = page.getByRole('region', { name: 'Schemas' });
  await expect(schemas.getByRole('heading', { level: 3, name: 'Unit', exact: true })).toBeInViewport();
  await expect(schemas.getByRole('heading', { level: 3 })).toHaveCount(Object.keys(doc.components.schemas).length);
  // An error status is a link to its meaning, listed once under Errors.
  await create.getByRole('link', { name: '404' }).click();
  await expect(page).toHaveURL(/#error-404$/);
  await expect(page.getByRole('table', { name: 'Error statuses' }).getByRole('row').filter({ hasText: 'NotFound' })).toBeInViewport();
});

test('the reference has no serious accessibility problem, and fits a phone', async ({ page }) => {
  // A long page: axe takes about a minute over it.
  test.setTimeout(180_000);
  await openReference(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API reference' })).toBeVisible();
  const sideways = await page.evaluate(() =>
    [document.scrollingElement!, ...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el === document.scrollingElement || ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}"> ${el.scrollWidth} > ${el.clientWidth}`),
  );
  expect(sideways).toEqual([]);
});
