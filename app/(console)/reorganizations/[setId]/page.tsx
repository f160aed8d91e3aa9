// /reorganizations/[setId] – one change set: its header and actions by state, planning on the
// live tree (edits go into the draft), its operations, the preview and the approvals.
import { actorContext } from '@/lib/api/with-actor';
import { loadChangeSetScreen } from '@/lib/screens/change-sets';
import { ChangeSetScreen } from '@/components/change-sets/change-set-screen';
import { notFound } from 'next/navigation';
import { loadOrRefuse } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Reorganization – Arbor' };

export default async function ChangeSetPage({ params }: { params: Promise<{ setId: string }> }) {
  const { setId } = await params;
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadChangeSetScreen(ctx, setId));
  // Hidden and missing sets read alike (404); a set the person may see but not open is a 403.
  if (result.refusal) notFound();
  // A new set (a revert opens one) starts with fresh state.
  return <ChangeSetScreen key={setId} screen={result.data} />;
}
