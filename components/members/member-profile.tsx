'use client';
// /members/[userId]: one person's units and roles, each with its role picker and remove button;
// add them to another unit; remove them from the organization (every unit at once). The server
// decides what is offered; its refusals (the last owner, for instance) are shown as it words them.
// Erasing their personal data asks for their address typed out, and sends what was typed: the
// server compares it with the address it holds, so the confirmation is the owner's, not the page's.
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { MemberPageView, MembershipView } from '@/lib/screens/member-page';
import type { MemberRowView } from '@/lib/screens/unit-members';
import { AddMemberDialog } from './add-member-dialog';
import { MemberRowControls } from './member-row-controls';

export function MemberProfile({ view, canPlace }: { view: MemberPageView; canPlace: boolean }) {
  const router = useRouter();
  const [rows, setRows] = useState<MembershipView[]>(view.memberships);
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const [eraseRefusal, setEraseRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const who = view.user.name || view.user.email;

  useEffect(() => setRows(view.memberships), [view.memberships]);

  const key = (r: MemberRowView) => r.unitId;
  const changed = (row: MemberRowView) => {
    setRows((all) => all.map((r) => (key(r) === key(row) ? { ...r, ...row } : r)));
    router.refresh();
  };
  const removed = (row: MemberRowView) => {
    setRows((all) => all.filter((r) => key(r) !== key(row)));
    router.refresh();
  };

  async function removeFromOrganization() {
    setBusy(true);
    setRefusal(null);
    try {
      await call('members.removeFromOrganization', { params: { userId: view.user.userId } });
      toast.success(`Removed ${who} from the organization.`);
      router.push('/members');
      router.refresh();
    } catch (e) {
      setRefusal(e instanceof Error ? e.message : 'Could not remove this person.');
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  async function erasePersonalData(confirmEmail: string) {
    setBusy(true);
    setEraseRefusal(null);
    try {
      await call('members.erase', { params: { userId: view.user.userId }, body: { confirmEmail } });
      toast.success('Erased their personal data. Their past actions now show as “Erased person”.');
      router.push('/members');
      router.refresh();
    } catch (e) {
      setEraseRefusal(e instanceof Error ? e.message : 'Could not erase this person’s data.');
    } finally {
      setBusy(false);
      setErasing(false);
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            <Link href="/members" className="hover:underline">Members</Link> /
          </p>
          <h1 className="text-2xl font-semibold">{who}{view.isSelf && <span className="ml-2 text-base font-normal text-zinc-600 dark:text-zinc-400">(you)</span>}</h1>
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{view.user.email}</p>
        </div>
        <div className="flex gap-2">
          {canPlace && <Button onClick={() => setAdding(true)}>Add to a unit</Button>}
          {view.canRemoveFromOrganization && (
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Remove from organization
            </Button>
          )}
          {view.canErase && (
            <Button variant="danger" onClick={() => setErasing(true)}>
              Erase personal data
            </Button>
          )}
        </div>
      </div>

      {rows.some((r) => r.lastOwner) && !view.canRemoveFromOrganization && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {view.isSelf
            ? 'You are the organization’s only owner: your role can’t be changed and you can’t be removed until someone else is an owner.'
            : `${who} is the organization’s only owner: their role can’t be changed and they can’t be removed until someone else is an owner.`}
        </p>
      )}

      {refusal && (
        <Notice tone="error" title={`${who} was not removed`}>
          {refusal}
        </Notice>
      )}

      {eraseRefusal && (
        <Notice tone="error" title={`${who}’s data was not erased`}>
          {eraseRefusal}
        </Notice>
      )}

      <section aria-labelledby="member-units" className="space-y-2">
        <h2 id="member-units" className="text-lg font-semibold">Units and roles</h2>
        {rows.length === 0 ? (
          <EmptyState title="No memberships you can see" />
        ) : (
          <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {rows.map((row) => (
              <li key={row.unitId} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
                <div className="min-w-0">
                  <Link href={`/units/${row.unitId}`} className="font-medium hover:underline">{row.unitName}</Link>
                  {row.parents.length > 0 && <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">{row.parents.join(' / ')}</p>}
                </div>
                <MemberRowControls row={row} onChanged={changed} onRemoved={() => removed(row)} />
              </li>
            ))}
          </ul>
        )}
        {view.hidden > 0 && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {view.hidden === 1 ? 'One more membership is' : `${view.hidden} more memberships are`} in units you can’t see.
          </p>
        )}
      </section>

      {canPlace && (
        <AddMemberDialog
          open={adding}
          onClose={() => setAdding(false)}
          target={{ person: { userId: view.user.userId, name: who } }}
          onAdded={() => router.refresh()}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title={`Remove ${who} from the organization?`}
        description={`${who} loses all ${rows.length === 1 ? 'their membership' : `${rows.length} memberships`} and no longer sees the organization. Invite them again to bring them back.`}
        confirmLabel="Remove from organization"
        busy={busy}
        onConfirm={removeFromOrganization}
        onCancel={() => setConfirming(false)}
      />
      <ConfirmDialog
        open={erasing}
        title={`Erase ${who}’s personal data?`}
        description={
          <>
            This removes {who} from every unit and deletes their profile, sessions, pending invitations and directory
            records here. The history keeps every change they made or that was made to them, but shows them as
            “Erased person”. This cannot be undone.
          </>
        }
        confirmLabel="Erase personal data"
        typeToConfirm={view.user.email}
        ignoreCase
        busy={busy}
        onConfirm={erasePersonalData}
        onCancel={() => setErasing(false)}
      />
    </div>
  );
}
