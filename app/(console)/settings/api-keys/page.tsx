// /settings/api-keys – the organization's API keys (owners and admins).
import { actorContext } from '@/lib/api/with-actor';
import { loadApiKeysScreen } from '@/lib/screens/api-keys';
import { ApiKeysCard } from '@/components/integrations/api-keys-card';
import { SettingsNav } from '@/components/settings/settings-nav';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'API keys – Arbor' };

export default async function ApiKeysPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadApiKeysScreen(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <main className="mx-auto max-w-5xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <SettingsNav />
      <ApiKeysCard view={result.data} />
    </main>
  );
}
