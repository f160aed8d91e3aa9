'use client';
// Planning mode's side panel for the unit selected in the tree: what can be drafted on it (a
// sub-unit, a rename, a move, a deletion) and its direct members (GET /api/v1/members/units/…),
// each of whom can be moved to another unit, given another role or removed in the draft; and
// someone already in the organization added. Nothing here changes the live tree.
import { useEffect, useState } from 'react';
import { RemoteCombobox } from '@/components/members/remote-combobox';
import { RoleSelect } from '@/components/members/role-select';
import { Button } from '@/components/ui/button';
import { RoleBadge } from '@/components/ui/role-badge';
import { TextField } from '@/components/ui/text-field';
import { ApiError, call } from '@/lib/api/client';
import type { Role } from '@/lib/members/membership-items';
import type { OperationInput } from '@/lib/change-sets';
import type { PersonOption } from '@/lib/screens/members';
import type { MemberRowView, UnitMembersPage } from '@/lib/screens/unit-members';
import type { UnitRow } from '@/lib/screens/unit-view';
import { FormDialog } from './form-dialog';
import { UnitDestinationPicker, type UnitHit } from './unit-destination-picker';

type Dialog =
  | { kind: 'create' | 'rename' | 'move' | 'delete' | 'add' }
  | { kind: 'memberMove' | 'memberRole' | 'memberRemove'; member: MemberRowView };

const ROOT_ROLES: Role[] = ['owner', 'admin', 'manager', 'member'];
const UNIT_ROLES: Role[] = ['manager', 'member'];

export interface UnitPlanPanelProps {
  unit: UnitRow;
  editable: boolean;
  addOperations(ops: OperationInput[], done: string): Promise<void>;
}

