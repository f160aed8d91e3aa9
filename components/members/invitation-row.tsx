'use client';
// A pending invitation in the people list: who, to which unit and role, when it expires, and for
// those who may, a new link (mailed or to copy) and revoking it. A new link changes the
// invitation's version, kept here so a revoke after it is not refused as stale.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RoleBadge } from '@/components/ui/role-badge';
import { useAction } from '@/components/ui/use-action';
import { RelativeTime } from '@/components/audit/relative-time';
import { call } from '@/lib/api/client';
import type { MemberListInvitation } from '@/lib/screens/members';
import { InvitationLinkList } from './invitation-link-list';
import { RenewLinkButtons, useRenewInvitationLink } from './renew-invitation-link';

export function InvitationRow({ row, now, mailEnabled }: { row: MemberListInvitation; now: string; mailEnabled: boolean }) {
  const router = useRouter();
  const [version, setVersion] = useState(row.version);
  const [revoking, setRevoking] = useState(false);
  const [revoked, setRevoked] = useState(false);
  const { busy, run } = useAction();
  const { renewing, issued, renew } = useRenewInvitationLink(() => router.refresh());
  const subject = `${row.email} (${row.unitName})`;

  const revoke = () =>
    run(() => call('invitations.revoke', { params: { invitationId: row.id }, body: { expectedVersion: version } }), `Revoked the invitation of ${row.email}.`, {
      failed: 'Could not revoke the invitation.',
      then: () => setRevoked(true),
      settled: () => setRevoking(false),
    });

  // Gone at once; the refresh brings the list without it.
  if (revoked) return null;
  return (
    <tr className="bg-amber-50/50 dark:bg-amber-950/20">
      <td className="px-3 py-2" />
      <td className="px-3 py-2">
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">Invited</span>
      </td>
      <td data-label="Email" className="px-3 py-2 text-zinc-700 dark:text-zinc-300">{row.email}</td>
      <td data-label="Invitation" className="px-3 py-2 text-zinc-700 dark:text-zinc-300" colSpan={3}>
        <RoleBadge role={row.role} /> of {row.unitName} · expires <RelativeTime iso={row.expiresAt} serverNow={now} />
        {issued[row.id] && (
          <div className="mt-2">
            <InvitationLinkList links={[issued[row.id]]} />
          </div>
        )}
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap justify-end gap-2">
          {row.canRenew && (
            <RenewLinkButtons
              subject={subject}
              mailEnabled={mailEnabled}
              disabled={renewing === row.id}
              onRenew={async (d) => {
                const r = await renew({ id: row.id, email: row.email, version }, d);
                if (r) setVersion(r.version);
              }}
            />
          )}
          {row.canRevoke && (
            <Button size="sm" variant="ghost" disabled={renewing === row.id} onClick={() => setRevoking(true)} aria-label={`Revoke the invitation of ${row.email} to ${row.unitName}`}>
              Revoke
            </Button>
          )}
        </div>
        <ConfirmDialog
          open={revoking}
          title={`Revoke the invitation of ${row.email}?`}
          description={`They will no longer join ${row.unitName} when they sign in. You can invite them again later.`}
          confirmLabel="Revoke"
          busy={busy}
          onConfirm={revoke}
          onCancel={() => setRevoking(false)}
        />
      </td>
    </tr>
  );
}
