// Sends one message through the configured SMTP server. Server-only. One pooled transport per
// process (stateless otherwise); no retries here: a failed send is reported to the caller, who
// offers "copy the link" or "resend" instead of holding a request open.
import nodemailer, { type Transporter } from 'nodemailer';
import { config } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export type SendOutcome =
  | { status: 'sent'; messageId: string }
  /** The SMTP server could not be reached or refused the message; the reason is logged, not shown. */
  | { status: 'failed' }
  /** ARBOR_MAIL_DISABLED=1, or no SMTP server in development. */
  | { status: 'disabled' };

let transport: Transporter | undefined;

/** Whether this deployment sends mail at all (the console shows copy-link only when it does not). */
export function mailEnabled(): boolean {
  const c = config();
  return c.ARBOR_MAIL_DISABLED === '0' && Boolean(c.ARBOR_SMTP_URL);
}

function getTransport(): Transporter {
  const c = config();
  transport ??= nodemailer.createTransport({
    url: c.ARBOR_SMTP_URL!,
    // A slow mail server must not hold an admin's request for long: they can resend.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });
  return transport;
}

export async function sendMail(mail: OutgoingMail): Promise<SendOutcome> {
  if (!mailEnabled()) return { status: 'disabled' };
  try {
    const info = await getTransport().sendMail({ from: config().ARBOR_MAIL_FROM, ...mail });
    return { status: 'sent', messageId: info.messageId };
  } catch (e) {
    console.error(`[mail] sending to ${mail.to} failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, 500));
    return { status: 'failed' };
  }
}
