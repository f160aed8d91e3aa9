// /settings/domains – the organization's email domains and their DNS proofs (owners and admins).
import { actorContext } from '@/lib/api/with-actor';
import { loadDomainsScreen } from '@/lib/screens/sso';
import { SettingsNav } from '@/components/settings/settings-nav';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';
import { DomainsCard } from '@/components/sso/domains-card';

export const metadata = { title: 'Domains – Arbor' };

export default async function DomainsSettingsPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadDomainsScreen(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <SettingsNav />
      <DomainsCard domains={result.data} apiBase="/api/v1/settings" />
    </main>
  );
}
