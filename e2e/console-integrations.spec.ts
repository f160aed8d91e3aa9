// Settings → API keys and Settings → Webhooks in Chromium against the whole local stack (with the
// webhook delivery worker `npm test` runs), in a tenant of its own. An owner creates a manager key
// on Engineering, copies the secret shown once, and uses it: a unit inside Engineering is created
// (201), one outside is refused (403); its "Last used" fills in; revoked, it answers 401. A
// manager is refused both screens. A key made for checks only is listed so and refused any
// write or other read (403 apiKey.checkOnly). An endpoint added in the console (a receiver in this process on
// 127.0.0.1) gets a signed `unit.created` delivery for a unit made in the console, which the
// Standard Webhooks library verifies with the secret shown once; its delivery log shows it
// delivered, and Resend sends it again with the same webhook-id; editing its events and switching
// it off and on work from the list, and the event added is then delivered.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { ulid } from 'ulid';
import { addMembership } from '../lib/members';
import { createUnit } from '../lib/org';
import { platformDb, tenantDb } from '../lib/tenancy';
import { OPERATOR_ACTOR } from '../lib/tenants';
import { ensureUser } from '../lib/users';
import { heading } from './support/console-locators';
import { createIdpTenant } from './support/idp-tenant';
import { signIn } from './support/sign-in';
import { expect, test } from './support/test';

const run = ulid().toLowerCase().slice(-6);
let t: { domain: string; password: string; owner: string; manager: string; engineeringId: string; salesId: string };

