'use client';
// The organization's email domains: add one, publish the TXT record shown, Verify. Only verified
// domains route sign-ins; a verified domain whose record disappeared is flagged, not dropped.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyField } from '@/components/ui/copy-field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { DomainView } from '@/lib/domains/records';
import type { SsoSettingsArea } from './sso-settings-area';

const STATUS = {
  verified: ['Verified', 'text-emerald-800 dark:text-emerald-300'],
  pending: ['Waiting for its DNS record', 'text-amber-800 dark:text-amber-300'],
  failing: ['Record missing at the last check', 'text-red-700 dark:text-red-400'],
} as const;

export function DomainsCard({ domains, area, title = 'Domains' }: { domains: DomainView[]; area: SsoSettingsArea; title?: string }) {
  const router = useRouter();
  const [domain, setDomain] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<string>();
  const [removing, setRemoving] = useState<DomainView>();

  async function run(key: string, work: () => Promise<unknown>, done?: string) {
    setBusy(key);
    setError(undefined);
    try {
      await work();
      if (done) toast.success(done);
      router.refresh();
      return true;
    } catch (e) {
      const message = e instanceof Error ? e.message : 'That did not work.';
      if (key === 'add') setError(message);
      else toast.error(message);
      return false;
    } finally {
      setBusy(undefined);
    }
  }

  return (
    <section aria-labelledby="domains" className="space-y-4">
      <div>
        <h2 id="domains" className="text-lg font-semibold">{title}</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Prove each email domain with a DNS TXT record. Until a domain is verified, nobody with its addresses signs in or is provisioned here.
        </p>
      </div>
      <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" aria-label="Domains">
        {domains.length === 0 && <li className="p-3 text-sm text-zinc-600 dark:text-zinc-400">No domains yet.</li>}
        {domains.map((d) => (
          <li key={d.domain} className="space-y-2 p-3" aria-label={d.domain}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm">
                <span className="font-medium">{d.domain}</span> · <span className={STATUS[d.status][1]}>{STATUS[d.status][0]}</span>
                {d.status !== 'pending' && d.provenBy === 'operator' && <span className="text-zinc-600 dark:text-zinc-400"> (by Arbor when the organization was created)</span>}
              </p>
              <div className="flex gap-2">
                {d.status !== 'verified' && (
                  <Button size="sm" variant="primary" disabled={Boolean(busy)} onClick={() => run(`verify:${d.domain}`, () => call(`${area}.verifyDomain`, { params: { domain: d.domain } }), `${d.domain} is verified.`)}>
                    {busy === `verify:${d.domain}` ? 'Checking…' : 'Verify'}
                  </Button>
                )}
                <Button size="sm" disabled={Boolean(busy)} onClick={() => setRemoving(d)} aria-label={`Remove ${d.domain}`}>Remove</Button>
              </div>
            </div>
            {d.txt && (
              <div className="grid gap-2 sm:grid-cols-2">
                <CopyField label={`TXT record name for ${d.domain}`} value={d.txt.name} />
                <CopyField label={`TXT record value for ${d.domain}`} value={d.txt.value} />
              </div>
            )}
            {d.lastProblem && <p className="text-xs text-zinc-600 dark:text-zinc-400">{d.lastProblem}</p>}
          </li>
        ))}
      </ul>
      <form
        className="flex items-end gap-2"
        onSubmit={async (e) => {
          e.preventDefault();
          if (await run('add', () => call(`${area}.addDomain`, { body: { domain } }), `${domain} added: publish its TXT record, then Verify.`)) setDomain('');
        }}
      >
        <TextField className="grow" label="Add a domain" value={domain} onChange={(e) => setDomain(e.target.value)} placeholder="company.com" error={error} />
        <Button type="submit" disabled={Boolean(busy) || !domain.trim()}>Add domain</Button>
      </form>
      <ConfirmDialog
        open={Boolean(removing)}
        onCancel={() => setRemoving(undefined)}
        busy={Boolean(busy)}
        title={`Remove ${removing?.domain}?`}
        description={removing?.status === 'pending' ? 'Its verification is cancelled.' : 'People with its addresses will no longer be able to sign in here, and another organization could claim it.'}
        confirmLabel="Remove domain"
        onConfirm={async () => {
          const target = removing!;
          await run(`remove:${target.domain}`, () => call(`${area}.removeDomain`, { params: { domain: target.domain } }), `${target.domain} removed.`);
          setRemoving(undefined);
        }}
      />
    </section>
  );
}
