// Reads what the app sent from the local stack's mail catcher (its JSON API), as tests must:
// through the real SMTP server, never a mock.
import type { CapturedMail } from '../../scripts/local-stack/mail';
import { stackEnv } from './stack';

export type { CapturedMail };

export async function mailTo(address: string): Promise<CapturedMail[]> {
  const res = await fetch(`${stackEnv('ARBOR_LOCAL_MAIL_URL')}/messages?to=${encodeURIComponent(address.toLowerCase())}`);
  return (await res.json()) as CapturedMail[];
}

/** The messages to `address`, newest first, once at least `count` have arrived (SMTP is asynchronous). */
export async function waitForMail(address: string, count = 1, timeoutMs = 10_000): Promise<CapturedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailTo(address);
    if (found.length >= count) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} after ${timeoutMs} ms (${found.length} of ${count})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The invitation link in a message's text part. */
export const linkIn = (mail: CapturedMail) => {
  const m = /https?:\/\/\S+\/invite\/\S+/.exec(mail.text);
  if (!m) throw new Error(`no invitation link in "${mail.subject}"`);
  return m[0];
};
