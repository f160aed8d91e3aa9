// /settings/api-keys – the organization's API keys (owners and admins).
import { actorContext } from '@/lib/api/with-actor';
import { loadApiKeysScreen } from '@/lib/screens/api-keys';
import { ApiKeysCard } from '@/components/integrations/api-keys-card';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'API keys – Arbor' };

export default async function ApiKeysPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadApiKeysScreen(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <SettingsFrame width="wide">
      <ApiKeysCard view={result.data} />
    </SettingsFrame>
  );
}
