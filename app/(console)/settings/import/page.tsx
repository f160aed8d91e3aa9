// /settings/import – export the tree and memberships as CSV, import units and memberships (owners and admins).
import { actorContext } from '@/lib/api/with-actor';
import { loadImportScreen } from '@/lib/screens/settings';
import { ImportExportScreen } from '@/components/bulk/import-export-screen';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Import & export – Arbor' };

export default async function ImportPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadImportScreen(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <SettingsFrame width="medium">
      <ImportExportScreen view={result.data} />
    </SettingsFrame>
  );
}
