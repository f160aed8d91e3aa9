// /units – opens the unit the person's view of the tree starts at.
import { redirect } from 'next/navigation';
import { actorContext } from '@/lib/api/with-actor';
import { landingUnitId } from '@/lib/screens/tree';

export default async function UnitsIndex() {
  const ctx = await actorContext();
  ctx.authorize('tenant.read', {});
  redirect(`/units/${landingUnitId(ctx.actor)}`);
}
