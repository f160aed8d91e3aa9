'use client';
// A unit's not-found content: the unit is not in this organization. It says the unit is gone (in
// the server's HTML too) and, once shown, asks whether the unit is in another of the person's
// organizations (a page of the previous one after a switch): if so, it says where instead and
// offers to switch back.
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';
import { findUnitElsewhereAction } from './actions';
import { UnitElsewhereNotice } from './unit-elsewhere-notice';
import { UnitGone } from './unit-gone';

type Lookup = Awaited<ReturnType<typeof findUnitElsewhereAction>>;

export function UnitNotHere() {
  const unitId = /^\/units\/([0-9A-HJKMNP-TV-Z]{26})/.exec(usePathname() ?? '')?.[1];
  const [lookup, setLookup] = useState<Lookup>(null);
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
  if (!lookup || !unitId) return <UnitGone />;
  return <UnitElsewhereNotice unitId={unitId} elsewhere={lookup.elsewhere} activeTenantName={lookup.activeTenantName} />;
}
