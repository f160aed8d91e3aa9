// /settings/webhooks/[endpointId] – one endpoint's delivery log (owners and admins).
import { Link } from '@/components/ui/link';
import { actorContext } from '@/lib/api/with-actor';
import { loadDeliveryLogScreen } from '@/lib/screens/webhooks';
import { DeliveryLog } from '@/components/integrations/delivery-log';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Webhook deliveries – Arbor' };

export default async function DeliveryLogPage({ params }: { params: Promise<{ endpointId: string }> }) {
  const { endpointId } = await params;
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadDeliveryLogScreen(ctx, endpointId));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  const { endpoint, page, now } = result.data;
  return (
    <SettingsFrame width="wide">
      <section aria-labelledby="delivery-log" className="space-y-3">
        <p className="text-sm"><Link className="underline" href="/settings/webhooks">← Webhooks</Link></p>
        <h2 id="delivery-log" className="text-lg font-semibold">Deliveries to <span className="font-mono text-base break-all">{endpoint.url}</span></h2>
        <DeliveryLog endpointId={endpoint.endpointId} first={page} now={now} />
      </section>
    </SettingsFrame>
  );
}
