// / – the console opens on the tree browser: the top unit for those who can read it, otherwise
// the first unit the person belongs to.
import { redirect } from 'next/navigation';
import { actorContext } from '@/lib/api/with-actor';
import { landingUnitId } from '@/lib/screens/tree';

export default async function HomePage() {
  // Layouts do not re-render on client navigation: the page loads (and re-checks) the actor itself.
  const ctx = await actorContext();
  ctx.authorize('tenant.read', {});
  redirect(`/units/${landingUnitId(ctx.actor)}`);
}
