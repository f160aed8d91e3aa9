// The API reference (/developers and a page per area of the API) in Chromium: the OpenAPI
// document is public (no session), and a member of a tenant of its own (not an admin) opens the
// reference from the console's navigation and finds, on each area's page, a card for every
// operation the document lists under it, the webhook event types, and the document to download;
// the table of contents, the index and the schema and error links land where they say; axe finds
// nothing serious on the front page, an area's page and the schemas' page, and on a phone nothing
// scrolls sideways on them.
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
  paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
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
const endpointsOf = (doc: OpenApi, tag?: string) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => METHODS.includes(m) && (tag === undefined || item[m].tags?.[0] === tag))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );

const contents = (page: Page) => page.getByRole('navigation', { name: 'API reference contents' });
const banner = (page: Page) => page.getByRole('banner').filter({ has: page.getByRole('navigation', { name: 'Console' }) });

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

interface AreaPage {
  path: string;
  heading: string;
  /** Each card's id and accessible name (`METHOD /path summary`, by its aria-labelledby). */
  cards: { id: string; name: string }[];
}

/** Every area page the table of contents links to, fetched with the page's session and read as a browser reads it. */
async function readAreaPages(page: Page): Promise<AreaPage[]> {
  const hrefs = await contents(page).getByRole('list').nth(1).getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
  return page.evaluate(async (paths) => {
    const read = async (path: string) => {
      const answer = await fetch(path);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      const doc = new DOMParser().parseFromString(await answer.text(), 'text/html');
      const nameOf = (el: Element) => (el.getAttribute('aria-labelledby') ?? '').split(' ').map((id) => doc.getElementById(id)?.textContent ?? '').join(' ');
      return {
        path,
        heading: doc.querySelector('main h1')?.textContent ?? '',
        cards: [...doc.querySelectorAll('main article')].map((card) => ({ id: card.id, name: nameOf(card) })),
      };
    };
    return Promise.all(paths.map(read));
  }, hrefs);
}

test('a member finds a card for every operation on its area’s page, and the index links each to it', async ({ page, request }) => {
  const doc = await openApi(request);
  const endpoints = endpointsOf(doc);
  await openReference(page);
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'API reference' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`${endpoints.length} operations`, { exact: true })).toBeVisible();

  // Each area of the table of contents is a page headed by its name, holding a card for each
  // operation the document lists under that tag: every operation once, across all of them.
  const areas = await readAreaPages(page);
  expect(areas.map((a) => a.heading)).toEqual(doc.tags.map((tag) => tag.name).filter((tag) => endpointsOf(doc, tag).length > 0));
  for (const area of areas) {
    const endpointsShown = area.cards.map((card) => card.name.split(' ').slice(0, 2).join(' '));
    expect(endpointsShown.sort(), area.path).toEqual(endpointsOf(doc, area.heading).sort());
  }
  expect(areas.flatMap((a) => a.cards.map((card) => card.name.split(' ').slice(0, 2).join(' '))).sort()).toEqual([...endpoints].sort());

  // The index on /developers links every operation, by endpoint and summary, to its card.
  const index = page.getByRole('region', { name: 'Operations by area' });
  const listed = await index.getByRole('listitem').getByRole('link').evaluateAll((links) =>
    links.map((a) => ({ href: a.getAttribute('href')!, text: (a as HTMLElement).innerText.replace(/\s+/g, ' ').trim() })),
  );
  expect(listed).toHaveLength(endpoints.length);
  for (const { href, text } of listed) {
    const [path, id] = href.split('#');
    const card = areas.find((a) => a.path === path)?.cards.find((c) => c.id === id);
    expect(card?.name.replace(/\s+/g, ' '), href).toBe(text);
  }
  const [method, endpoint] = ['post', '/api/v1/units'];
  expect(listed.map((l) => l.text)).toContain(`${method.toUpperCase()} ${endpoint} ${doc.paths[endpoint][method].summary}`);
});

