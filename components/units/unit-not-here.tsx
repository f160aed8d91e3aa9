'use client';
// A unit's not-found content: the unit is not in this organization. Once shown, it asks whether
// the unit is in another of the person's organizations (a page of the previous one after a
// switch) and then says so, offering to switch back; otherwise the unit is gone.
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { findUnitElsewhereAction } from './actions';
import { UnitElsewhereNotice } from './unit-elsewhere-notice';
import { UnitGone } from './unit-gone';

type Lookup = Awaited<ReturnType<typeof findUnitElsewhereAction>> | 'asking';

export function UnitNotHere() {
  const unitId = /^\/units\/([0-9A-HJKMNP-TV-Z]{26})/.exec(usePathname() ?? '')?.[1];
  const [lookup, setLookup] = useState<Lookup>(unitId ? 'asking' : null);
  useEffect(() => {
    if (!unitId) return;
    let current = true;
    findUnitElsewhereAction(unitId).then(
      (found) => current && setLookup(found),
      () => current && setLookup(null),
    );
    return () => {
      current = false;
    };
  }, [unitId]);
  if (lookup === 'asking') {
    return (
      <main className="p-6" aria-busy="true">
        <h1 className="sr-only">Unit not found</h1>
        <Skeleton className="mx-auto h-24 max-w-md" />
      </main>
    );
  }
  if (!lookup || !unitId) return <UnitGone />;
  return <UnitElsewhereNotice unitId={unitId} elsewhere={lookup.elsewhere} activeTenantName={lookup.activeTenantName} />;
}
