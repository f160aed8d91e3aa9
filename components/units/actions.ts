'use server';
// Where a unit this organization lacks may be: asked by its not-found page once it is shown, so
// the not-found content (which the framework renders with every unit page) reads nothing.
import { actorContext } from '@/lib/api/with-actor';
import { findUnitElsewhere, type UnitElsewhere } from '@/lib/screens/unit-elsewhere';
import { loadConsoleHeader } from '@/lib/screens/console-header';

export async function findUnitElsewhereAction(unitId: unknown): Promise<{ elsewhere: UnitElsewhere; activeTenantName: string } | null> {
  if (typeof unitId !== 'string') return null;
  const ctx = await actorContext();
  const [elsewhere, header] = await Promise.all([findUnitElsewhere(ctx, unitId), loadConsoleHeader(ctx)]);
  return elsewhere ? { elsewhere, activeTenantName: header.organizationName } : null;
}
