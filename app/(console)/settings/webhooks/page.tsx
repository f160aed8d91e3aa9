// /settings/webhooks – where the organization's changes are sent (owners and admins).
import { actorContext } from '@/lib/api/with-actor';
import { loadWebhooksScreen } from '@/lib/screens/webhooks';
import { WebhooksCard } from '@/components/integrations/webhooks-card';
import { SettingsNav } from '@/components/settings/settings-nav';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Webhooks – Arbor' };

export default async function WebhooksPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadWebhooksScreen(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <main className="mx-auto max-w-4xl space-y-6 p-6">
      <h1 className="text-2xl font-semibold">Settings</h1>
      <SettingsNav />
      <WebhooksCard view={result.data} />
    </main>
  );
}
