'use client';
// The organization's SSO connection: issuer, client id, client secret (write-only: never shown
// back, left empty to keep the stored one), the email domains it serves and just-in-time
// provisioning. Saved with the version read; a concurrent change is shown before overwriting.
import { Field, Label, Switch, Description } from '@headlessui/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextField, inputClass } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { api, ApiError } from '@/lib/api/client';
import type { SsoConnectionView } from '@/lib/screens/settings';
import { CopyField } from './copy-field';

const splitDomains = (text: string) => text.split(/[\s,;]+/).map((d) => d.trim()).filter(Boolean);

export function SsoConnectionForm({ initial, redirectUri }: { initial: SsoConnectionView | null; redirectUri: string }) {
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const [issuer, setIssuer] = useState(initial?.issuer ?? '');
  const [clientId, setClientId] = useState(initial?.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [domains, setDomains] = useState((initial?.domains ?? []).join('\n'));
  const [jit, setJit] = useState(initial?.jit ?? false);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<SsoConnectionView | null>(null);

  function load(c: SsoConnectionView | null) {
    setSaved(c);
    setIssuer(c?.issuer ?? '');
    setClientId(c?.clientId ?? '');
    setDomains((c?.domains ?? []).join('\n'));
    setJit(c?.jit ?? false);
  }

  async function save(expectedVersion = saved?.version) {
    setBusy(true);
    setError(null);
    try {
      const { connection } = await api<{ connection: SsoConnectionView }>('/api/v1/settings/sso', {
        method: 'PUT',
        body: { issuer, clientId, ...(secret.trim() ? { clientSecret: secret } : {}), domains: splitDomains(domains), jit, ...(expectedVersion ? { expectedVersion } : {}) },
      });
      load(connection);
      setSecret('');
      setConflict(null);
      toast.success('Single sign-on saved.');
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'sso.versionConflict') {
        const current = await api<{ connection: SsoConnectionView | null }>('/api/v1/settings/sso').catch(() => null);
        if (current?.connection) {
          setConflict(current.connection);
          return;
        }
      }
      const code = e instanceof ApiError ? e.code : '';
      const field = code.startsWith('sso.badIssuer') ? 'issuer' : code === 'sso.badClientId' ? 'clientId' : code === 'sso.badClientSecret' ? 'secret' : code.startsWith('domain') || code.startsWith('sso.noDomains') || code.startsWith('sso.tooManyDomains') ? 'domains' : 'form';
      setError({ field, message: e instanceof Error ? e.message : 'Could not save single sign-on.' });
    } finally {
      setBusy(false);
    }
  }

  const err = (field: string) => (error?.field === field ? error.message : undefined);

  return (
    <section aria-labelledby="sso" className="space-y-4">
      <div>
        <h2 id="sso" className="text-lg font-semibold">Single sign-on</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          People sign in through your identity provider (OpenID Connect). Register Arbor there as a web application with this redirect URI.
        </p>
      </div>
      <CopyField label="Redirect URI" value={redirectUri} hint="The same for every organization; register it exactly." />
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <TextField label="Issuer" value={issuer} onChange={(e) => setIssuer(e.target.value)} placeholder="https://company.okta.com" error={err('issuer')} hint="The IdP’s issuer URL; Arbor reads its /.well-known/openid-configuration." />
        <TextField label="Client ID" value={clientId} onChange={(e) => setClientId(e.target.value)} error={err('clientId')} autoComplete="off" />
        <TextField
          label="Client secret"
          type="password"
          value={secret}
          onChange={(e) => setSecret(e.target.value)}
          autoComplete="new-password"
          placeholder={saved?.hasSecret ? 'Stored — leave empty to keep it' : ''}
          error={err('secret')}
          hint={saved?.hasSecret ? 'A secret is stored. It is never shown; type a new one to replace it.' : 'Required for a new connection.'}
        />
        <div>
          <label htmlFor="sso-domains" className="mb-1 block text-sm font-medium">Email domains</label>
          <textarea
            id="sso-domains"
            rows={3}
            value={domains}
            onChange={(e) => setDomains(e.target.value)}
            className={inputClass}
            aria-invalid={err('domains') ? true : undefined}
            aria-describedby="sso-domains-help"
          />
          <p id="sso-domains-help" className={`mt-1 text-xs ${err('domains') ? 'text-red-700 dark:text-red-400' : 'text-zinc-600 dark:text-zinc-400'}`} role={err('domains') ? 'alert' : undefined}>
            {err('domains') ?? 'One per line. People whose email ends in one of these sign in here.'}
          </p>
        </div>
        <Field className="flex items-start gap-3">
          <Switch
            checked={jit}
            onChange={setJit}
            className="group relative mt-0.5 inline-flex h-5 w-9 shrink-0 cursor-pointer rounded-full bg-zinc-300 transition-colors data-checked:bg-emerald-700 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-emerald-600 dark:bg-zinc-700 dark:data-checked:bg-emerald-600"
          >
            <span aria-hidden="true" className="pointer-events-none mt-0.5 ml-0.5 inline-block size-4 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-4" />
          </Switch>
          <div>
            <Label className="text-sm font-medium">Just-in-time provisioning</Label>
            <Description className="text-xs text-zinc-600 dark:text-zinc-400">
              Anyone from these domains who signs in without an invitation joins the top unit as a member. Off: only invited people get in.
            </Description>
          </div>
        </Field>
        {error?.field === 'form' && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error.message}</p>}
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving…' : saved ? 'Save single sign-on' : 'Connect'}
        </Button>
      </form>
      <Modal
        open={Boolean(conflict)}
        onClose={() => setConflict(null)}
        title="Single sign-on changed meanwhile"
        description="Someone else saved the connection while you were editing. This is what is stored now."
        size="lg"
        footer={
          <>
            <Button
              onClick={() => {
                load(conflict);
                setSecret('');
                setConflict(null);
              }}
              disabled={busy}
            >
              Discard my changes
            </Button>
            <Button variant="primary" onClick={() => conflict && save(conflict.version)} disabled={busy}>
              Save mine over it
            </Button>
          </>
        }
      >
        {conflict && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600 dark:text-zinc-400">Issuer</dt>
            <dd className="break-all">{conflict.issuer}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Client ID</dt>
            <dd className="break-all">{conflict.clientId}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Domains</dt>
            <dd>{conflict.domains.join(', ')}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Just-in-time</dt>
            <dd>{conflict.jit ? 'On' : 'Off'}</dd>
          </dl>
        )}
      </Modal>
    </section>
  );
}
