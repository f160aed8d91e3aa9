'use client';
// Someone else changed a membership while the actor was editing it: show what it is now and let
// them apply their change on top of it or keep the current value. Never a silent overwrite.
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { RoleBadge } from '@/components/ui/role-badge';
import type { Role } from '@/lib/members/membership-items';

export interface MembershipConflict {
  kind: 'role' | 'remove';
  /** Who and where, for the sentence: "Ada in Cloud". */
  who: string;
  where: string;
  currentRole: Role;
  currentVersion: number;
  /** The role the actor chose (role changes). */
  wanted?: Role;
}

export function MembershipConflictDialog({
  conflict, busy, onApply, onDiscard,
}: {
  conflict: MembershipConflict | null;
  busy?: boolean;
  onApply: () => void;
  onDiscard: () => void;
}) {
  const c = conflict;
  return (
    <Modal
      open={Boolean(c)}
      onClose={onDiscard}
      title="This membership changed meanwhile"
      description={c ? `Someone else changed ${c.who}’s membership in ${c.where} while you were editing it.` : undefined}
      footer={
        c && (
          <>
            <Button onClick={onDiscard} disabled={busy}>
              {c.kind === 'role' ? 'Keep current role' : 'Don’t remove'}
            </Button>
            <Button variant={c.kind === 'remove' ? 'danger' : 'primary'} onClick={onApply} disabled={busy}>
              {busy ? 'Working…' : c.kind === 'role' ? `Make ${c.wanted} anyway` : 'Remove anyway'}
            </Button>
          </>
        )
      }
    >
      {c && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-zinc-600 dark:text-zinc-400">Role now</dt>
          <dd>
            <RoleBadge role={c.currentRole} />
          </dd>
          {c.kind === 'role' && c.wanted && (
            <>
              <dt className="text-zinc-600 dark:text-zinc-400">Your change</dt>
              <dd>
                <RoleBadge role={c.wanted} />
              </dd>
            </>
          )}
        </dl>
      )}
    </Modal>
  );
}
