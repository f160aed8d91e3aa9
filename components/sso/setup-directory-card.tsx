'use client';
// A setup link's directory sync step: the SCIM base URL and a token for the IdP's provisioning
// app, shown once. Rules that place people in the tree stay with the organization's admins.
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { call } from '@/lib/api/client';

export function SetupDirectoryCard({ baseUrl }: { baseUrl: string }) {
  const [token, setToken] = useState<string>();
  const [error, setError] = useState<string>();
  async function create() {
    setError(undefined);
    try {
      setToken((await call('setup.createDirectoryToken', { body: { label: 'Setup link' } })).token);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not create a token.');
    }
  }
  return (
    <section aria-labelledby="setup-directory" className="space-y-3">
      <h2 id="setup-directory" className="text-lg font-semibold">3. Directory sync (optional)</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        In Entra ID or Okta, add provisioning (SCIM 2.0) with this tenant URL and a secret token. People and groups then arrive in Arbor by themselves.
      </p>
      <CopyField label="SCIM tenant URL" value={baseUrl} />
      {token ? (
        <CopyField label="Secret token" value={token} hint="Shown only once: paste it into your IdP now." />
      ) : (
        <Button onClick={create}>Create a secret token</Button>
      )}
      {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
    </section>
  );
}
