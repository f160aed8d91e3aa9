// The bench's App Router floor: the least a signed-in page of this app can be. The HTTP section
// copies it into its private build as app/bench-floor/[unitId]/page.tsx (it is never part of the
// product): the same session check as the console (the cookie opened, the actor's memberships
// read, T8) and the tenant-scoped client, then the page's main Query (a unit's first children,
// T3) rendered as a plain list, in the root layout only.
import { notFound } from 'next/navigation';
import { requireActor } from '@/lib/auth';
import { listChildren } from '@/lib/org';

export const dynamic = 'force-dynamic';

export default async function FloorPage({ params, searchParams }: { params: Promise<{ unitId: string }>; searchParams: Promise<{ limit?: string }> }) {
  const [{ unitId }, { limit }] = await Promise.all([params, searchParams]);
  const actor = await requireActor();
  const children = await listChildren(actor.db, unitId, { limit: Number(limit) || 25 }).catch(() => notFound());
  return (
    <main>
      <h1>Children of {unitId}</h1>
      <ul>
        {children.items.map((u) => (
          <li key={u.id}>{u.name}</li>
        ))}
      </ul>
    </main>
  );
}
