// /members/[userId] – one person's units and roles (T8), with role changes and removal.
// Nothing is sent before the person is found: someone not in this organization, or an id of the
// wrong shape, answers 404 (a loading boundary would have sent 200 first). The wait is the one
// Query that also decides whether the person is here, so a skeleton would not shorten it.
import { notFound } from 'next/navigation';
import { actorContext } from '@/lib/api/with-actor';
import { isArborError } from '@/lib/errors';
import { loadMemberPage } from '@/lib/screens/member-page';
import { MemberProfile } from '@/components/members/member-profile';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Member – Arbor' };

export default async function MemberPage({ params }: { params: Promise<{ userId: string }> }) {
  const ctx = await actorContext();
  const { userId } = await params;
  const result = await loadOrRefuse(() =>
    loadMemberPage(ctx, userId).catch((e: unknown) => {
      if (isArborError(e) && (e.kind === 'notFound' || e.kind === 'invalid')) notFound();
      throw e;
    }),
  );
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <main className="mx-auto max-w-4xl p-6">
      <MemberProfile view={result.data} canPlace={result.data.canPlace} />
    </main>
  );
}