test('a member finds the guide, the event types, and the document to download', async ({ page, request }) => {
  const doc = await openApi(request);
  const endpoints = endpointsOf(doc);
  await openReference(page);

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

  // An area's page, as a reader opens it: the cards say what the operation needs.
  await contents(page).getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expect(page.getByRole('article', { name: /^POST \/api\/v1\/api-keys / })).toContainText('Signed-in person only: API keys are refused');
  expect((await page.goto('/developers/no-such-area'))?.status()).toBe(404);
  await expect(page.getByText('The API reference has no such area')).toBeVisible();
});

test('the index lands on an operation’s card, its schema link on the schema, its error status on its meaning', async ({ page, request }) => {
  const doc = await openApi(request);
  await openReference(page);

  // An operation of the index lands on its card on its area's page, below the console's header.
  const index = page.getByRole('region', { name: 'Operations by area' });
  const units = index.getByRole('region', { name: 'Units', exact: true });
  await units.getByRole('link', { name: /^POST \/api\/v1\/units / }).click();
  await expect(page).toHaveURL(/\/developers\/units#op-[\w-]+$/);
  const create = page.getByRole('article', { name: /^POST \/api\/v1\/units / });
  await expect(create).toBeInViewport();
  await expect(banner(page)).toBeInViewport();
  await expect(create).toContainText(doc.paths['/api/v1/units'].post.summary!);
  await expect(create.getByRole('link', { name: 'Idempotency-Key' })).toBeVisible();
  await expect(contents(page).getByRole('link', { name: 'Units' })).toHaveAttribute('aria-current', 'page');

  // A `$ref` is a link to its schema on the schemas' page; an error status to its meaning, listed once under Errors.
  await create.getByRole('link', { name: 'Unit', exact: true }).click();
  await expect(page).toHaveURL(/\/developers\/schemas#schema-Unit$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Unit', exact: true })).toBeInViewport();
  await expect(banner(page)).toBeInViewport();
  await page.goBack();
  await create.getByRole('link', { name: '404' }).click();
  await expect(page).toHaveURL(/\/developers#error-404$/);
  await expect(page.getByRole('table', { name: 'Error statuses' }).getByRole('row').filter({ hasText: 'NotFound' })).toBeInViewport();
  await expect(banner(page)).toBeInViewport();
});

test('the table of contents lands on the guide’s sections, the areas’ pages and the schemas', async ({ page, request }) => {
  const doc = await openApi(request);
  await openReference(page);
  await page.goto('/developers/units');

  // The guide's sections, from an area's page and then on the front page: each in view, below the header.
  const guide = ['Getting started', 'Authentication', 'Rate limits', 'Idempotency', 'Errors', 'Receiving webhooks'];
  for (const name of guide) {
    const link = contents(page).getByRole('link', { name, exact: true });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/developers#[a-z-]+$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.locator(href.slice(href.indexOf('#'))).getByRole('heading', { level: 2, name, exact: true })).toBeInViewport();
    await expect(banner(page)).toBeInViewport();
  }

  // Every area of the table of contents: its own page, headed by its name and marked current.
  // (All of them are read in the test above; here the reader's way, a few of them.)
  const tags = doc.tags.map((tag) => tag.name).filter((tag) => endpointsOf(doc, tag).length > 0);
  for (const name of [tags[0], tags[Math.floor(tags.length / 2)], tags.at(-1)!]) {
    const link = contents(page).getByRole('link', { name, exact: true });
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${(await link.getAttribute('href'))!}$`));
    await expect(page.getByRole('heading', { level: 1, name, exact: true })).toBeInViewport();
    await expect(link).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('article')).toHaveCount(endpointsOf(doc, name).length);
  }
  await contents(page).getByRole('link', { name: 'Schemas', exact: true }).click();
  await expect(page).toHaveURL(/\/developers\/schemas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Schemas' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(Object.keys(doc.components.schemas).length);

});

for (const path of ['/developers', '/developers/units', '/developers/schemas']) {
  test(`${path} has no serious accessibility problem, and fits a phone`, async ({ page }) => {
    // Every schema on one page: axe alone takes most of a minute over it.
    if (path === '/developers/schemas') test.slow();
    await openReference(page);
    if (path !== '/developers') await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
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
}
