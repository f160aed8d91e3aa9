'use client';
// The role picker and remove button of one membership row (unit members panel, member page):
// sends the version it read, resolves a version conflict with the person, confirms removals.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CustomRoleChips } from '@/components/roles/custom-role-chips';
import { EditRolesDialog } from '@/components/roles/edit-roles-dialog';
import { DirectoryBadge } from '@/components/ui/directory-badge';
import { RoleBadge } from '@/components/ui/role-badge';
import { toast } from '@/components/ui/toaster';
import { ApiError, call } from '@/lib/api/client';
import type { Role } from '@/lib/members/membership-items';
import type { MemberRowView } from '@/lib/screens/unit-members';
import { MembershipConflictDialog, type MembershipConflict } from './membership-conflict-dialog';
import { ROLE_HELP, RoleSelect } from './role-select';

export interface MemberRowControlsProps {
  row: MemberRowView;
  /** Awaited before the change is confirmed (the unit page re-reads who administers it). */
  onChanged: (row: MemberRowView) => void | Promise<void>;
  onRemoved: () => void | Promise<void>;
}

const keyOf = (row: MemberRowView) => ({ unitId: row.unitId, userId: row.userId });

/** The stored membership a conflict reports (details.current), when the server sent it. */
function currentOf(e: ApiError): { role: Role; version: number } | undefined {
  const current = e.details?.current as { role?: Role; version?: number } | undefined;
  return current?.role && current.version ? { role: current.role, version: current.version } : undefined;
}

export function MemberRowControls({ row, onChanged, onRemoved }: MemberRowControlsProps) {
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [editingRoles, setEditingRoles] = useState(false);
  const [conflict, setConflict] = useState<MembershipConflict | null>(null);
  const who = row.name || row.email;
  const managed = row.managedBy === 'directory';
  const managedWarning = 'Directory sync manages this membership; its next sync may undo your change.';

  function failed(e: unknown, kind: MembershipConflict['kind'], wanted?: Role) {
    if (e instanceof ApiError && e.isConflict) {
      const current = currentOf(e);
      if (current) {
        setConflict({ kind, who, where: row.unitName, currentRole: current.role, currentVersion: current.version, wanted });
        return;
      }
    }
    if (e instanceof ApiError && e.code === 'membership.notFound') {
      toast.info(`${who} is no longer a member of ${row.unitName}.`);
      onRemoved();
      return;
    }
    toast.error(e instanceof Error ? e.message : 'Something went wrong. Please try again.');
  }

  async function changeRole(role: Role, expectedVersion = row.version) {
    if (role === row.role && expectedVersion === row.version) return;
    setBusy(true);
    try {
      const updated = await call('memberships.changeRole', { params: keyOf(row), body: { role, expectedVersion } });
      setConflict(null);
      await onChanged(updated);
      toast.success(`${who} is now ${updated.role} of ${row.unitName}.`);
      if (managed) toast.warning(managedWarning);
    } catch (e) {
      failed(e, 'role', role);
    } finally {
      setBusy(false);
    }
  }

  async function remove(expectedVersion = row.version) {
    setBusy(true);
    try {
      await call('memberships.remove', { params: keyOf(row), body: { expectedVersion } });
      setConfirming(false);
      setConflict(null);
      await onRemoved();
      toast.success(`Removed ${who} from ${row.unitName}.`);
    } catch (e) {
      setConfirming(false);
      failed(e, 'remove');
    } finally {
      setBusy(false);
    }
  }

  function keepCurrent() {
    if (conflict) {
      // ROLE_HELP lists the roles in lib's ROLES order, the one order every picker shows.
      const options = (Object.keys(ROLE_HELP) as Role[]).filter((r) => r === conflict.currentRole || row.roleOptions.includes(r));
      onChanged({ ...row, role: conflict.currentRole, version: conflict.currentVersion, roleOptions: options });
    }
    setConflict(null);
  }

  async function rolesSaved(updated: MemberRowView) {
    setEditingRoles(false);
    await onChanged(updated);
    toast.success(`${who}'s roles in ${row.unitName} are saved.`);
  }

  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <CustomRoleChips roles={row.customRoles} label={`Custom roles of ${who} in ${row.unitName}`} />
      {managed && <DirectoryBadge />}
      {row.roleOptions.length > 1 ? (
        <div className="w-32">
          <RoleSelect
            size="sm"
            value={row.role}
            options={row.roleOptions}
            onChange={(role) => changeRole(role)}
            label={`Role of ${who} in ${row.unitName}`}
            hideLabel
            disabled={busy}
          />
        </div>
      ) : (
        <RoleBadge role={row.role} />
      )}
      {row.lastOwner && (
        <span className="text-xs text-zinc-600 dark:text-zinc-400" title="Make someone else an owner before changing this role or removing it.">
          Only owner: make someone else an owner to change this
        </span>
      )}
      {row.assignableRoles.length > 0 && (
        <Button size="sm" variant="ghost" onClick={() => setEditingRoles(true)} disabled={busy} aria-label={`Edit the roles of ${who} in ${row.unitName}`}>
          Edit roles
        </Button>
      )}
      {row.canRemove && (
        <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} disabled={busy} aria-label={`Remove ${who} from ${row.unitName}`}>
          Remove
        </Button>
      )}
      {row.assignableRoles.length > 0 && <EditRolesDialog open={editingRoles} row={row} onClose={() => setEditingRoles(false)} onSaved={rolesSaved} />}
      <ConfirmDialog
        open={confirming}
        title={`Remove ${who} from ${row.unitName}?`}
        description={
          <>
            {row.isSelf
              ? `You will lose the ${row.role} role you hold on ${row.unitName}.`
              : `${who} loses the ${row.role} role on ${row.unitName} and what it gives them there. Their other memberships stay.`}
            {managed && <span className="mt-2 block text-amber-800 dark:text-amber-300">{managedWarning}</span>}
          </>
        }
        confirmLabel="Remove"
        busy={busy}
        onConfirm={() => remove()}
        onCancel={() => setConfirming(false)}
      />
      <MembershipConflictDialog
        conflict={conflict}
        busy={busy}
        onApply={() => (conflict?.kind === 'role' ? changeRole(conflict.wanted!, conflict.currentVersion) : remove(conflict!.currentVersion))}
        onDiscard={keepCurrent}
      />
    </div>
  );
}
