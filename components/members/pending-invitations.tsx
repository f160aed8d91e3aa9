'use client';
// A unit's pending invitations in its Members panel: who, which role, until when, and for those
// allowed: email a new link (resend), make a new link to copy, revoke. A new link replaces the
// previous one (the server keeps only a hash), so the copied link is shown here once.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { PendingInvitations, PendingInvitationView } from '@/lib/screens/unit-members';
import { InvitationLinkList } from './invitation-link-list';
import { RenewLinkButtons, useRenewInvitationLink } from './renew-invitation-link';

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function PendingInvitationsList({ unitName, pending, onChanged }: { unitName: string; pending: PendingInvitations; onChanged: () => void }) {
  const [rows, setRows] = useState<PendingInvitationView[]>(pending.rows);
  const [busy, setBusy] = useState<string | null>(null);
  const { renewing, issued, renew: renewLink } = useRenewInvitationLink(onChanged);
  // A fresh page load brings fresh rows.
  const [seen, setSeen] = useState(pending.rows);
  if (seen !== pending.rows) {
    setSeen(pending.rows);
    setRows(pending.rows);
  }
  if (rows.length === 0) return null;

  async function renew(row: PendingInvitationView, delivery: 'email' | 'copy') {
    const r = await renewLink(row, delivery);
    if (r) setRows((all) => all.map((x) => (x.id === row.id ? { ...x, version: r.version, ...(r.lastSentAt ? { lastSentAt: r.lastSentAt } : {}) } : x)));
  }

  async function revoke(row: PendingInvitationView) {
    setBusy(row.id);
    try {
      await call('invitations.revoke', { params: { invitationId: row.id }, body: { expectedVersion: row.version } });
      setRows((all) => all.filter((x) => x.id !== row.id));
      toast.success(`Revoked the invitation of ${row.email}. Its link no longer works.`);
      onChanged();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not revoke the invitation.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="pending-invitations" className="space-y-2">
      <h3 id="pending-invitations" className="text-sm font-semibold">
        Pending invitations ({rows.length}{pending.more ? '+' : ''})
      </h3>
      <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" aria-label={`Pending invitations to ${unitName}`}>
        {rows.map((row) => (
          <li key={row.id} className="space-y-2 px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium break-all">{row.email}</p>
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {row.role} · invited by {row.invitedBy} · {row.lastSentAt ? `emailed ${dateTime(row.lastSentAt)}` : 'not emailed'} · expires {dateTime(row.expiresAt)}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {row.canRenew && (
                  <RenewLinkButtons subject={row.email} mailEnabled={pending.mailEnabled} disabled={busy === row.id || renewing === row.id} onRenew={(d) => renew(row, d)} />
                )}
                {row.canRevoke && (
                  <Button size="sm" disabled={busy === row.id || renewing === row.id} onClick={() => revoke(row)} aria-label={`Revoke the invitation of ${row.email}`}>
                    Revoke
                  </Button>
                )}
              </div>
            </div>
            {issued[row.id] && <InvitationLinkList links={[issued[row.id]]} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
