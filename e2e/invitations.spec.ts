// Invitations that arrive, in Chromium against the whole local stack (the SMTP catcher included):
// an admin invites several addresses from a unit's Members panel, is refused a personal address
// with the reason and asked before inviting a guest; the mail arrives and its link, followed in
// another browser, signs the invitee in through the organization's IdP into the unit; the link
// then no longer works (404 page), nor does a revoked, replaced or forged one; pending
// invitations are listed with resend (limited), copy link and revoke, in the unit's Members panel
// and in the people list.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ulid } from 'ulid';
import { createInvitation } from '../lib/invitations';
import { createUnit } from '../lib/org';
import { setConnection } from '../lib/domains';
import { operatorDb, tenantDb } from '../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../lib/tenants';
import { registerOidcClient, registerOidcUser } from '../scripts/local-stack/oidc';
import { linkIn, waitForMail } from '../test/support/mail';
import { expect, test } from './support/test';
import { activeTenant, signIn } from './support/sign-in';

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: run the e2e suite through \`npm test\``);
  return v;
};

let w: { tenantId: string; name: string; domain: string; password: string; teamId: string; owner: string; ivy: string; guest: string; otherTenantId: string };

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const issuer = need('ARBOR_LOCAL_OIDC_ISSUER');
  const adminToken = need('ARBOR_LOCAL_OIDC_ADMIN_TOKEN');
  const run = ulid().toLowerCase().slice(-8);
  const domain = `inviteco-${run}.test`;
  const name = `InviteCo ${run}`;
  const password = `e2e-${randomBytes(6).toString('hex')}`;
  const owner = `olga@${domain}`;
  const created = await createTenant(operatorDb(), { name, domain, owner: { email: owner, name: 'Olga Owner' } });
  const client = { clientId: `e2e-inviteco-${run}`, clientSecret: randomBytes(18).toString('base64url') };
  await registerOidcClient(issuer, adminToken, client);
  await setConnection(operatorDb(), created.tenantId, { issuer, ...client, domains: [domain], jit: false });
  const ivy = `ivy-${run}@${domain}`;
  const guest = `gil-${run}@partner-${run}.test`;
  for (const [email, personName] of [[owner, 'Olga Owner'], [ivy, 'Ivy Invitee'], [guest, 'Gil Guest']]) {
    await registerOidcUser(issuer, adminToken, { email, name: personName, password, emailVerified: true });
  }
  const team = await createUnit(await tenantDb(created.tenantId), OPERATOR_ACTOR, { parentId: created.rootUnitId, name: 'Team' });
  const other = await createTenant(operatorDb(), { name: `Other ${run}`, domain: `other-${run}.test`, owner: { email: `o@other-${run}.test`, name: 'O' } });
  w = { tenantId: created.tenantId, name, domain, password, teamId: team.id, owner, ivy, guest, otherTenantId: other.tenantId };
});

const pendingRow = (page: Page, email: string) => page.getByRole('list', { name: 'Pending invitations to Team' }).getByRole('listitem').filter({ hasText: email });

async function expectInvalidLink(page: Page, link: string) {
  const res = await page.goto(link);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This invitation link is not valid' })).toBeVisible();
}

