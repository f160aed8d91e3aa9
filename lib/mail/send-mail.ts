// Sends one message through the configured SMTP server. One pooled transport per
// process (stateless otherwise); no retries here: a failed send is reported to the caller, who
// offers "copy the link" or "resend" instead of holding a request open.
import 'server-only';
import { log } from '../observability';
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

const createTransport = (url: string) =>
  nodemailer.createTransport({
    url,
    // A slow mail server must not hold an admin's request for long: they can resend.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 15_000,
  });

export async function sendMail(mail: OutgoingMail): Promise<SendOutcome> {
  if (!mailEnabled()) return { status: 'disabled' };
  transport ??= createTransport(config().ARBOR_SMTP_URL!);
  return deliver(transport, mail);
}

/** The same through another server (tests: an address where nothing listens). */
export const sendMailThrough = (url: string, mail: OutgoingMail) => deliver(createTransport(url), mail);

async function deliver(through: Transporter, mail: OutgoingMail): Promise<SendOutcome> {
  try {
    const info = await through.sendMail({ from: config().ARBOR_MAIL_FROM, ...mail });
    return { status: 'sent', messageId: info.messageId };
  } catch (e) {
    // Never the address: the logs hold no personal data (an address in the SMTP error is masked).
    log.error({ err: e }, 'sending mail failed');
    return { status: 'failed' };
  }
}
