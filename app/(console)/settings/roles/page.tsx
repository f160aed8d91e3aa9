// /settings/roles – the organization's roles: the built-in four (read-only) and its own, with the
// permissions it defined. Everyone may read it; those who may manage roles also get the controls.
import { actorContext } from '@/lib/api/with-actor';
import { loadRolesScreen } from '@/lib/screens/roles';
import { RolesOverview } from '@/components/roles/roles-overview';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Roles – Arbor' };

export default async function RolesPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadRolesScreen(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <SettingsFrame width="medium">
      <RolesOverview view={result.data} />
    </SettingsFrame>
  );
}
