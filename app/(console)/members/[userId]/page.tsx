// /members/[userId] – one person's units and roles (T8), with role changes and removal.
import { actorContext } from '@/lib/api/with-actor';
import { loadMemberPage } from '@/lib/screens/member-page';
import { MemberProfile } from '@/components/members/member-profile';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Member – Arbor' };

export default async function MemberPage({ params }: { params: Promise<{ userId: string }> }) {
  const ctx = await actorContext();
  const { userId } = await params;
  const result = await loadOrRefuse(() => loadMemberPage(ctx, userId));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <main className="mx-auto max-w-4xl p-6">
      <MemberProfile view={result.data} canPlace={result.data.canPlace} />
    </main>
  );
}
