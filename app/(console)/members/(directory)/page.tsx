// /members – everyone in the organization, pending invitations flagged, search by name or email.
import { actorContext } from '@/lib/api/with-actor';
import { loadMembers } from '@/lib/screens/members';
import { MembersDirectory } from '@/components/members/members-directory';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Members – Arbor' };

export default async function MembersPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  const ctx = await actorContext();
  const { q } = await searchParams;
  const result = await loadOrRefuse(() => loadMembers(ctx, { q: typeof q === 'string' ? q : undefined }));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <main className="mx-auto max-w-5xl p-6">
      <MembersDirectory screen={result.data} now={new Date().toISOString()} />
    </main>
  );
}
