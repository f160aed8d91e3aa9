// /settings/directory – directory sync (SCIM): the endpoint and tokens for the IdP, the sync's
// status, and the rules that place people in the tree (owners and admins).
import { actorContext } from '@/lib/api/with-actor';
import { loadDirectoryScreen } from '@/lib/screens/directory';
import { ConnectionCard } from '@/components/directory-sync/connection-card';
import { RulesCard } from '@/components/directory-sync/rules-card';
import { StatusCard } from '@/components/directory-sync/status-card';
import { TokensCard } from '@/components/directory-sync/tokens-card';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Directory sync – Arbor' };

export default async function DirectorySyncPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadDirectoryScreen(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  const view = result.data;
  return (
    <SettingsFrame width="medium">
      <ConnectionCard baseUrl={view.baseUrl} config={view.config} />
      <TokensCard tokens={view.tokens} maxTokens={view.maxTokens} now={view.now} />
      <StatusCard config={view.config} errors={view.errors} now={view.now} />
      {/* Keyed by the saved version: rules saved elsewhere reset the form to what is stored. */}
      <RulesCard key={view.config.version} config={view.config} groups={view.groups} customRoles={view.customRoles} root={view.root} units={view.units} />
    </SettingsFrame>
  );
}
