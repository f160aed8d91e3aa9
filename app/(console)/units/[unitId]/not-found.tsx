// A unit that does not exist here (deleted, or a mistyped link), still answered 404. When it is
// in another of the person's organizations (a page of the previous one after a switch), say so
// and offer to switch back (lib/screens/unit-elsewhere decides what may be said).
import { headers } from 'next/headers';
import { actorContext } from '@/lib/api/with-actor';
import { REQUEST_PATH_HEADER } from '@/lib/auth';
import { findUnitElsewhere } from '@/lib/screens/unit-elsewhere';
import { getTenantSettings } from '@/lib/tenants';
import { UnitElsewhereNotice } from '@/components/units/unit-elsewhere-notice';
import { UnitGone } from '@/components/units/unit-gone';

export default async function UnitNotFound() {
  // Not-found pages don't receive params; proxy.ts passes the requested path along.
  const unitId = /^\/units\/([0-9A-HJKMNP-TV-Z]{26})/.exec((await headers()).get(REQUEST_PATH_HEADER) ?? '')?.[1];
  if (!unitId) return <UnitGone />;
  const ctx = await actorContext();
  const elsewhere = await findUnitElsewhere(ctx, unitId);
  if (!elsewhere) return <UnitGone />;
  const { name } = await getTenantSettings(ctx.db);
  return <UnitElsewhereNotice unitId={unitId} elsewhere={elsewhere} activeTenantName={name} />;
}
