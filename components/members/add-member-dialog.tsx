'use client';
// Add someone already in the organization to a unit with a role: a person picker (searching
// names and emails) for a fixed unit, or a unit picker for a fixed person.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { Role } from '@/lib/members/membership-items';
import type { PersonOption, UnitOption } from '@/lib/screens/members';
import type { CustomRoleLabel, MemberRowView } from '@/lib/screens/unit-members';
import { RemoteCombobox } from './remote-combobox';
import { RoleSelect } from './role-select';
import { UnitPicker } from './unit-picker';

export type AddMemberTarget =
  /** Adding to this unit: pick the person (and, optionally, custom roles the actor may give there). */
  | { unit: { id: string; name: string; addRoles: Role[]; customRoles?: CustomRoleLabel[] } }
  /** Adding this person: pick the unit. */
  | { person: { userId: string; name: string } };

export interface AddMemberDialogProps {
  open: boolean;
  onClose: () => void;
  target: AddMemberTarget;
  /** Awaited before the addition is confirmed (the unit page re-reads who administers it). */
  onAdded: (row: MemberRowView) => void | Promise<void>;
}

const preferred = (roles: Role[]): Role => (roles.includes('member') ? 'member' : roles[0]);

export function AddMemberDialog({ open, onClose, target, onAdded }: AddMemberDialogProps) {
  const fixedUnit = 'unit' in target ? target.unit : null;
  const fixedPerson = 'person' in target ? target.person : null;
  const [person, setPerson] = useState<PersonOption | null>(null);
  const [unit, setUnit] = useState<UnitOption | null>(null);
  const roles = fixedUnit ? fixedUnit.addRoles : (unit?.addRoles ?? []);
  const [role, setRole] = useState<Role>('member');
  const [customRoles, setCustomRoles] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    setPerson(null);
    setUnit(null);
    setRole('member');
    setCustomRoles([]);
    setError(null);
    onClose();
  }

  const unitId = fixedUnit?.id ?? unit?.id;
  const userId = fixedPerson?.userId ?? person?.userId;
  const chosenRole = roles.includes(role) ? role : preferred(roles);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!unitId || !userId) return;
    setBusy(true);
    setError(null);
    try {
      const row = await call('memberships.add', { params: { unitId }, body: { userId, role: chosenRole, ...(customRoles.length > 0 ? { roles: customRoles } : {}) } });
      await onAdded(row);
      toast.success(`Added ${row.name || row.email} to ${row.unitName} as ${row.role}.`);
      close();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not add this person.');
    } finally {
      setBusy(false);
    }
  }

  const title = fixedUnit ? `Add a member to ${fixedUnit.name}` : `Add ${fixedPerson!.name} to a unit`;
  return (
    <Modal open={open} onClose={close} title={title} description="For people already in the organization. Invite anyone else by email.">
      <form onSubmit={submit} className="space-y-4">
        {fixedUnit ? (
          <RemoteCombobox<PersonOption>
            label="Person"
            placeholder="Type a name or email"
            value={person}
            onChange={setPerson}
            search={async (q, signal) => {
              const found = await call('members.list', { query: { forUnit: fixedUnit.id, q }, signal });
              return 'people' in found ? found.people : [];
            }}
            keyOf={(p) => p.userId}
            display={(p) => p.name || p.email}
            emptyText="Nobody in the organization matches. Invite them by email instead."
            autoFocus
            renderOption={(p) => (
              <>
                <span className="block">{p.name || p.email}</span>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{p.email}</span>
              </>
            )}
          />
        ) : (
          <UnitPicker value={unit} onChange={setUnit} />
        )}
        <RoleSelect label="Role" value={chosenRole ?? 'member'} options={roles} onChange={setRole} disabled={roles.length === 0} />
        {fixedUnit?.customRoles && fixedUnit.customRoles.length > 0 && (
          <fieldset className="space-y-1">
            <legend className="mb-1 text-sm font-medium">Custom roles (optional)</legend>
            {fixedUnit.customRoles.map((r) => (
              <label key={r.key} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox" className="mt-1" checked={customRoles.includes(r.key)}
                  onChange={(e) => setCustomRoles((keys) => (e.target.checked ? [...keys, r.key] : keys.filter((k) => k !== r.key)))}
                />
                <span className="break-words">{r.name}</span>
              </label>
            ))}
          </fieldset>
        )}
        {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
        <div className="flex justify-end gap-2">
          <Button onClick={close} disabled={busy}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy || !unitId || !userId || roles.length === 0}>
            {busy ? 'Adding…' : 'Add'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
