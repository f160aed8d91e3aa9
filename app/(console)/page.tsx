// / – the active organization's tree as a plain nested list (T4, one Query page). The full tree
// browser belongs to the console issue; this page proves sign-in lands in the right tenant.
import { actorContext } from '@/lib/api/with-actor';
import { listSubtree } from '@/lib/org';
import { getTenantSettings } from '@/lib/tenants/settings';
import { PlainTree } from '@/components/shell/plain-tree';

export const metadata = { title: 'Organization – Arbor' };

export default async function HomePage() {
  // Layouts do not re-render on client navigation: the page loads (and re-checks) the actor itself.
  const ctx = await actorContext();
  ctx.authorize('tenant.read', {});
  const tenant = await getTenantSettings(ctx.db);
  const tree = await listSubtree(ctx.db, tenant.rootUnitId);
  return (
    <main className="p-6">
      <h1 className="text-2xl font-semibold">{tenant.name}</h1>
      <PlainTree units={tree.items} rootId={tenant.rootUnitId} truncated={Boolean(tree.nextCursor)} />
    </main>
  );
}
