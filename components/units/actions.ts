'use server';
// The unit page's reads outside its own render: where a unit this organization lacks may be
// (asked by its not-found page once it is shown, so the not-found content, which the framework
// renders with every unit page, reads nothing), and who can administer a unit now (asked after
// an edit on its page that may change it).
import { actorContext } from '@/lib/api/with-actor';
import { isArborError } from '@/lib/errors';
import { findUnitElsewhere, type UnitElsewhere } from '@/lib/screens/unit-elsewhere';
import { loadConsoleHeader } from '@/lib/screens/console-header';
import { loadUnitAdministrators, type AdministratorView } from '@/lib/screens/unit-administrators';

export async function findUnitElsewhereAction(unitId: unknown): Promise<{ elsewhere: UnitElsewhere; activeTenantName: string } | null> {
  if (typeof unitId !== 'string') return null;
  const ctx = await actorContext();
  const [elsewhere, header] = await Promise.all([findUnitElsewhere(ctx, unitId), loadConsoleHeader(ctx)]);
  return elsewhere ? { elsewhere, activeTenantName: header.organizationName } : null;
}

/** Null when the unit is gone or the actor may no longer ask (the page's own refresh says why). */
export async function unitAdministratorsAction(unitId: unknown): Promise<AdministratorView[] | null> {
  if (typeof unitId !== 'string') return null;
  try {
    return await loadUnitAdministrators(await actorContext(), unitId);
  } catch (e) {
    if (isArborError(e)) return null;
    throw e;
  }
}
