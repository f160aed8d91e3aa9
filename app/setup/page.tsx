// /setup – what a setup link opens: an IT admin without an Arbor account verifies the domains,
// connects the identity provider (with Test connection) and sets up directory sync; nothing else
// of the organization is reachable from here.
import { IdpGuides } from '@/components/sso/idp-guides';
import { ConnectionStatus } from '@/components/sso/connection-status';
import { DomainsCard } from '@/components/sso/domains-card';
import { SetupDirectoryCard } from '@/components/sso/setup-directory-card';
import { SsoConnectionForm } from '@/components/sso/sso-connection-form';
import { scimBaseUrl } from '@/lib/scim';
import { loadSsoScreen } from '@/lib/screens/sso';
import { requireSetupSession } from '@/lib/setup-links';
import { getTenantSettings } from '@/lib/tenants';

export const metadata = { title: 'Set up sign-in – Arbor' };
export const dynamic = 'force-dynamic';

export default async function SetupPage({ searchParams }: { searchParams: Promise<{ test?: string }> }) {
  const session = await requireSetupSession();
  const { test } = await searchParams;
  const [view, settings] = await Promise.all([loadSsoScreen(session.db, { testId: test }), getTenantSettings(session.db)]);
  return (
    <main className="mx-auto max-w-3xl space-y-8 p-6">
      <header className="space-y-1">
        <p className="text-sm font-semibold tracking-wide text-emerald-700 dark:text-emerald-400">Arbor</p>
        <h1 className="text-2xl font-semibold">Set up sign-in for {settings.name}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          This page was shared with {session.label}. It works in this browser until {session.expiresAt.toISOString().slice(0, 10)}; everything done here is recorded in {settings.name}’s audit log.
        </p>
      </header>
      <DomainsCard domains={view.domains} area="setup" title="1. Domains" />
      <section className="space-y-6" aria-label="2. Single sign-on">
        <h2 className="text-lg font-semibold">2. Single sign-on</h2>
        <ConnectionStatus view={view} area="setup" />
        <SsoConnectionForm key={view.connection?.version ?? 0} initial={view.connection} serviceProvider={view.serviceProvider} area="setup" />
        <IdpGuides sp={view.serviceProvider} />
      </section>
      <SetupDirectoryCard baseUrl={scimBaseUrl()} />
    </main>
  );
}
