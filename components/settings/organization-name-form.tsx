'use client';
// The organization's name: saved with the version it was read at; when someone renamed it
// meanwhile, the person sees the current name and chooses to apply theirs or keep it.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { ApiError, call } from '@/lib/api/client';
import { useRenameOrganization } from '@/components/shell/organization-name';

interface Saved {
  name: string;
  version: number;
}

export function OrganizationNameForm({ name: initialName, version: initialVersion, canRename }: { name: string; version: number; canRename: boolean }) {
  const router = useRouter();
  const renameOrganization = useRenameOrganization();
  const [saved, setSaved] = useState<Saved>({ name: initialName, version: initialVersion });
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<Saved | null>(null);

  async function save(expectedVersion = saved.version) {
    setBusy(true);
    setError(null);
    try {
      const result = await call('settings.renameOrganization', { body: { name, expectedVersion } });
      renameOrganization(saved.name, result.name);
      setSaved(result);
      setName(result.name);
      setConflict(null);
      toast.success(`The organization is now called ${result.name}.`);
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError && e.isConflict) {
        const current = e.details?.current as { name?: string; version?: number } | undefined;
        if (current?.name && current.version) {
          setConflict({ name: current.name, version: current.version });
          return;
        }
      }
      setError(e instanceof Error ? e.message : 'Could not rename the organization.');
    } finally {
      setBusy(false);
    }
  }

  function keepCurrent() {
    if (conflict) {
      renameOrganization(saved.name, conflict.name);
      setSaved(conflict);
      setName(conflict.name);
    }
    setConflict(null);
    router.refresh();
  }

  return (
    <section aria-labelledby="org-name" className="space-y-3">
      <h2 id="org-name" className="text-lg font-semibold">Organization</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
        className="flex flex-wrap items-start gap-3"
      >
        <TextField
          label="Organization name"
          className="w-full max-w-sm"
          value={name}
          onChange={(e) => setName(e.target.value)}
          readOnly={!canRename}
          error={error ?? undefined}
          hint="Shown in the header, the organization switcher and the top of the tree."
        />
        {canRename && (
          <Button type="submit" variant="primary" className="mt-6" disabled={busy || name.trim() === saved.name || !name.trim()}>
            {busy ? 'Saving…' : 'Save name'}
          </Button>
        )}
      </form>
      <Modal
        open={Boolean(conflict)}
        onClose={keepCurrent}
        title="The name changed meanwhile"
        description="Someone else renamed the organization while you were editing."
        footer={
          <>
            <Button onClick={keepCurrent} disabled={busy}>Keep “{conflict?.name}”</Button>
            <Button variant="primary" onClick={() => conflict && save(conflict.version)} disabled={busy}>
              Use “{name.trim()}”
            </Button>
          </>
        }
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-zinc-600 dark:text-zinc-400">Current name</dt>
          <dd className="font-medium">{conflict?.name}</dd>
          <dt className="text-zinc-600 dark:text-zinc-400">Your name</dt>
          <dd className="font-medium">{name.trim()}</dd>
        </dl>
      </Modal>
    </section>
  );
}
