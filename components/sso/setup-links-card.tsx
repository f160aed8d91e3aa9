'use client';
// Setup links for someone outside Arbor (the company's IT admin): made with a label and a
// lifetime, shown once, listed with their state, revocable.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { SetupLinkView } from '@/lib/screens/setup-links';

const STATE = { waiting: 'Not opened yet', opened: 'Opened', expired: 'Expired', revoked: 'Revoked' } as const;

export function SetupLinksCard({ links }: { links: SetupLinkView[] }) {
  const router = useRouter();
  const [label, setLabel] = useState('');
  const [days, setDays] = useState(3);
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<string>();

  async function create() {
    setError(undefined);
    try {
      const { url } = await call('settings.createSetupLink', { body: { label, days } });
      setCreated(url);
      setLabel('');
      router.refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not create the link.');
    }
  }

  async function revoke(link: SetupLinkView) {
    try {
      await call('settings.revokeSetupLink', { params: { linkId: link.linkId } });
      toast.success(`Setup link for ${link.label} revoked.`);
      router.refresh();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not revoke it.');
    }
  }

  return (
    <section aria-labelledby="setup-links" className="space-y-3">
      <div>
        <h2 id="setup-links" className="text-lg font-semibold">Setup links</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Send one to your IT admin: without an Arbor account they can connect your identity provider, verify domains and set up directory sync, and nothing else. A link opens in one browser only.
        </p>
      </div>
      <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => (e.preventDefault(), void create())}>
        <TextField className="grow" label="Who it is for" value={label} onChange={(e) => setLabel(e.target.value)} placeholder="Okta admin" error={error} />
        <label className="text-sm">
          <span className="mb-1 block font-medium">Expires after</span>
          <select value={days} onChange={(e) => setDays(Number(e.target.value))} className="rounded-md border border-zinc-300 px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900">
            {[1, 3, 7].map((d) => <option key={d} value={d}>{d === 1 ? '1 day' : `${d} days`}</option>)}
          </select>
        </label>
        <Button type="submit" variant="primary" disabled={!label.trim()}>Create setup link</Button>
      </form>
      {links.length > 0 && (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 text-sm dark:divide-zinc-800 dark:border-zinc-800" aria-label="Setup links">
          {links.map((l) => (
            <li key={l.linkId} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <span className="font-medium">{l.label}</span> · {STATE[l.status]} · expires {l.expiresAt.slice(0, 10)} · by {l.createdBy}
              </span>
              {(l.status === 'waiting' || l.status === 'opened') && <Button size="sm" onClick={() => revoke(l)} aria-label={`Revoke the setup link for ${l.label}`}>Revoke</Button>}
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={Boolean(created)}
        onClose={() => setCreated(undefined)}
        title="Setup link created"
        description="Copy it now: it is shown only once. Send it to your IT admin."
        footer={<Button variant="primary" onClick={() => setCreated(undefined)}>Done</Button>}
      >
        {created && <CopyField label="Setup link" value={created} />}
      </Modal>
    </section>
  );
}
