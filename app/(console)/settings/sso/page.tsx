// /settings/sso – single sign-on: the connection's state and Test connection, its settings
// (OIDC or SAML), the guides for the common IdPs and setup links for an IT admin (owners and admins).
import { actorContext } from '@/lib/api/with-actor';
import { loadSsoSettingsScreen } from '@/lib/screens/sso';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';
import { ConnectionStatus } from '@/components/sso/connection-status';
import { IdpGuides } from '@/components/sso/idp-guides';
import { SetupLinksCard } from '@/components/sso/setup-links-card';
import { SsoConnectionForm } from '@/components/sso/sso-connection-form';

export const metadata = { title: 'Single sign-on – Arbor' };

export default async function SsoSettingsPage({ searchParams }: { searchParams: Promise<{ test?: string }> }) {
  const { test } = await searchParams;
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadSsoSettingsScreen(ctx, test));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  const view = result.data;
  return (
    <SettingsFrame>
      <ConnectionStatus view={view} area="sso" />
      <SsoConnectionForm key={view.connection?.version ?? 0} initial={view.connection} serviceProvider={view.serviceProvider} area="sso" />
      <IdpGuides sp={view.serviceProvider} />
      <hr className="border-zinc-200 dark:border-zinc-800" />
      <SetupLinksCard links={view.setupLinks} />
    </SettingsFrame>
  );
}
