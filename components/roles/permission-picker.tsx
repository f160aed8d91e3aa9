'use client';
// The permissions a role holds: Arbor's grouped by area, then the organization's own, to which a
// permission can be added on the spot (key and description; it is created at once, unticked roles
// untouched).
import { useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { call } from '@/lib/api/client';
import type { TenantPermission } from '@/lib/authz/role-catalogue';
import type { PermissionGroup } from '@/lib/screens/roles';

export interface PermissionPickerProps {
  arborGroups: PermissionGroup[];
  own: TenantPermission[];
  picked: ReadonlySet<string>;
  onToggle: (key: string) => void;
  /** A permission was added: list it, and tick it. */
  onAdded: (permission: TenantPermission) => void;
}

function Group({ legend, choices, picked, onToggle }: { legend: string; choices: { key: string; label: string }[]; picked: ReadonlySet<string>; onToggle: (key: string) => void }) {
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {choices.map((c) => (
          <label key={c.key} className="flex min-w-0 items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1" checked={picked.has(c.key)} onChange={() => onToggle(c.key)} />
            <span className="min-w-0">
              <code className="text-xs break-all">{c.key}</code>
              {c.label && <span className="block text-xs break-words text-zinc-600 dark:text-zinc-400">{c.label}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AddPermission({ onAdded }: { onAdded: (permission: TenantPermission) => void }) {
  const [key, setKey] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function add() {
    setBusy(true);
    setError(undefined);
    try {
      onAdded(await call('permissions.create', { body: { key: key.trim(), description: description.trim() } }));
      setKey('');
      setDescription('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not add the permission.');
    } finally {
      setBusy(false);
    }
  }

  // Not a <form>: it sits inside the role's form, and Enter here must add, not save the role.
  const enterAdds = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (key.trim() && !busy) void add();
  };

  return (
    <div role="group" aria-label="Add a permission" className="grid gap-2 rounded-md border border-dashed border-zinc-300 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end dark:border-zinc-700">
      <TextField label="New permission key" value={key} onChange={(e) => setKey(e.target.value)} placeholder="expenses.approve" autoCapitalize="none" spellCheck={false}
        onKeyDown={enterAdds} />
      <TextField label="What it lets a holder do" value={description} onChange={(e) => setDescription(e.target.value)} placeholder="Approve expense reports"
        onKeyDown={enterAdds} />
      <Button onClick={() => void add()} disabled={busy || !key.trim()}>{busy ? 'Adding…' : 'Add permission'}</Button>
      {error && <p role="alert" className="text-sm text-red-700 sm:col-span-3 dark:text-red-400">{error}</p>}
    </div>
  );
}

export function PermissionPicker({ arborGroups, own, picked, onToggle, onAdded }: PermissionPickerProps) {
  return (
    <div className="space-y-4">
      {arborGroups.map((g) => (
        <Group key={g.area} legend={g.area} choices={g.permissions} picked={picked} onToggle={onToggle} />
      ))}
      <div className="space-y-2">
        {own.length > 0 ? (
          <Group legend="Your organization's permissions" choices={own.map((p) => ({ key: p.key, label: p.description }))} picked={picked} onToggle={onToggle} />
        ) : (
          <p className="text-sm font-medium">Your organization&apos;s permissions</p>
        )}
        <AddPermission onAdded={onAdded} />
      </div>
    </div>
  );
}
