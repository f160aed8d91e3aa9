'use client';
// Gives a member custom roles on a unit, or takes them away: only the roles the actor may assign
// there are offered (role.assign, decided by the server per role); any other role the member
// holds stays as it is. Sent with the membership's version (optimistic locking).
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { call } from '@/lib/api/client';
import { ROLE_LIMITS } from '@/lib/authz/role-catalogue';
import type { MemberRowView } from '@/lib/screens/unit-members';

export interface EditRolesDialogProps {
  open: boolean;
  row: MemberRowView;
  onClose: () => void;
  onSaved: (row: MemberRowView) => void | Promise<void>;
}

export function EditRolesDialog({ open, row, onClose, onSaved }: EditRolesDialogProps) {
  const who = row.name || row.email;
  const assignable = new Set(row.assignableRoles.map((r) => r.key));
  const fixed = row.customRoles.filter((r) => !assignable.has(r.key));
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!open) return;
    setPicked(new Set(row.customRoles.map((r) => r.key).filter((k) => assignable.has(k))));
    setError(undefined);
    // Reset each time it opens, from the row as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const toggle = (key: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  async function save() {
    setBusy(true);
    setError(undefined);
    const chosen = [...fixed, ...row.assignableRoles.filter((r) => picked.has(r.key))];
    try {
      const updated = await call('memberships.setRoles', {
        params: { unitId: row.unitId, userId: row.userId },
        body: { roles: chosen.map((r) => r.key), expectedVersion: row.version },
      });
      await onSaved(updated);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not save the roles.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Roles of ${who} in ${row.unitName}`}
      description={`Beside their built-in role (${row.role}). At most ${ROLE_LIMITS.rolesPerMembership} roles on one unit.`}
      footer={
        <>
          <Button variant="primary" onClick={() => void save()} disabled={busy}>{busy ? 'Saving…' : 'Save roles'}</Button>
          <Button variant="ghost" onClick={onClose} disabled={busy}>Cancel</Button>
        </>
      }
    >
      <fieldset className="space-y-1">
        <legend className="sr-only">Custom roles</legend>
        {row.assignableRoles.map((r) => (
          <label key={r.key} className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" checked={picked.has(r.key)} onChange={() => toggle(r.key)} />
            <span className="break-words">{r.name}</span>
          </label>
        ))}
      </fieldset>
      {fixed.length > 0 && (
        <p className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
          Also holds {fixed.map((r) => r.name).join(', ')}, which you cannot give or take here.
        </p>
      )}
      {error && <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">{error}</p>}
    </Modal>
  );
}
