'use client';
// Tokens: the bearer secrets the IdP's provisioning sends. A new one is shown once, in a dialog
// (Arbor keeps only its hash); revoking one stops it at once. Several may live together, for
// rotation: create the new one, switch the IdP over, revoke the old one.
import { useState } from 'react';
import { RelativeTime } from '@/components/audit/relative-time';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { useAction } from '@/components/ui/use-action';
import { CopyField } from '@/components/ui/copy-field';
import { DataTable } from '@/components/ui/data-table';
import { call } from '@/lib/api/client';
import type { DirectoryTokenView } from '@/lib/screens/directory';
import { Card } from './card';

export function TokensCard({ tokens, maxTokens, now }: { tokens: DirectoryTokenView[]; maxTokens: number; now: string }) {
  const [label, setLabel] = useState('');
  const { busy, run } = useAction();
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<{ label: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<DirectoryTokenView | null>(null);
  const full = tokens.length >= maxTokens;

  function create() {
    setError(undefined);
    // The new token is shown once, in its own dialog: no toast beside it.
    return run(() => call('directory.createToken', { body: { label } }), null, {
      failed: 'Could not create the token.',
      showError: setError,
      then: ({ token }) => {
        setCreated({ label: label.trim(), token });
        setLabel('');
      },
    });
  }

  const revoke = (t: DirectoryTokenView) =>
    run(() => call('directory.revokeToken', { params: { tokenId: t.tokenId } }), `Revoked the token ${t.label}.`, {
      failed: 'Could not revoke the token.',
      settled: () => setRevoking(null),
    });

  return (
    <Card id="directory-tokens" title="Tokens" description="The secret your identity provider sends with every request (Entra ID: Secret token).">
      {tokens.length === 0 ? (
        <EmptyState title="No token yet">Create one and paste it into your identity provider.</EmptyState>
      ) : (
        <DataTable caption="Directory tokens" columns={['Label', 'Token', 'Created', 'Last used', '']}>
          {tokens.map((t) => (
            <tr key={t.tokenId}>
              <td className="px-3 py-2 font-medium">{t.label}</td>
              <td className="px-3 py-2 font-mono text-xs">ends with …{t.hint}</td>
              <td className="px-3 py-2">
                {t.createdBy}, <RelativeTime iso={t.createdAt} serverNow={now} />
              </td>
              <td className="px-3 py-2">{t.lastUsedAt ? <RelativeTime iso={t.lastUsedAt} serverNow={now} /> : 'never'}</td>
              <td className="px-3 py-2 text-right">
                <Button size="sm" variant="ghost" onClick={() => setRevoking(t)} disabled={busy} aria-label={`Revoke ${t.label}`}>
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form
        aria-label="New token"
        className="flex flex-wrap items-start gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <TextField
          className="min-w-56 flex-1"
          label="Token label"
          value={label}
          onChange={(e) => setLabel(e.target.value)}
          placeholder="Entra ID provisioning"
          maxLength={60}
          error={error}
          hint={full ? `A directory can have ${maxTokens} tokens at a time: revoke one you no longer use first.` : 'Names the token in this list, such as the app it is pasted into.'}
          disabled={busy || full}
        />
        <Button type="submit" variant="primary" className="sm:mt-6" disabled={busy || full || !label.trim()}>
          {busy ? 'Creating…' : 'New token'}
        </Button>
      </form>

      <Modal
        open={Boolean(created)}
        onClose={() => setCreated(null)}
        title={`Your new token${created ? `: ${created.label}` : ''}`}
        description="Copy it now: Arbor keeps only a hash and cannot show it again."
        size="lg"
        footer={
          <Button variant="primary" onClick={() => setCreated(null)}>
            Done
          </Button>
        }
      >
        {created && <CopyField label="Token" value={created.token} hint="Paste it as the Secret token (Entra ID) or the Bearer token (Okta)." />}
      </Modal>
      <ConfirmDialog
        open={Boolean(revoking)}
        title={`Revoke the token ${revoking?.label ?? ''}?`}
        description="It stops working at once: an identity provider still sending it can no longer create, change or remove anyone here. People already provisioned stay."
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={() => revoking && void revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </Card>
  );
}
