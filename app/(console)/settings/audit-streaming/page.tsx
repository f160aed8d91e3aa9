// /settings/audit-streaming – where every audit entry is streamed: destinations, their health and lag (owners).
import { actorContext } from '@/lib/api/with-actor';
import { loadAuditStreamsScreen } from '@/lib/screens/audit-streams';
import { DestinationsCard } from '@/components/audit-streaming/destinations-card';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Audit streaming – Arbor' };

export default async function AuditStreamingPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadAuditStreamsScreen(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  // A customer's S3 role trusts this organization by its id (the STS ExternalId).
  return (
    <SettingsFrame width="medium">
      <DestinationsCard view={{ ...result.data, externalId: ctx.actor.tenantId }} />
    </SettingsFrame>
  );
}
