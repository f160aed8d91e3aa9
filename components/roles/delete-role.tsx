'use client';
// Deleting a role: when someone holds it, the person says what they hold instead (another role or
// nothing; the server refuses with roles.inUse otherwise), then the role goes.
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { inputClass } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { CustomRole } from '@/lib/authz/role-catalogue';

export function DeleteRole({ role, others }: { role: CustomRole; others: CustomRole[] }) {
  const router = useRouter();
  const selectId = useId();
  const [open, setOpen] = useState(false);
  const [replaceWith, setReplaceWith] = useState('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function remove() {
    setBusy(true);
    setError(undefined);
    try {
      await call('roles.delete', { params: { roleKey: role.key }, query: { replaceWith, expectedVersion: String(role.version) } });
      toast.success(`${role.name} deleted.`);
      router.push('/settings/roles');
      router.refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not delete the role.');
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="delete-role" className="space-y-2 rounded-lg border border-red-200 p-4 dark:border-red-900">
      <h2 id="delete-role" className="text-lg font-semibold">Delete this role</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Its holders lose it, or hold another role instead. Their built-in roles stay.</p>
      <Button variant="danger" onClick={() => setOpen(true)}>Delete {role.name}</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={`Delete ${role.name}?`}
        description="What do the people who hold it get instead? Each membership holding it changes first, then the role goes."
        footer={
          <>
            <Button variant="danger" onClick={() => void remove()} disabled={busy}>{busy ? 'Deleting…' : 'Delete role'}</Button>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>Cancel</Button>
          </>
        }
      >
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium">Its holders get instead</label>
        <select id={selectId} className={inputClass} value={replaceWith} onChange={(e) => setReplaceWith(e.target.value)}>
          <option value="none">Nothing (they lose it)</option>
          {others.map((r) => (
            <option key={r.key} value={r.key}>{r.name}</option>
          ))}
        </select>
        {error && <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">{error}</p>}
      </Modal>
    </section>
  );
}
