// Settings → Audit streaming in Chromium against the whole local stack (with the audit-stream
// worker and the S3 server `npm test` runs), in a tenant of its own. An owner adds an HTTPS
// destination (a receiver in this process on 127.0.0.1), keeps the signing secret shown once, and
// sends a test entry; units renamed then arrive at the receiver signed (the Standard Webhooks
// library verifies each batch with that secret) and in order. The receiver fails (HTTP 500): the
// list shows the destination failing with the error in words; it recovers: the entries missed
// arrive, and the list shows it healthy and up to date. Paused and resumed from the list. An S3
// destination on the stack's S3 server receives an object holding the entries. An admin gets the
// settings area's forbidden page. The page is axe-clean and fits 390 px.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Locator, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { ulid } from 'ulid';
import { addMembership } from '../lib/members';
import { createUnit, getUnitOrThrow, renameUnit } from '../lib/org';
import { platformDb, tenantDb } from '../lib/tenancy';
import { OPERATOR_ACTOR } from '../lib/tenants';
import { ensureUser } from '../lib/users';
import { createIdpTenant } from './support/idp-tenant';
import { expectAxeClean, expectFits } from './support/page-checks';
import { signIn } from './support/sign-in';
import { expect, test } from './support/test';

const run = ulid().toLowerCase().slice(-6);
let t: { tenantId: string; domain: string; password: string; owner: string; admin: string; unitId: string };

test.beforeAll(async () => {
  const owner = { local: 'olga', name: 'Olga Owner' };
  const admin = { local: 'ada', name: 'Ada Admin' };
  const tenant = await createIdpTenant('Streaming', [owner, admin]);
  const db = await tenantDb(tenant.tenantId);
  const unit = await createUnit(db, OPERATOR_ACTOR, { parentId: tenant.rootUnitId, name: 'Streamed' });
  const adminEmail = `${admin.local}@${tenant.domain}`;
  const user = await ensureUser(platformDb(), adminEmail, admin.name);
  await addMembership(db, OPERATOR_ACTOR, { unitId: tenant.rootUnitId, role: 'admin', userId: user.id, email: adminEmail, name: admin.name });
  t = { tenantId: tenant.tenantId, domain: tenant.domain, password: tenant.password, owner: `${owner.local}@${tenant.domain}`, admin: adminEmail, unitId: unit.id };
});

/** Renames the unit as the operator would: one `unit.rename` audit entry. */
async function renameTo(name: string) {
  const db = await tenantDb(t.tenantId);
  const unit = await getUnitOrThrow(db, t.unitId);
  await renameUnit(db, OPERATOR_ACTOR, { unitId: unit.id, name, expectedVersion: unit.version });
}

interface Received {
  headers: Record<string, string>;
  body: string;
}
interface Entry {
  id: string;
  action: string;
  organizationId: string;
  target: { id: string; label?: string };
  after?: { name?: string };
}

const flatHeaders = (h: IncomingHttpHeaders) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));

/** An HTTPS destination's stand-in on this machine: keeps every POST, answers 200, or 500 when told to fail. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { failing: false };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (state.failing) return void res.writeHead(500, { 'content-type': 'text/plain' }).end('Unavailable');
      received.push({ headers: flatHeaders(req.headers), body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return { url: `http://127.0.0.1:${port}/arbor-audit`, received, state, close };
}

/**
 * Every entry of the batches, in the order they arrived; a batch whose signature the secret does
 * not make throws. The library's `verify` parses the body as one JSON document, and a batch is
 * JSON lines: the signature is checked as it does, by signing the same id, time and body.
 */
function entriesOf(received: Received[], secret: string): Entry[] {
  const webhook = new Webhook(secret);
  return received.flatMap((r) => {
    const expected = webhook.sign(r.headers['webhook-id'], new Date(Number(r.headers['webhook-timestamp']) * 1000), r.body);
    if (!r.headers['webhook-signature'].split(' ').includes(expected)) throw new Error(`batch ${r.headers['webhook-id']} is not signed with the secret shown once`);
    return r.body.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Entry);
  });
}

/** The worker reads the table's stream and other specs' tenants share it: it may be catching up. */
const DELIVERY = { timeout: 90_000, intervals: [500, 1_000, 2_000] };

const card = (page: Page) => page.getByRole('region', { name: 'Audit streaming' });
const destination = (page: Page, name: string) => card(page).getByRole('list', { name: 'Destinations' }).getByRole('listitem', { name });

/** Reads the list again until `check` holds: health and lag are the server's. */
async function untilListShows(page: Page, item: Locator, check: (item: Locator) => Promise<void>, timeout = 150_000) {
  await expect(async () => {
    await page.reload();
    await check(item);
  }).toPass({ timeout, intervals: [1_000, 2_000, 5_000] });
}

