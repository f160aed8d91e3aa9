// /settings/webhooks – where the organization's changes are sent (owners and admins).
import { actorContext } from '@/lib/api/with-actor';
import { loadWebhooksScreen } from '@/lib/screens/webhooks';
import { WebhooksCard } from '@/components/integrations/webhooks-card';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Webhooks – Arbor' };

export default async function WebhooksPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadWebhooksScreen(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <SettingsFrame width="medium">
      <WebhooksCard view={result.data} />
    </SettingsFrame>
  );
}
