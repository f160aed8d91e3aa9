// The people, settings, bulk and audit console in Chromium against the whole local stack:
// the member list (search, pages), invite and accept through the local IdP, role changes (with
// a two-browser conflict), removals and the last-owner refusal, CSV import with a bad row
// (preview writes nothing), export, settings (rename, SSO), the audit log, and axe on each page.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import Papa from 'papaparse';
import { listChildren } from '../lib/org';
import { getConnection } from '../lib/sso';
import { platformDb, tenantDb } from '../lib/tenancy';
import { createPeopleTenant, openAsOwner, type PeopleTenant } from './support/people-tenant';
import { activeTenant, signIn } from './support/sign-in';

let t: PeopleTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createPeopleTenant();
});

const asOwner = (page: Page, path: string) => openAsOwner(page, t, path);

async function ownerSession(browser: Browser, path: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await asOwner(page, path);
  return { context, page };
}

const bodyRows = (page: Page) => page.locator('tbody tr');
const roleButton = (page: Page, who: string, unit: string) => page.getByRole('button', { name: new RegExp(`^Role of ${who} in ${unit}`) });

async function pickRole(page: Page, who: string, unit: string, role: string) {
  await roleButton(page, who, unit).click();
  await page.getByRole('option', { name: new RegExp(`^${role}`) }).click();
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('the member list pages through everyone and searches by name and by email prefix', async ({ page }) => {
  await asOwner(page, '/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(50);
  await page.getByRole('button', { name: 'Show more' }).click();
  await expect(bodyRows(page)).toHaveCount(t.memberCount);
  await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(0);

  const search = page.getByLabel('Search members');
  await search.fill('bea b');
  await expect(page).toHaveURL(/\/members\?q=bea%20b$/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText('Bea Brown');

  await search.fill('rita@');
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(t.people.rita.email);
  await expect(bodyRows(page).first()).toContainText('member of Design');
  await expect(bodyRows(page).first()).toContainText('member of Sales');

  await search.fill('Filler 0');
  await expect(bodyRows(page)).toHaveCount(9);
  await search.fill('nobody-here');
  await expect(page.getByText('Nobody matches “nobody-here”')).toBeVisible();
});

test('an invitation is sent, listed as pending, and accepted by signing in through the IdP with the invited role', async ({ page, browser }) => {
  await asOwner(page, '/members');
  await page.getByRole('button', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByLabel('Email address').fill(t.invitee.email.toUpperCase());
  await dialog.getByRole('combobox', { name: 'Unit' }).fill('Des');
  await page.getByRole('option', { name: /^Design/ }).click();
  await dialog.getByRole('button', { name: /^Role/ }).click();
  await page.getByRole('option', { name: /^manager/ }).click();
  await dialog.getByLabel('Valid for').selectOption('3');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invited ${t.invitee.email} to Design as manager`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Search members').fill('ivy');
  const pending = bodyRows(page).filter({ hasText: t.invitee.email });
  await expect(pending).toContainText('Invited');
  await expect(pending).toContainText('manager of Design');
  await expect(pending).toContainText(/expires in (3 days|2 days|72 hr)/);

  // The invitee signs in through the local IdP and lands in the organization.
  const context = await browser.newContext();
  const invitee = await context.newPage();
  await signIn(invitee, t.invitee.email, t.password);
  await expect(activeTenant(invitee)).toHaveText(t.name);
  await context.close();

  await page.reload();
  const row = bodyRows(page).filter({ hasText: t.invitee.email });
  await expect(row).not.toContainText('Invited');
  await row.getByRole('link', { name: t.invitee.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.invitee.name })).toBeVisible();
  await expect(roleButton(page, t.invitee.name, 'Design')).toContainText('manager');
});

test('a role change made meanwhile in another browser shows the conflict instead of overwriting', async ({ browser }) => {
  const path = `/members/${t.people.bea.userId}`;
  const a = await ownerSession(browser, path);
  const b = await ownerSession(browser, path);
  await expect(roleButton(b.page, 'Bea Brown', 'Design')).toContainText('member');

  await pickRole(a.page, 'Bea Brown', 'Design', 'manager');
  await expect(a.page.getByText('Bea Brown is now manager of Design.')).toBeVisible();

  // B still shows "member" at the version it read.
  await pickRole(b.page, 'Bea Brown', 'Design', 'manager');
  const conflict = b.page.getByRole('dialog', { name: 'This membership changed meanwhile' });
  await expect(conflict).toContainText('Role now');
  await expect(conflict).toContainText('manager');
  await conflict.getByRole('button', { name: 'Keep current role' }).click();
  await expect(roleButton(b.page, 'Bea Brown', 'Design')).toContainText('manager');

  // On top of the current version, B's next change goes through.
  await pickRole(b.page, 'Bea Brown', 'Design', 'member');
  await expect(b.page.getByText('Bea Brown is now member of Design.')).toBeVisible();
  await a.context.close();
  await b.context.close();
});

test('removing a membership, removing someone from the organization, and the last owner refused', async ({ page }) => {
  await asOwner(page, `/members/${t.people.rita.userId}`);
  await page.getByRole('button', { name: 'Remove Rita Remove from Design' }).click();
  await page.getByRole('dialog', { name: 'Remove Rita Remove from Design?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed Rita Remove from Design.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Design' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Sales' })).toBeVisible();

  await page.goto(`/members/${t.people.lou.userId}`);
  await page.getByRole('button', { name: 'Remove from organization' }).click();
  await page.getByRole('dialog', { name: 'Remove Lou Leaver from the organization?' }).getByRole('button', { name: 'Remove from organization' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await page.getByLabel('Search members').fill('lou');
  await expect(page.getByText('Nobody matches “lou”')).toBeVisible();

  // The only owner can't step down: no other role or removal is offered, and the row says why
  // (the server's refusal is covered by the authorization matrix).
  await page.goto(`/members/${t.owner.userId}`);
  await expect(page.getByText(/Only owner: make someone else an owner/)).toBeVisible();
  await expect(roleButton(page, t.owner.name, t.name)).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove ${t.owner.name} from ${t.name}` })).toHaveCount(0);
});

test('on a unit page: direct members, everyone in the subtree, and adding an existing member by search', async ({ page }) => {
  await asOwner(page, `/units/${t.units.Engineering}`);
  const panel = page.getByRole('region', { name: 'Members' });
  await expect(panel.getByText('Nobody belongs to Engineering directly')).toBeVisible();
  await panel.getByRole('switch', { name: 'Everyone in this subtree' }).click();
  // Platform's 52 members come first (path order): Zed is on the second page.
  await expect(panel.getByRole('row').filter({ hasText: 'Filler 01' })).toContainText('Platform');
  await panel.getByRole('button', { name: 'Show more' }).click();
  const zed = panel.getByRole('row').filter({ hasText: t.people.zed.email });
  await expect(zed).toContainText(t.awkwardName);
  await expect(roleButton(page, 'Zed Zimmer', t.awkwardName)).toContainText('manager');

  await panel.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a member to Engineering' });
  await dialog.getByRole('combobox', { name: 'Person' }).fill('bea');
  await page.getByRole('option', { name: new RegExp(`^Bea Brown`) }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Added Bea Brown to Engineering as member.')).toBeVisible();
  await expect(roleButton(page, 'Bea Brown', 'Engineering')).toContainText('member');
});

test('CSV import: the preview shows the bad row and writes nothing; applying imports the valid rows', async ({ page }) => {
  await asOwner(page, '/settings/import');
  const db = await tenantDb(t.tenantId);
  const topNames = async () => (await listChildren(db, t.rootUnitId)).items.map((u) => u.name);

  await page.getByLabel('Or paste CSV').fill('path\nImported\nImported/Child 🚀\nNowhere/Bad\n');
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('2 to create · 0 skipped · 1 error — nothing has been written yet.');
  const bad = page.locator('tr[data-status="error"]');
  await expect(bad).toHaveCount(1);
  await expect(bad).toContainText('Nowhere/Bad');
  await expect(bad).toContainText('doesn\'t exist and isn\'t created earlier in this file');
  expect(await topNames()).not.toContain('Imported');

  await page.getByRole('button', { name: 'Import the 2 valid rows' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toHaveText('Done: 2 imported.');
  await expect(page.locator('tr[data-status="done"]')).toHaveCount(2);
  expect(await topNames()).toContain('Imported');
  const imported = (await listChildren(db, t.rootUnitId)).items.find((u) => u.name === 'Imported')!;
  expect((await listChildren(db, imported.id)).items.map((u) => u.name)).toEqual(['Child 🚀']);

  // Memberships: one good row, one with a role that doesn't exist.
  await page.getByRole('button', { name: 'Start another import' }).click();
  await page.getByRole('radio', { name: 'Memberships' }).click();
  await page.getByLabel('Or paste CSV').fill(`unit_path,email,name,role\nDesign,newbie@${t.domain},Nia Newbie,member\nDesign,bad@${t.domain},Bad Row,boss\n`);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByTestId('import-summary')).toHaveText('1 to add · 0 skipped · 1 error — nothing has been written yet.');
  await expect(page.locator('tr[data-status="error"]')).toContainText('Role must be owner, admin, manager or member.');
  await page.getByRole('button', { name: 'Import the 1 valid row' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Done' })).toHaveText('Done: 1 imported.');

  await page.goto('/members?q=nia');
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText(`newbie@${t.domain}`);
});

test('export downloads the tree and the memberships as CSV, awkward names quoted', async ({ page }) => {
  await asOwner(page, '/settings/import');
  const download = async (name: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
    expect(file.suggestedFilename()).toMatch(/^peopleco-.*\.csv$/);
    return readFile((await file.path())!, 'utf8');
  };
  const units = await download('Download units.csv');
  expect(units.startsWith('\uFEFFpath,name,id,parent_id')).toBe(true);
  expect(units).toContain('"Engineering/Ops, ""Core"" 🚀","Ops, ""Core"" 🚀"');
  const parsedUnits = Papa.parse<Record<string, string>>(units.slice(1), { header: true, skipEmptyLines: true }).data;
  expect(parsedUnits.find((r) => r.id === t.units.Platform)?.path).toBe('Engineering/Platform');

  const memberships = await download('Download memberships.csv');
  const parsed = Papa.parse<Record<string, string>>(memberships.slice(1), { header: true, skipEmptyLines: true }).data;
  expect(parsed.find((r) => r.email === t.people.zed.email)).toMatchObject({ unit_path: 'Engineering/Ops, "Core" 🚀', role: 'manager', name: 'Zed Zimmer' });
  expect(parsed.find((r) => r.email === t.owner.email)).toMatchObject({ unit_path: '', role: 'owner' });
});

test('settings: renaming the organization and saving SSO (the secret is never shown); the audit log tells the story', async ({ page }) => {
  await asOwner(page, '/settings');
  const newName = `${t.name} Renamed`;
  await page.getByLabel('Organization name').fill(newName);
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText(`The organization is now called ${newName}.`)).toBeVisible();
  await expect(activeTenant(page)).toHaveText(newName);

  await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Single sign-on' }).click();
  await expect(page.getByLabel('Redirect URI', { exact: true })).toHaveValue(/\/api\/auth\/callback\/sso$/);
  await expect(page.getByLabel('Issuer')).toHaveValue(process.env.ARBOR_LOCAL_OIDC_ISSUER!.replace(/\/$/, ''));
  const secret = page.getByLabel('Client secret');
  await expect(secret).toHaveValue('');
  await expect(secret).toHaveAttribute('placeholder', 'Stored — leave empty to keep it');

  await page.getByRole('switch', { name: 'Just-in-time provisioning' }).click();
  await page.getByRole('button', { name: 'Save single sign-on' }).click();
  await expect(page.getByText('Single sign-on saved.')).toBeVisible();
  const connection = await getConnection(platformDb(), t.tenantId);
  expect(connection?.jit).toBe(true);
  expect(connection?.domains).toEqual([t.domain]);
  // The stored secret still works: the owner signs in again below through the same connection.

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const log = page.getByRole('list').filter({ hasText: 'renamed the organization' });
  await expect(log.getByRole('listitem').first()).toContainText(/Olive Owner updated single sign-on/);
  await expect(log).toContainText(`Olive Owner renamed the organization ${t.name} → ${newName}`);
  await expect(log).toContainText('Olive Owner invited');
  t.name = newName;
});

test('members, member page, settings (general, single sign-on, domains, import) and audit pages have no serious accessibility violations', async ({ page }) => {
  // Seven pages, each scanned by axe: about a minute on two cores.
  test.setTimeout(120_000);
  await signIn(page, t.owner.email, t.password);
  for (const path of ['/members', `/members/${t.people.zed.userId}`, '/settings', '/settings/sso', '/settings/domains', '/settings/import', '/audit']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
});