test('an HTTPS destination: added, tested, receives signed entries in order, fails, recovers, pauses', async ({ page }) => {
  test.setTimeout(420_000);
  const receiver = await startReceiver();
  const name = `SIEM ${run}`;
  try {
    await signIn(page, t.owner, t.password);
    await page.goto('/settings/audit-streaming');
    await expect(page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Audit streaming' })).toHaveAttribute('aria-current', 'page');
    await expect(card(page).getByText('No destination yet')).toBeVisible();

    await card(page).getByRole('button', { name: 'Add destination' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a destination' });
    await expect(dialog.getByRole('radio', { name: /^HTTPS endpoint/ })).toBeChecked();
    // Clear messages before anything is sent.
    await dialog.getByRole('button', { name: 'Add destination' }).click();
    await expect(dialog.getByText('Give the destination a name.')).toBeVisible();
    await expect(dialog.getByText('Enter the URL.')).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Endpoint URL').fill(receiver.url);
    await expectAxeClean(page);
    await dialog.getByRole('button', { name: 'Add destination' }).click();

    const shown = page.getByRole('dialog', { name: "The destination's signing secret" });
    const secret = await shown.getByLabel('Signing secret', { exact: true }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    const item = destination(page, name);
    await expect(item).toContainText('HTTPS endpoint · 127.0.0.1');
    await page.reload();
    await expect(page.getByText(secret)).toHaveCount(0);

    // Send test entry: answered at once, and the receiver verifies it.
    await item.getByRole('button', { name: `Send a test entry to ${name}` }).click();
    await expect(item.getByRole('status')).toHaveText(/^Test entry delivered \(HTTP 200, \d+ ms\)\.$/);
    expect(entriesOf(receiver.received, secret).some((e) => e.action === 'auditStream.test' && e.organizationId === t.tenantId)).toBe(true);

    // Changes arrive, signed, in the order they were made.
    const names = [`Streamed one ${run}`, `Streamed two ${run}`, `Streamed three ${run}`];
    for (const n of names) await renameTo(n);
    const renames = () => entriesOf(receiver.received, secret).filter((e) => e.action === 'unit.rename' && e.target.id === t.unitId);
    await expect.poll(() => new Set(renames().map((e) => e.id)).size, DELIVERY).toBe(3);
    const firstSeen = [...new Map(renames().map((e) => [e.id, e.target.label])).values()];
    expect(firstSeen).toEqual(names);
    const ids = renames().map((e) => e.id);
    expect(ids.slice(0, 3)).toEqual([...ids.slice(0, 3)].sort());
    await untilListShows(page, item, async (i) => {
      await expect(i).toContainText('Healthy', { timeout: 1_000 });
      await expect(i).toContainText('Up to date', { timeout: 1_000 });
    });

    // The receiver fails: the list says so, with the error in words.
    receiver.state.failing = true;
    const missed = `Streamed while failing ${run}`;
    await renameTo(missed);
    await untilListShows(page, item, async (i) => {
      await expect(i).toContainText('Failing since', { timeout: 1_000 });
      await expect(i).toContainText('Last error: It answered HTTP 500', { timeout: 1_000 });
    });
    await expectAxeClean(page);

    // It recovers: what it missed arrives, and the list is healthy and up to date again.
    receiver.state.failing = false;
    await expect.poll(() => renames().some((e) => e.target.label === missed), { ...DELIVERY, timeout: 180_000 }).toBe(true);
    await untilListShows(page, item, async (i) => {
      await expect(i).toContainText('Healthy', { timeout: 1_000 });
      await expect(i).toContainText('Up to date', { timeout: 1_000 });
      await expect(i.getByText(/^Last error/)).toHaveCount(0);
    });
    await item.getByText('Health detail').click();
    await expect(item.getByText('Failed attempts in a row')).toHaveCount(0);

    // Paused and resumed from the list.
    await item.getByRole('button', { name: `Pause ${name}` }).click();
    await expect(page.getByText(`${name} paused.`)).toBeVisible();
    await expect(item).toContainText('Paused');
    await item.getByRole('button', { name: `Resume ${name}` }).click();
    await expect(page.getByText(`${name} resumed: it catches up from where it stopped.`)).toBeVisible();
    await expect(item.getByRole('button', { name: `Pause ${name}` })).toBeVisible();

    // Backfill asks how far back before it sends anything again.
    await item.getByRole('button', { name: `Backfill ${name}` }).click();
    const backfill = page.getByRole('dialog', { name: `Backfill ${name}` });
    await backfill.getByRole('button', { name: 'Continue' }).click();
    await expect(backfill.getByRole('status')).toContainText(`since ${new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10)} 00:00 UTC (7 days ago)`);
    await backfill.getByRole('button', { name: 'Back' }).click();
    await backfill.getByRole('button', { name: 'Continue' }).click();
    const firstRename = renames()[0].id;
    await backfill.getByRole('button', { name: 'Send them again' }).click();
    await expect(page.getByText(`${name} is sending the chosen entries again.`)).toBeVisible();
    await expect(backfill).toBeHidden();
    // Sent again under the same id, for the receiver to drop.
    await expect.poll(() => renames().filter((e) => e.id === firstRename).length, DELIVERY).toBeGreaterThan(1);
  } finally {
    await receiver.close();
  }
});

test.describe('at 390 × 844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the list and the add dialog fit a phone and are axe-clean', async ({ page }) => {
    // Two axe scans, each about half a minute on two shared cores.
    test.setTimeout(150_000);
    await signIn(page, t.owner, t.password);
    await page.goto('/settings/audit-streaming');
    await expect(card(page)).toBeVisible();
    await expectFits(page);
    await expectAxeClean(page);
    await card(page).getByRole('button', { name: 'Add destination' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a destination' });
    for (const kind of ['Splunk', 'Datadog', 'Amazon S3']) {
      await dialog.getByRole('radio', { name: new RegExp(`^${kind}`) }).check();
      await expectFits(page);
    }
    await expect(dialog.getByLabel('External id', { exact: true })).toHaveValue(t.tenantId);
    await expectAxeClean(page);
  });
});

test('an admin gets the settings area’s forbidden page', async ({ page }) => {
  await signIn(page, t.admin, t.password);
  const answer = await page.goto('/settings/audit-streaming');
  expect(answer?.status()).toBe(403);
  await expect(page.getByText('You can’t open this page')).toBeVisible();
  await expect(page.getByText('Only an owner can stream the audit log to other systems.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Audit streaming' })).toHaveCount(0);
});

test('an S3 destination on the stack’s S3 server receives the entries as an object', async ({ page }) => {
  test.setTimeout(300_000);
  const endpoint = process.env.ARBOR_LOCAL_S3_ENDPOINT;
  const accessKeyId = process.env.ARBOR_LOCAL_S3_ACCESS_KEY_ID;
  const secretAccessKey = process.env.ARBOR_LOCAL_S3_SECRET_ACCESS_KEY;
  test.skip(!endpoint || !accessKeyId || !secretAccessKey, 'the stack runs no S3 server');
  const s3 = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey! } });
  const bucket = `arbor-audit-${run}`;
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  const name = `Archive ${run}`;

  await signIn(page, t.owner, t.password);
  await page.goto('/settings/audit-streaming');
  await card(page).getByRole('button', { name: 'Add destination' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a destination' });
  await dialog.getByRole('radio', { name: /^Amazon S3/ }).check();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Bucket', { exact: true }).fill(bucket);
  await dialog.getByLabel('Region', { exact: true }).fill('us-east-1');
  await dialog.getByLabel('Key prefix (optional)').fill('arbor');
  await dialog.getByLabel('Endpoint (S3-compatible stores only)').fill(endpoint!);
  await dialog.getByRole('radio', { name: /^Access keys/ }).check();
  await dialog.getByLabel('Access key id').fill(accessKeyId!);
  await dialog.getByLabel('Secret access key').fill(secretAccessKey!);
  await dialog.getByRole('button', { name: 'Add destination' }).click();
  await expect(dialog).toBeHidden();
  const item = destination(page, name);
  await expect(item).toContainText(`Amazon S3 · ${bucket}/arbor on`);
  await expect(item).toContainText(`secret …${secretAccessKey!.slice(-4)}`);

  const renamed = `Archived ${run}`;
  await renameTo(renamed);
  const objectHolding = async () => {
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'arbor/' }));
    for (const object of listed.Contents ?? []) {
      const bytes = Buffer.from(await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: object.Key }))).Body!.transformToByteArray());
      // Objects may be gzipped JSON lines (the magic bytes say so).
      const body = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString('utf8');
      const entries = body.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Entry);
      if (entries.some((e) => e.action === 'unit.rename' && e.target.label === renamed && e.organizationId === t.tenantId)) return object.Key!;
    }
    return '';
  };
  await expect.poll(objectHolding, DELIVERY).not.toBe('');
  await untilListShows(page, item, async (i) => {
    await expect(i).toContainText('Healthy', { timeout: 1_000 });
  });

  // Removed, after its confirmation.
  await item.getByRole('button', { name: `Remove ${name}` }).click();
  await page.getByRole('dialog', { name: `Remove ${name}?` }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${name} removed.`)).toBeVisible();
  await expect(item).toHaveCount(0);
});
