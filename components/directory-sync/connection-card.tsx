'use client';
// Connection: the Tenant URL the IdP sends SCIM requests to, which IdP it is (named in the audit
// trail as the directory's actor: "Directory sync (Okta)") and how to set that IdP up. The
// provider is saved with the stored rules unchanged, conditioned on their version.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { CopyField } from '@/components/ui/copy-field';
import { ApiError, call } from '@/lib/api/client';
import type { DirectoryConfig, Provider } from '@/lib/scim';
import { Card } from './card';
import { PROVIDER_NAMES, PROVIDER_STEPS } from './providers';

export function ConnectionCard({ baseUrl, config }: { baseUrl: string; config: DirectoryConfig }) {
  const router = useRouter();
  const [provider, setProvider] = useState<Provider>(config.provider);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function save() {
    setBusy(true);
    setError(undefined);
    try {
      await call('directory.saveRules', { body: { provider, rules: config.rules, expectedVersion: config.version } });
      toast.success(`Identity provider set to ${PROVIDER_NAMES[provider]}.`);
      router.refresh();
    } catch (e) {
      setError(
        e instanceof ApiError && e.code === 'directory.rulesChanged'
          ? 'Someone changed the directory settings meanwhile. Reload the page and choose again.'
          : e instanceof Error ? e.message : 'Could not save the identity provider.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card id="directory-connection" title="Connection" description="Your identity provider creates, updates and removes people here with SCIM 2.0.">
      <CopyField label="Tenant URL" value={baseUrl} hint="Entra ID calls it Tenant URL; Okta, SCIM connector base URL." />
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-56 flex-1">
          <label htmlFor="directory-provider" className="mb-1 block text-sm font-medium">Identity provider</label>
          <select id="directory-provider" className={inputClass} value={provider} onChange={(e) => setProvider(e.target.value as Provider)} disabled={busy}>
            {(Object.keys(PROVIDER_NAMES) as Provider[]).map((p) => (
              <option key={p} value={p}>{PROVIDER_NAMES[p]}</option>
            ))}
          </select>
        </div>
        {provider !== config.provider && (
          <Button variant="primary" onClick={save} disabled={busy}>
            {busy ? 'Saving…' : 'Save provider'}
          </Button>
        )}
      </div>
      {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
      <ol aria-label={`Setting up ${PROVIDER_NAMES[provider]}`} className="list-decimal space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
        {PROVIDER_STEPS[provider].map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </Card>
  );
}
