// /reorganizations – the change sets the actor may see (their own, and those touching what they
// administer; owners and admins: all), and a way to start one.
import { actorContext } from '@/lib/api/with-actor';
import { loadChangeSets } from '@/lib/screens/change-sets';
import { ChangeSetList } from '@/components/change-sets/change-set-list';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Reorganizations – Arbor' };

export default async function ReorganizationsPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadChangeSets(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <main className="mx-auto max-w-5xl p-6">
      <ChangeSetList screen={result.data} />
    </main>
  );
}