test('an invitation is mailed, its link signs the invitee in through SSO into the unit, and works once', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, w.owner, w.password);
  await page.goto(`/units/${w.teamId}`);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to Team' });

  // A personal address is refused, saying why; nothing is sent.
  await dialog.getByLabel('Email addresses').fill(`${w.ivy}, someone@gmail.com`);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog.getByRole('alert')).toContainText('gmail.com is a personal email provider');

  // A guest's domain is not served by SSO: a warning, and sending waits for the confirmation.
  await dialog.getByLabel('Email addresses').fill(`${w.ivy}\n${w.guest}`);
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(dialog.getByRole('status')).toContainText(`is not a domain your single sign-on serves: ${w.guest} can join only with a guest account`);
  await expect(dialog.getByRole('button', { name: 'Send invitations' })).toBeDisabled();
  await dialog.getByLabel('Invite anyway: they have guest accounts at our identity provider').check();
  await dialog.getByRole('button', { name: 'Send invitations' }).click();
  await expect(page.getByText('Invited 2 people to Team as member. The invitation is on its way by email.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Both pending in the Members panel, with what the owner may do.
  await expect(pendingRow(page, w.ivy)).toContainText('member · invited by Olga Owner · emailed');
  for (const label of [`Resend the invitation to ${w.ivy}`, `New link to copy for ${w.ivy}`, `Revoke the invitation of ${w.ivy}`]) {
    await expect(page.getByRole('button', { name: label })).toBeVisible();
  }
  // Resending at once is refused, with when it will be possible.
  await page.getByRole('button', { name: `Resend the invitation to ${w.ivy}` }).click();
  await expect(page.getByText(/emailed moments ago\. You can send it again in \d+ seconds/)).toBeVisible();

  // The guest's mailed link is replaced by a copied one, which then dies with the revocation.
  const guestMailed = linkIn((await waitForMail(w.guest))[0]);
  await page.getByRole('button', { name: `New link to copy for ${w.guest}` }).click();
  const copiedField = page.getByRole('textbox', { name: `Invitation link for ${w.guest}` });
  await expect(copiedField).toHaveValue(/\/invite\//);
  const copied = await copiedField.inputValue();
  await page.getByRole('button', { name: `Revoke the invitation of ${w.guest}` }).click();
  await expect(pendingRow(page, w.guest)).toHaveCount(0);

  // The invitee, in another browser, follows the mail's link.
  const [mail] = await waitForMail(w.ivy);
  expect(mail.subject).toBe(`Olga Owner invited you to ${w.name} on Arbor`);
  expect(mail.html).toContain('Accept the invitation');
  const link = linkIn(mail);
  const context = await browser.newContext();
  const invitee = await context.newPage();
  const res = await invitee.goto(link);
  expect(res?.status()).toBe(200);
  await expect(invitee.getByRole('heading', { name: `Join ${w.name}` })).toBeVisible();
  await expect(invitee.getByText(`Olga Owner invited ${w.ivy} to Team as member.`)).toBeVisible();
  await invitee.getByRole('button', { name: `Accept and sign in as ${w.ivy}` }).click();
  await expect(invitee.getByRole('heading', { name: 'Arbor local IdP' })).toBeVisible();
  await expect(invitee.getByLabel('Email')).toHaveValue(w.ivy);
  await invitee.getByLabel('Password').fill(w.password);
  await invitee.getByRole('button', { name: 'Sign in' }).click();
  await invitee.waitForURL(new RegExp(`/units/${w.teamId}$`));
  await expect(activeTenant(invitee)).toHaveText(w.name);
  await expect(invitee.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();

  // Used, revoked, replaced, forged: each a 404 page that says what may have happened.
  await expectInvalidLink(invitee, link);
  await expectInvalidLink(invitee, copied);
  await expectInvalidLink(invitee, guestMailed);
  const token = link.slice(link.lastIndexOf('/') + 1);
  await expectInvalidLink(invitee, link.replace(token, token.replace(w.tenantId, w.otherTenantId)));
  await expectInvalidLink(invitee, link.replace(token, `${token.slice(0, -4)}AAAA`));
  await context.close();

  // The owner sees the invitee as a member now, no longer pending.
  await page.reload();
  await expect(pendingRow(page, w.ivy)).toHaveCount(0);
  await expect(page.getByRole('table').getByText(w.ivy)).toBeVisible();
});

test('the people list resends a pending invitation and makes a new link to copy', async ({ page, browser }) => {
  // Stored with no link and never mailed, so resending is not held back by the resend interval.
  const rita = `rita-${w.teamId.slice(-6).toLowerCase()}@${w.domain}`;
  await createInvitation(await tenantDb(w.tenantId), OPERATOR_ACTOR, { email: rita, unitId: w.teamId, role: 'member' });
  await signIn(page, w.owner, w.password);
  await page.goto(`/members?q=${encodeURIComponent(rita)}`);
  const row = page.locator('tbody tr').filter({ hasText: rita });
  await expect(row).toContainText('Invited');

  await row.getByRole('button', { name: `Resend the invitation to ${rita} (Team)` }).click();
  await expect(page.getByText(`Sent ${rita} a new invitation link. The previous link no longer works.`)).toBeVisible();
  const mailed = linkIn((await waitForMail(rita))[0]);
  // The link just mailed is shown beside the row too.
  const field = row.getByRole('textbox', { name: `Invitation link for ${rita}` });
  await expect(field).toHaveValue(mailed);

  // A link to copy replaces the mailed one; the row keeps the new version, so revoking still works.
  await row.getByRole('button', { name: `New link to copy for ${rita} (Team)` }).click();
  await expect(field).not.toHaveValue(mailed);
  await expect(field).toHaveValue(/\/invite\//);
  const copied = await field.inputValue();
  await expect(row.getByRole('button', { name: `Copy the invitation link for ${rita}` })).toBeVisible();
  const invitee = await browser.newContext();
  const other = await invitee.newPage();
  await expectInvalidLink(other, mailed);
  expect((await other.goto(copied))?.status()).toBe(200);
  await expect(other.getByRole('heading', { name: `Join ${w.name}` })).toBeVisible();
  await invitee.close();

  await row.getByRole('button', { name: `Revoke the invitation of ${rita} to Team` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`Revoked the invitation of ${rita}.`)).toBeVisible();
  await expect(row).toHaveCount(0);
});
