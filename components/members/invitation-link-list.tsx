'use client';
// After inviting (or making a new link): each invitation's mail status and its link to copy.
// The link is shown only here and only now: the server keeps a hash of it.
import { useState } from 'react';
import { Button } from '@/components/ui/button';

export type MailStatus = 'sent' | 'failed' | 'disabled';

export interface IssuedLink {
  id: string;
  email: string;
  link: string;
  mail: MailStatus;
}

export const mailStatusText: Record<MailStatus, string> = {
  sent: 'Email sent',
  failed: 'Not sent: copy the link, or resend later',
  disabled: 'Email is off here: copy the link and share it',
};

export function CopyLinkButton({ link, email }: { link: string; email: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // Clipboard refused (permissions): the link stays selectable in its field.
      setCopied(false);
    }
  }
  return (
    <Button size="sm" onClick={copy} aria-label={`Copy the invitation link for ${email}`}>
      {copied ? 'Copied' : 'Copy link'}
    </Button>
  );
}

export function InvitationLinkList({ links }: { links: IssuedLink[] }) {
  return (
    <ul className="space-y-3" aria-label="Invitation links">
      {links.map((l) => (
        <li key={l.id} className="rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-medium break-all">{l.email}</span>
            <span className={l.mail === 'sent' ? 'text-emerald-800 dark:text-emerald-300' : 'text-amber-800 dark:text-amber-300'}>{mailStatusText[l.mail]}</span>
          </div>
          <div className="mt-2 flex items-center gap-2">
            <input
              readOnly
              value={l.link}
              aria-label={`Invitation link for ${l.email}`}
              onFocus={(e) => e.currentTarget.select()}
              className="block h-8 min-w-0 flex-1 rounded-md border border-zinc-300 bg-zinc-50 px-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-900"
            />
            <CopyLinkButton link={l.link} email={l.email} />
          </div>
        </li>
      ))}
    </ul>
  );
}
