// lib/mail against the local stack's real SMTP catcher: what the app sends arrives with both
// parts, readable from the catcher's JSON API the e2e tests use too.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ulid } from 'ulid';
import { invitationMail, mailEnabled, sendMail } from '../../lib/mail';
import { stackEnv } from '../support/stack';
import { waitForMail } from '../support/mail';

describe('mail over SMTP (local catcher)', () => {
  test('an invitation arrives with a text part, an HTML part and the link in both', async () => {
    assert.equal(mailEnabled(), true);
    const to = `mail-${ulid().toLowerCase()}@example.test`;
    const link = `http://127.0.0.1/invite/${ulid()}`;
    const outcome = await sendMail(invitationMail({
      to, organization: 'Acme <script>alert(1)</script>', unitName: 'Cloud & "Ops"', role: 'member', inviter: 'Ada\r\nBcc: evil@x.test', link,
      expiresAt: new Date(Date.UTC(2030, 0, 2, 3, 4)).toISOString(),
    }));
    assert.equal(outcome.status, 'sent');
    const [mail] = await waitForMail(to);
    assert.deepEqual(mail.to, [to]);
    assert.match(mail.subject, /^Ada Bcc: evil@x\.test invited you to Acme <script>/);
    assert.ok(mail.text.includes(link));
    assert.ok(mail.text.includes('2 January 2030'));
    assert.ok(mail.html.includes(`href="${link}"`));
    assert.ok(!mail.html.includes('<script>'), 'names are escaped in the HTML part');
    assert.ok(mail.html.includes('Cloud &amp; &quot;Ops&quot;'));
  });

  test('the inbox page lists what was sent', async () => {
    const to = `page-${ulid().toLowerCase()}@example.test`;
    await sendMail({ to, subject: 'Hello <b>', text: 'plain', html: '<p>html</p>' });
    await waitForMail(to);
    const page = await (await fetch(stackEnv('ARBOR_LOCAL_MAIL_URL'))).text();
    assert.ok(page.includes(to));
    assert.ok(page.includes('Hello &lt;b&gt;'));
  });

  test('an unreachable SMTP server is reported as not sent, without throwing', async () => {
    const { sendMailThrough } = await import('../../lib/mail/send-mail');
    const outcome = await sendMailThrough('smtp://127.0.0.1:1', { to: 'x@example.test', subject: 's', text: 't', html: 'h' });
    assert.equal(outcome.status, 'failed');
  });
});