test.beforeAll(async () => {
  const owner = { local: 'olga', name: 'Olga Owner' };
  const manager = { local: 'max', name: 'Max Manager' };
  const tenant = await createIdpTenant('Integrations', [owner, manager]);
  const db = await tenantDb(tenant.tenantId);
  const engineering = await createUnit(db, OPERATOR_ACTOR, { parentId: tenant.rootUnitId, name: 'Engineering' });
  const sales = await createUnit(db, OPERATOR_ACTOR, { parentId: tenant.rootUnitId, name: 'Sales' });
  const managerEmail = `${manager.local}@${tenant.domain}`;
  const user = await ensureUser(platformDb(), managerEmail, manager.name);
  await addMembership(db, OPERATOR_ACTOR, { unitId: engineering.id, role: 'manager', userId: user.id, email: managerEmail, name: manager.name });
  t = { domain: tenant.domain, password: tenant.password, owner: `${owner.local}@${tenant.domain}`, manager: managerEmail, engineeringId: engineering.id, salesId: sales.id };
});

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('an owner creates an API key, uses it within its unit only, sees its last use, and revokes it', async ({ page, request }) => {
  const name = `HR sync ${run}`;
  await signIn(page, t.owner, t.password);
  await page.goto('/settings/api-keys');
  await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'API keys' })).toHaveAttribute('aria-current', 'page');
  const card = page.getByRole('region', { name: 'API keys' });
  await expect(card.getByText('No API key yet')).toBeVisible();

  await card.getByRole('button', { name: 'New API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API key' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Unit' }).fill('Eng');
  await page.getByRole('option', { name: /^Engineering/ }).click();
  await dialog.getByRole('button', { name: /^Role/ }).click();
  await page.getByRole('option', { name: /^manager/ }).click();
  await dialog.getByLabel('Expires after').selectOption('30');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  // Shown once, copied from the dialog.
  const shown = page.getByRole('dialog', { name: `Your new API key: ${name}` });
  await expect(shown).toContainText('Copy it now: Arbor keeps only a hash and cannot show it again.');
  const secret = await shown.getByLabel('API key', { exact: true }).inputValue();
  expect(secret).toMatch(/^arbor_key_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy API key' }).click();
  await expect(shown.getByRole('button', { name: 'Copy API key' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();

  const row = card.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(/manager of Engineering/i);
  await expect(row).toContainText(`arbor_key_…${secret.slice(-4)}`);
  const lastUsed = row.getByRole('cell').nth(5);
  await expect(lastUsed).toHaveText('never');
  await page.reload();
  await expect(page.getByText(secret)).toHaveCount(0);

  // The key acts as a manager of Engineering: it creates there, and nowhere else.
  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  const inside = await request.post('/api/v1/units', { headers, data: { parentId: t.engineeringId, name: `Keyed ${run}` }, failOnStatusCode: false });
  expect(inside.status(), await inside.text()).toBe(201);
  expect(((await inside.json()) as { parentId: string }).parentId).toBe(t.engineeringId);
  expect(Number(inside.headers()['ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
  expect(inside.headers()['arbor-consistency-token'], 'a write answers its consistency token').toMatch(/^v1\.[0-9a-z]+$/);
  const outside = await request.post('/api/v1/units', { headers, data: { parentId: t.salesId, name: `Outside ${run}` }, failOnStatusCode: false });
  expect(outside.status(), await outside.text()).toBe(403);

  // Its last use is written beside the request: it shows after a reload.
  await expect(async () => {
    await page.reload();
    await expect(lastUsed).toHaveText('just now', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: `Revoke the API key ${name}?` });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`Revoked the API key ${name}.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const revoked = await request.get(`/api/v1/units/${t.engineeringId}`, { headers, failOnStatusCode: false });
  expect(revoked.status(), await revoked.text()).toBe(401);
});

test('an owner creates a key for checks only: listed as such, it can change nothing', async ({ page, request }) => {
  const name = `Expenses app ${run}`;
  await signIn(page, t.owner, t.password);
  await page.goto('/settings/api-keys');
  const card = page.getByRole('region', { name: 'API keys' });
  await card.getByRole('button', { name: 'New API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'New API key' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('combobox', { name: 'Unit' }).fill('Eng');
  await page.getByRole('option', { name: /^Engineering/ }).click();
  const access = dialog.getByRole('group', { name: 'Access' });
  await expect(access.getByRole('radio', { name: /^Full access/ })).toBeChecked();
  await access.getByRole('radio', { name: /^Checks only/ }).check();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByRole('dialog', { name: `Your new API key: ${name}` });
  const secret = await shown.getByLabel('API key', { exact: true }).inputValue();
  await shown.getByRole('button', { name: 'Done' }).click();

  const row = card.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(/manager of Engineering/i);
  await expect(row).toContainText('Checks only');
  await expect(card.getByRole('row').filter({ hasText: `HR sync ${run}` })).toHaveCount(0);

  const headers = { authorization: `Bearer ${secret}`, 'content-type': 'application/json' };
  for (const answer of [
    await request.post('/api/v1/units', { headers, data: { parentId: t.engineeringId, name: `Checked ${run}` }, failOnStatusCode: false }),
    await request.get(`/api/v1/units/${t.engineeringId}`, { headers, failOnStatusCode: false }),
  ]) {
    expect(answer.status(), await answer.text()).toBe(403);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('apiKey.checkOnly');
  }
});

test('a manager cannot open API keys or Webhooks, nor call their API', async ({ page }) => {
  await signIn(page, t.manager, t.password);
  for (const [path, region] of [['/settings/api-keys', 'API keys'], ['/settings/webhooks', 'Webhooks']]) {
    await page.goto(path);
    await expect(page.getByText('You can’t open this page')).toBeVisible();
    await expect(page.getByText('Only owners and admins can manage API keys and webhooks.')).toBeVisible();
    await expect(page.getByRole('region', { name: region })).toHaveCount(0);
  }
  for (const path of ['/api/v1/api-keys', '/api/v1/webhooks']) {
    expect((await page.request.get(path, { failOnStatusCode: false })).status()).toBe(403);
  }
});

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** An endpoint on this machine that answers 200 to every POST and keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: flatHeaders(req.headers), body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      // The sender may keep its connection alive: close it too, or close() waits for it.
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}/arbor-events`, received, close };
}

const flatHeaders = (h: IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));

interface Event {
  type: string;
  data: { target: { id: string; label?: string } };
}

/** The deliveries whose signature the endpoint's secret verifies, with their events. */
function verified(received: Received[], secret: string): { id: string; event: Event }[] {
  const webhook = new Webhook(secret);
  return received.flatMap((r) => {
    try {
      return [{ id: r.headers['webhook-id'], event: webhook.verify(r.body, r.headers) as Event }];
    } catch {
      return [];
    }
  });
}

/** The worker reads the table's stream: it may be catching up on other specs' changes. */
const DELIVERY = { timeout: 60_000, intervals: [500, 1_000, 2_000] };

async function createSubUnit(page: Page, parentId: string, parentName: string, name: string) {
  await page.goto(`/units/${parentId}`);
  await page.getByRole('button', { name: 'New sub-unit' }).click();
  const dialog = page.getByRole('dialog', { name: `New unit in ${parentName}` });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create unit' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('region', { name: 'Sub-units' }).getByRole('link', { name: new RegExp(`^${name}`) }).click();
  await expect(heading(page, name)).toBeVisible();
  return page.url().split('/units/')[1];
}

test('an endpoint receives signed deliveries, shows them in its log, resends one, and is edited and switched off and on', async ({ page }) => {
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  try {
    await signIn(page, t.owner, t.password);
    await page.goto('/settings/webhooks');
    const card = page.getByRole('region', { name: 'Webhooks' });
    await expect(card.getByText('No endpoint yet')).toBeVisible();
    await card.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await dialog.getByLabel('Description', { exact: true }).fill(`Receiver ${run}`);
    await dialog.getByRole('checkbox', { name: /^unit\.created / }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const shown = page.getByRole('dialog', { name: "The endpoint's signing secret" });
    const secret = await shown.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    const endpoint = card.getByRole('list', { name: 'Webhook endpoints' }).getByRole('listitem').filter({ hasText: receiver.url });
    await expect(endpoint).toContainText(`Receiver ${run}`);
    await expect(endpoint).toContainText(`unit.created · secret …${secret.slice(-4)}`);
    await expect(endpoint.getByText('On', { exact: true })).toBeVisible();

    // A change made in the console reaches the receiver, signed with the secret shown once.
    const unitName = `Hooked ${run}`;
    const unitId = await createSubUnit(page, t.engineeringId, 'Engineering', unitName);
    const createdEvent = () => verified(receiver.received, secret).find((d) => d.event.type === 'unit.created' && d.event.data.target.id === unitId);
    await expect.poll(() => createdEvent()?.event.data.target.label, DELIVERY).toBe(unitName);
    const messageId = createdEvent()!.id;
    expect(messageId).toMatch(/^msg_[0-9A-Z]{26}$/);

    // Its delivery log: delivered, the receiver's 200; Resend sends the same message again.
    await page.goto('/settings/webhooks');
    await endpoint.getByRole('link', { name: 'Delivery log' }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Deliveries to ${receiver.url}` })).toBeVisible();
    const resend = page.getByRole('button', { name: `Resend unit.created ${messageId}` });
    const delivery = page.getByRole('row').filter({ has: resend });
    await expect(async () => {
      await page.reload();
      await expect(delivery).toContainText('Delivered', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(delivery).toContainText('HTTP 200');
    expect(receiver.received.filter((r) => r.headers['webhook-id'] === messageId)).toHaveLength(1);
    await resend.click();
    await expect(page.getByText('Queued to send again, with the same webhook-id.')).toBeVisible();
    await expect.poll(() => verified(receiver.received, secret).filter((d) => d.id === messageId).length, DELIVERY).toBe(2);

    // Edited from the list to hear of renames too; switched off, then on again.
    await page.getByRole('link', { name: '← Webhooks' }).click();
    await endpoint.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
    await expect(edit.getByLabel('Endpoint URL')).toHaveValue(receiver.url);
    await expect(edit.getByRole('checkbox', { name: /^unit\.created / })).toBeChecked();
    await edit.getByRole('checkbox', { name: /^unit\.renamed / }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Endpoint saved.')).toBeVisible();
    await expect(endpoint).toContainText('unit.created, unit.renamed');
    await endpoint.getByRole('button', { name: 'Switch off' }).click();
    await expect(page.getByText('Endpoint switched off.')).toBeVisible();
    await expect(endpoint.getByText(/^Off/)).toBeVisible();
    await endpoint.getByRole('button', { name: 'Switch on' }).click();
    await expect(page.getByText('Endpoint switched on.')).toBeVisible();
    await expect(endpoint.getByText('On', { exact: true })).toBeVisible();
    await expect(endpoint.getByRole('button', { name: 'Switch off' })).toBeVisible();

    // The secret rolled: the new one is shown once, and for a day the old one signs too.
    await endpoint.getByRole('button', { name: /^Roll the secret of / }).click();
    await page.getByRole('dialog', { name: "Roll this endpoint's signing secret?" }).getByRole('button', { name: 'Roll secret' }).click();
    const rolled = page.getByRole('dialog', { name: "The endpoint's signing secret" });
    const newSecret = await rolled.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rolled.getByRole('button', { name: 'Done' }).click();
    await expect(endpoint).toContainText(`secret …${newSecret.slice(-4)} (the old one also signs until`);

    // The event added is delivered now, verifying with either secret.
    await page.goto(`/units/${unitId}`);
    await page.getByRole('button', { name: 'Rename unit' }).click();
    await page.getByLabel('Unit name').fill(`${unitName} renamed`);
    await page.getByLabel('Unit name').press('Enter');
    await expect(heading(page, `${unitName} renamed`)).toBeVisible();
    for (const key of [newSecret, secret]) {
      await expect
        .poll(() => verified(receiver.received, key).some((d) => d.event.type === 'unit.renamed' && d.event.data.target.id === unitId), DELIVERY)
        .toBe(true);
    }
  } finally {
    await receiver.close();
  }
});
