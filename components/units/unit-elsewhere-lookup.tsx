'use client';
// Asks, once the unit's not-found content shows, whether the unit is in another of the person's
// organizations (a page of the previous one after a switch). If it is, says where and offers to
// switch back; the not-found page then hides its "doesn't exist" (it looks for data-unit-elsewhere).
import { useEffect, useState } from 'react';
import { findUnitElsewhereAction } from './actions';
import { UnitElsewhereNotice } from './unit-elsewhere-notice';

type Found = NonNullable<Awaited<ReturnType<typeof findUnitElsewhereAction>>>;

export function UnitElsewhereLookup({ unitId }: { unitId: string }) {
  const [found, setFound] = useState<Found | null>(null);
  useEffect(() => {
    let current = true;
    findUnitElsewhereAction(unitId).then(
      (result) => current && setFound(result),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [unitId]);
  if (!found) return null;
  return (
    <div data-unit-elsewhere="">
      <UnitElsewhereNotice unitId={unitId} elsewhere={found.elsewhere} activeTenantName={found.activeTenantName} />
    </div>
  );
}