export function UnitPlanPanel({ unit, editable, addOperations }: UnitPlanPanelProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [name, setName] = useState('');
  const [destination, setDestination] = useState<UnitHit | null>(null);
  const [person, setPerson] = useState<PersonOption | null>(null);
  const [role, setRole] = useState<Role>('member');
  const [members, setMembers] = useState<{ unitId: string; page?: UnitMembersPage; error?: string }>({ unitId: unit.id });

  useEffect(() => {
    const controller = new AbortController();
    setMembers({ unitId: unit.id });
    call('memberships.list', { params: { unitId: unit.id }, query: { scope: 'direct' }, signal: controller.signal })
      .then((page) => setMembers({ unitId: unit.id, page }))
      .catch((e) => {
        if ((e as Error).name !== 'AbortError') setMembers({ unitId: unit.id, error: e instanceof ApiError ? e.message : 'Could not load the members.' });
      });
    return () => controller.abort();
  }, [unit.id]);

  function open(next: Dialog) {
    setName(next.kind === 'rename' ? unit.name : '');
    setDestination(null);
    setPerson(null);
    setRole(next.kind === 'memberRole' ? next.member.role : 'member');
    setDialog(next);
  }
  const close = () => setDialog(null);
  const roles = unit.parentId === null ? ROOT_ROLES : UNIT_ROLES;
  const who = (m: MemberRowView) => m.name || m.email;

  return (
    <section aria-labelledby="selected-unit" className="space-y-4">
      <div>
        <p className="text-xs uppercase tracking-wide text-zinc-600 dark:text-zinc-400">Selected unit</p>
        <h3 id="selected-unit" className="text-lg font-semibold break-words">{unit.name}</h3>
      </div>
      {editable && (
        <div className="flex flex-wrap gap-2" role="group" aria-label={`Draft changes to ${unit.name}`}>
          <Button size="sm" onClick={() => open({ kind: 'create' })}>Add sub-unit</Button>
          <Button size="sm" onClick={() => open({ kind: 'rename' })} disabled={!unit.canEdit}>Rename</Button>
          <Button size="sm" onClick={() => open({ kind: 'move' })} disabled={!unit.canEdit || unit.parentId === null}>Move…</Button>
          <Button size="sm" onClick={() => open({ kind: 'delete' })} disabled={!unit.canEdit || unit.parentId === null}>Delete</Button>
        </div>
      )}

      <div className="space-y-2">
        <div className="flex items-baseline justify-between gap-2">
          <h4 className="text-sm font-semibold">People in {unit.name}</h4>
          {editable && <Button size="sm" variant="ghost" onClick={() => open({ kind: 'add' })}>Add person</Button>}
        </div>
        {members.error ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{members.error}</p>
        ) : !members.page ? (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>
        ) : members.page.rows.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No direct members.</p>
        ) : (
          <ul aria-label={`People in ${unit.name}`} className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {members.page.rows.map((m) => (
              <li key={m.userId} className="space-y-1 p-2 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{who(m)}</span>
                  <RoleBadge role={m.role} />
                </div>
                {m.name && <p className="text-xs text-zinc-600 dark:text-zinc-400">{m.email}</p>}
                {editable && (
                  <div className="flex flex-wrap gap-1">
                    <Button size="sm" variant="ghost" aria-label={`Move ${who(m)} to another unit`} disabled={!m.canRemove} onClick={() => open({ kind: 'memberMove', member: m })}>Move</Button>
                    <Button size="sm" variant="ghost" aria-label={`Change the role of ${who(m)}`} disabled={m.roleOptions.length < 2} onClick={() => open({ kind: 'memberRole', member: m })}>Role</Button>
                    <Button size="sm" variant="ghost" aria-label={`Remove ${who(m)}`} disabled={!m.canRemove} onClick={() => open({ kind: 'memberRemove', member: m })}>Remove</Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {members.page?.nextCursor && <p className="text-xs text-zinc-600 dark:text-zinc-400">Showing the first {members.page.rows.length}; open the unit page for everyone.</p>}
      </div>

      <FormDialog
        open={dialog?.kind === 'create'} title={`Add a sub-unit to ${unit.name}`} submitLabel="Add to the reorganization" canSubmit={Boolean(name.trim())} onClose={close}
        onSubmit={() => addOperations([{ kind: 'createUnit', parentId: unit.id, name: name.trim() }], `Added: create ${name.trim()}.`)}
      >
        <TextField label="Name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </FormDialog>
      <FormDialog
        open={dialog?.kind === 'rename'} title={`Rename ${unit.name}`} submitLabel="Add to the reorganization" canSubmit={Boolean(name.trim()) && name.trim() !== unit.name} onClose={close}
        onSubmit={() => addOperations([{ kind: 'renameUnit', unitId: unit.id, name: name.trim() }], `Added: rename ${unit.name}.`)}
      >
        <TextField label="New name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </FormDialog>
      <FormDialog
        open={dialog?.kind === 'move'} title={`Move ${unit.name}`} description="With everything below it. Its administrators and the destination's approve the reorganization."
        submitLabel="Add to the reorganization" canSubmit={Boolean(destination)} onClose={close}
        onSubmit={() => addOperations([{ kind: 'moveUnit', unitId: unit.id, parentId: destination!.id }], `Added: move ${unit.name} under ${destination!.name}.`)}
      >
        <UnitDestinationPicker value={destination} onChange={setDestination} label="Move under" exclude={unit.id} />
      </FormDialog>
      <FormDialog
        open={dialog?.kind === 'delete'} title={`Delete ${unit.name}?`} description="When the reorganization is applied, the unit goes with everything below it and its memberships." destructive
        submitLabel="Add to the reorganization" canSubmit onClose={close}
        onSubmit={() => addOperations([{ kind: 'deleteUnit', unitId: unit.id }], `Added: delete ${unit.name}.`)}
      />
      <FormDialog
        open={dialog?.kind === 'add'} title={`Add a person to ${unit.name}`} description="Someone already in the organization." submitLabel="Add to the reorganization" canSubmit={Boolean(person)} onClose={close}
        onSubmit={() => addOperations([{ kind: 'addMember', userId: person!.userId, unitId: unit.id, role }], `Added: add ${person!.name || person!.email} to ${unit.name}.`)}
      >
        <RemoteCombobox<PersonOption>
          label="Person" placeholder="Type a name or email" value={person} onChange={setPerson}
          search={async (q, signal) => {
            const found = await call('members.list', { query: { forUnit: unit.id, q }, signal });
            return 'people' in found ? found.people : [];
          }}
          keyOf={(p) => p.userId} display={(p) => p.name || p.email} emptyText="Nobody in the organization matches." autoFocus
          renderOption={(p) => (
            <>
              <span className="block">{p.name || p.email}</span>
              <span className="block text-xs text-zinc-600 dark:text-zinc-400">{p.email}</span>
            </>
          )}
        />
        <RoleSelect label="Role" value={role} options={roles} onChange={setRole} />
      </FormDialog>
      {dialog && 'member' in dialog && (
        <>
          <FormDialog
            open={dialog.kind === 'memberMove'} title={`Move ${who(dialog.member)} from ${unit.name}`} description="They keep their role." submitLabel="Add to the reorganization" canSubmit={Boolean(destination)} onClose={close}
            onSubmit={() => addOperations([{ kind: 'moveMember', userId: dialog.member.userId, fromUnitId: unit.id, unitId: destination!.id }], `Added: move ${who(dialog.member)} to ${destination!.name}.`)}
          >
            <UnitDestinationPicker value={destination} onChange={setDestination} label="Move to" exclude={unit.id} />
          </FormDialog>
          <FormDialog
            open={dialog.kind === 'memberRole'} title={`Role of ${who(dialog.member)} in ${unit.name}`} submitLabel="Add to the reorganization" canSubmit={role !== dialog.member.role} onClose={close}
            onSubmit={() => addOperations([{ kind: 'changeRole', userId: dialog.member.userId, unitId: unit.id, role }], `Added: make ${who(dialog.member)} ${role}.`)}
          >
            <RoleSelect label="Role" value={role} options={dialog.member.roleOptions} onChange={setRole} />
          </FormDialog>
          <FormDialog
            open={dialog.kind === 'memberRemove'} title={`Remove ${who(dialog.member)} from ${unit.name}?`} description="When the reorganization is applied." destructive
            submitLabel="Add to the reorganization" canSubmit onClose={close}
            onSubmit={() => addOperations([{ kind: 'removeMember', userId: dialog.member.userId, unitId: unit.id }], `Added: remove ${who(dialog.member)}.`)}
          />
        </>
      )}
    </section>
  );
}
