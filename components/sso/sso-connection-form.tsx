'use client';
// The organization's SSO connection, OpenID Connect or SAML: the values to give the IdP, the
// IdP's settings (an OIDC client secret and the SP key are never shown back), and just-in-time
// provisioning. It serves the organization's verified domains. Saved with the version read; a
// concurrent change is shown before overwriting. `area` is the console's settings API or a
// setup link's.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { Modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { ApiError, call } from '@/lib/api/client';
import type { ServiceProviderValues, SsoConnectionView } from '@/lib/screens/sso';
import { samlBody, samlDraftFrom, SamlFields, type SamlDraft } from './saml-fields';
import { SwitchField } from './switch-field';
import type { SsoSettingsArea } from './sso-settings-area';

type Protocol = 'oidc' | 'saml';

const fieldOf = (code: string) =>
  code === 'sso.badIssuer' ? 'issuer' : code === 'sso.badClientId' ? 'clientId' : code === 'sso.badClientSecret' ? 'secret'
    : code.startsWith('saml.badMetadata') || code.startsWith('saml.metadataUnreachable') ? 'metadata' : code === 'saml.badCertificate' ? 'certificate' : 'form';

export function SsoConnectionForm({ initial, serviceProvider, area }: { initial: SsoConnectionView | null; serviceProvider: ServiceProviderValues; area: SsoSettingsArea }) {
  const router = useRouter();
  const [saved, setSaved] = useState(initial);
  const [protocol, setProtocol] = useState<Protocol>(initial?.protocol ?? 'oidc');
  const [oidc, setOidc] = useState({ issuer: initial?.protocol === 'oidc' ? initial.issuer : '', clientId: initial?.protocol === 'oidc' ? initial.clientId : '', secret: '' });
  const [saml, setSaml] = useState<SamlDraft>(samlDraftFrom(initial?.protocol === 'saml' ? initial : undefined));
  const [jit, setJit] = useState(initial?.jit ?? false);
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<SsoConnectionView | null>(null);

  function load(c: SsoConnectionView | null) {
    setSaved(c);
    setProtocol(c?.protocol ?? 'oidc');
    setOidc({ issuer: c?.protocol === 'oidc' ? c.issuer : '', clientId: c?.protocol === 'oidc' ? c.clientId : '', secret: '' });
    setSaml(samlDraftFrom(c?.protocol === 'saml' ? c : undefined));
    setJit(c?.jit ?? false);
  }

  async function save(expectedVersion = saved?.version) {
    setBusy(true);
    setError(null);
    const settings = protocol === 'oidc'
      ? { protocol, issuer: oidc.issuer, clientId: oidc.clientId, ...(oidc.secret.trim() ? { clientSecret: oidc.secret } : {}) }
      : samlBody(saml);
    try {
      const { connection } = await call(`${area}.saveConnection`, { body: { ...settings, jit, ...(expectedVersion ? { expectedVersion } : {}) } });
      load(connection);
      setConflict(null);
      toast.success(connection.enabled ? 'Single sign-on saved.' : 'Single sign-on saved. Test it, then switch it on.');
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'sso.versionConflict') {
        const current = await call(`${area}.getConnection`).catch(() => null);
        if (current?.connection) return setConflict(current.connection);
      }
      const code = e instanceof ApiError ? e.code : '';
      const field = code === 'saml.badSetting' && e instanceof ApiError ? String((e.details as { field?: string } | undefined)?.field ?? 'form') : fieldOf(code);
      setError({ field, message: e instanceof Error ? e.message : 'Could not save single sign-on.' });
    } finally {
      setBusy(false);
    }
  }

  const err = (field: string) => (error?.field === field ? error.message : undefined);

  return (
    <section aria-labelledby="sso-connection" className="space-y-4">
      <div>
        <h2 id="sso-connection" className="text-lg font-semibold">Connection</h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          People of your verified domains sign in through your identity provider{saved?.domains.length ? ` (${saved.domains.join(', ')})` : ''}.
        </p>
      </div>
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">Protocol</legend>
        {(['oidc', 'saml'] as const).map((p) => (
          <label key={p} className="flex items-center gap-2">
            <input type="radio" name="sso-protocol" value={p} checked={protocol === p} onChange={() => setProtocol(p)} />
            {p === 'oidc' ? 'OpenID Connect' : 'SAML 2.0'}
          </label>
        ))}
      </fieldset>
      {protocol === 'oidc' ? (
        <CopyField label="Redirect URI" value={serviceProvider.redirectUri} hint="The same for every organization; register it exactly." />
      ) : (
        <div className="grid gap-3">
          <CopyField label="SP entity ID" value={serviceProvider.entityId} hint="Also called Identifier or Audience URI." />
          <CopyField label="ACS URL" value={serviceProvider.acsUrl} hint="Assertion consumer service (Reply URL, Single sign-on URL); HTTP-POST binding." />
          {saved?.protocol === 'saml' && <CopyField label="SP metadata URL" value={serviceProvider.metadataUrl} hint="Arbor's metadata with its signing certificate, for IdPs that import it." />}
        </div>
      )}
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {protocol === 'oidc' ? (
          <>
            <TextField label="Issuer" value={oidc.issuer} onChange={(e) => setOidc({ ...oidc, issuer: e.target.value })} placeholder="https://company.okta.com" error={err('issuer')} hint="The IdP’s issuer URL; Arbor reads its /.well-known/openid-configuration." />
            <TextField label="Client ID" value={oidc.clientId} onChange={(e) => setOidc({ ...oidc, clientId: e.target.value })} error={err('clientId')} autoComplete="off" />
            <TextField
              label="Client secret"
              type="password"
              value={oidc.secret}
              onChange={(e) => setOidc({ ...oidc, secret: e.target.value })}
              autoComplete="new-password"
              placeholder={saved?.protocol === 'oidc' && saved.hasSecret ? 'Stored — leave empty to keep it' : ''}
              error={err('secret')}
              hint={saved?.protocol === 'oidc' && saved.hasSecret ? 'A secret is stored. It is never shown; type a new one to replace it.' : 'Required for a new connection.'}
            />
          </>
        ) : (
          <SamlFields draft={saml} onChange={setSaml} error={err} certificates={saved?.protocol === 'saml' ? saved.idpCertificates : []} />
        )}
        <SwitchField
          label="Just-in-time provisioning"
          checked={jit}
          onChange={setJit}
          description="Anyone from your verified domains who signs in without an invitation joins the top unit as a member. Off: only invited people get in."
        />
        {error?.field === 'form' && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error.message}</p>}
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Saving…' : saved ? 'Save single sign-on' : 'Save connection'}
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
            <Button onClick={() => (load(conflict), setConflict(null))} disabled={busy}>Discard my changes</Button>
            <Button variant="primary" onClick={() => conflict && save(conflict.version)} disabled={busy}>Save mine over it</Button>
          </>
        }
      >
        {conflict && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600 dark:text-zinc-400">Protocol</dt>
            <dd>{conflict.protocol === 'oidc' ? 'OpenID Connect' : 'SAML 2.0'}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Issuer</dt>
            <dd className="break-all">{conflict.issuer}</dd>
            {conflict.protocol === 'oidc' && (
              <>
                <dt className="text-zinc-600 dark:text-zinc-400">Client ID</dt>
                <dd className="break-all">{conflict.clientId}</dd>
              </>
            )}
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
