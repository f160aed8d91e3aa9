// /settings/domains – the organization's email domains and their DNS proofs (owners and admins).
import { actorContext } from '@/lib/api/with-actor';
import { loadDomainsScreen } from '@/lib/screens/sso';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';
import { DomainsCard } from '@/components/sso/domains-card';

export const metadata = { title: 'Domains – Arbor' };

export default async function DomainsSettingsPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadDomainsScreen(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <SettingsFrame>
      <DomainsCard domains={result.data} area="sso" />
    </SettingsFrame>
  );
}
