'use client';
// The connection's state at a glance: on or off, the last sign-in that worked and the last that
// failed (with its reason), Test connection and what the last test received and would do.
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { toast } from '@/components/ui/toaster';
import { ApiError, call } from '@/lib/api/client';
import { SIGN_IN_FAILURES, isSignInFailureCode } from '@/lib/auth/sign-in-failures';
import type { SsoScreenView, SsoConnectionView } from '@/lib/screens/sso';
import type { SsoSettingsArea } from './sso-settings-area';

const VIA = { membership: 'sign in as an existing member', invitation: 'sign in and accept their pending invitation', jit: 'join the top unit as a member (just-in-time)' } as const;
const failure = (code: string) => (isSignInFailureCode(code) ? SIGN_IN_FAILURES[code].title : code);
const when = (iso?: string) => (iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : undefined);

export function ConnectionStatus({ view, area }: { view: Pick<SsoScreenView, 'connection' | 'health' | 'test'>; area: SsoSettingsArea }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const connection = view.connection;

  async function test() {
    setBusy(true);
    try {
      const { callbackUrl } = await call(`${area}.test`);
      await signIn('sso', { callbackUrl });
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not start the test.');
      setBusy(false);
    }
  }

  async function switchTo(enabled: boolean, c: SsoConnectionView) {
    setBusy(true);
    try {
      await call(`${area}.setEnabled`, { body: { enabled, expectedVersion: c.version } });
      toast.success(enabled ? 'Single sign-on is on.' : 'Single sign-on is off.');
      router.refresh();
    } catch (e) {
      toast.error(e instanceof ApiError && e.code === 'sso.versionConflict' ? 'The connection changed meanwhile; reload and try again.' : e instanceof Error ? e.message : 'Could not switch it.');
    } finally {
      setBusy(false);
    }
  }

  if (!connection) return <Notice title="No connection yet">Verify a domain, then save your identity provider’s settings below.</Notice>;
  const { health, test: result } = view;
  return (
    <section aria-labelledby="sso-status" className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sso-status" className="text-lg font-semibold">
          {connection.protocol === 'oidc' ? 'OpenID Connect' : 'SAML'} connection: <span className={connection.enabled ? 'text-emerald-800 dark:text-emerald-300' : 'text-amber-800 dark:text-amber-300'}>{connection.enabled ? 'On' : 'Off'}</span>
        </h2>
        <div className="flex gap-2">
          <Button onClick={test} disabled={busy}>Test connection</Button>
          <Button variant={connection.enabled ? 'secondary' : 'primary'} onClick={() => switchTo(!connection.enabled, connection)} disabled={busy}>
            {connection.enabled ? 'Switch off' : 'Switch on'}
          </Button>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-zinc-600 dark:text-zinc-400">Last successful sign-in</dt>
        <dd>{health.lastSuccessAt ? `${when(health.lastSuccessAt)} (${health.lastSuccessEmail})` : 'None yet'}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Last failed sign-in</dt>
        <dd>{health.lastFailureAt ? `${when(health.lastFailureAt)}: ${failure(health.lastFailureCode ?? '')}` : 'None'}</dd>
      </dl>
      {result && (
        <div role="status" aria-label="Test result" className="space-y-2 rounded-md bg-zinc-50 p-3 text-sm dark:bg-zinc-900">
          <p className="font-semibold">
            Test at {when(result.at)}:{' '}
            {result.outcome.ok ? `${result.person?.email} would ${VIA[result.outcome.via]}.` : `the sign-in would be refused: ${failure(result.outcome.code)}.`}
          </p>
          {result.person && <p>Read as: {result.person.name || '(no name)'} &lt;{result.person.email}&gt;{result.person.groups?.length ? `, groups ${result.person.groups.join(', ')}` : ''}</p>}
          <details>
            <summary className="cursor-pointer">{result.protocol === 'oidc' ? 'Claims received' : 'NameID and attributes received'}</summary>
            <pre className="mt-2 overflow-x-auto text-xs">{JSON.stringify(result.received, null, 2)}</pre>
          </details>
        </div>
      )}
    </section>
  );
}
