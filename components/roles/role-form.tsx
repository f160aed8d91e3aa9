'use client';
// Defines a role or changes one: name, key (suggested from the name, fixed once created),
// description, permissions, reach. A change to an existing role is previewed first (who gains and
// loses what, where) and saved only once confirmed, conditioned on the version shown.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass, TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import { ROLE_LIMITS, type CustomRole, type Reach, type TenantPermission } from '@/lib/authz/role-catalogue';
import type { RolesScreenView } from '@/lib/screens/roles';
import { PermissionPicker } from './permission-picker';
import { ReachPicker } from './reach-picker';
import { RoleChangePreview, type RoleChangePreviewView } from './role-change-preview';
import { suggestKey } from './suggest-key';

const sameSet = (a: readonly string[], b: ReadonlySet<string>) => a.length === b.size && a.every((k) => b.has(k));

export function RoleForm({ view, role }: { view: RolesScreenView; role?: CustomRole }) {
  const router = useRouter();
  const [name, setName] = useState(role?.name ?? '');
  const [key, setKey] = useState(role?.key ?? '');
  const [keyEdited, setKeyEdited] = useState(Boolean(role));
  const [description, setDescription] = useState(role?.description ?? '');
  const [picked, setPicked] = useState<Set<string>>(new Set(role?.permissions ?? []));
  const [reach, setReach] = useState<Reach>(role?.reach ?? 'subtree');
  const [own, setOwn] = useState<TenantPermission[]>(view.permissions);
  const [preview, setPreview] = useState<RoleChangePreviewView | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const toggle = (k: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(k)) next.delete(k);
      else next.add(k);
      return next;
    });

  async function run(work: () => Promise<void>, failure: string) {
    setBusy(true);
    setError(undefined);
    try {
      await work();
    } catch (e) {
      setError(e instanceof Error ? e.message : failure);
    } finally {
      setBusy(false);
    }
  }

  const permissions = [...picked];
  const accessChanges = role && (role.reach !== reach || !sameSet(role.permissions, picked));

  const create = () =>
    run(async () => {
      const created = await call('roles.create', { body: { key, name: name.trim(), description: description.trim(), permissions, reach } });
      // Its own page says it was made (a toast would only repeat it).
      router.push(`/settings/roles/${encodeURIComponent(created.key)}`);
      router.refresh();
    }, 'Could not create the role.');

  const update = (r: CustomRole) =>
    run(async () => {
      await call('roles.update', {
        params: { roleKey: r.key },
        body: { name: name.trim(), description: description.trim(), permissions, reach, expectedVersion: r.version },
      });
      setPreview(null);
      toast.success(`${name.trim()} saved.`);
      router.refresh();
    }, 'Could not save the role.');

  // Only a change of what the role grants changes anyone's access: that one is previewed first.
  const save = () => {
    if (!role) return void create();
    if (!accessChanges) return void update(role);
    void run(async () => {
      setPreview(await call('roles.preview', { params: { roleKey: role.key }, body: { permissions, reach } }));
    }, 'Could not preview the change.');
  };

  return (
    <form
      aria-label={role ? `Edit ${role.name}` : 'New role'}
      className="space-y-5 rounded-lg border border-zinc-200 p-4 sm:p-5 dark:border-zinc-800"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Name" value={name} required maxLength={ROLE_LIMITS.nameLength} placeholder="Budget approver"
          onChange={(e) => {
            setName(e.target.value);
            if (!keyEdited) setKey(suggestKey(e.target.value));
          }}
        />
        <TextField
          label="Key" value={key} required disabled={Boolean(role)} autoCapitalize="none" spellCheck={false}
          hint={role ? 'Fixed: other systems may use it.' : 'How the API and your applications name it. Fixed once created.'}
          onChange={(e) => {
            setKey(e.target.value);
            setKeyEdited(true);
          }}
        />
      </div>
      <div>
        <label htmlFor="role-description" className="mb-1 block text-sm font-medium">Description</label>
        <textarea id="role-description" className={inputClass} rows={2} value={description} maxLength={ROLE_LIMITS.descriptionLength} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <PermissionPicker
        arborGroups={view.arborGroups}
        own={own}
        picked={picked}
        onToggle={toggle}
        onAdded={(p) => {
          setOwn((list) => [...list.filter((o) => o.key !== p.key), p].sort((a, b) => a.key.localeCompare(b.key)));
          setPicked((current) => new Set([...current, p.key]));
        }}
      />
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{picked.size} of at most {ROLE_LIMITS.permissionsPerRole} permissions picked.</p>
      <ReachPicker value={reach} onChange={setReach} />
      {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" type="submit" disabled={busy || !name.trim() || !key || picked.size === 0}>
          {busy ? 'Working…' : role ? (accessChanges ? 'Review changes' : 'Save') : 'Create role'}
        </Button>
      </div>
      {role && preview && (
        <RoleChangePreview preview={preview} roleName={role.name} busy={busy} onConfirm={() => void update(role)} onCancel={() => setPreview(null)} />
      )}
    </form>
  );
}
