// A unit that does not exist here (deleted, or a mistyped link), still answered 404. The
// framework renders this content with every unit page, so it reads nothing itself: whether the
// unit is in another of the person's organizations is asked by the browser once this shows, and
// when it is, the notice saying where replaces "doesn't exist" (CSS :has, no second render).
import { headers } from 'next/headers';
import { REQUEST_PATH_HEADER } from '@/lib/auth';
import { UnitElsewhereLookup } from '@/components/units/unit-elsewhere-lookup';
import { UnitGone } from '@/components/units/unit-gone';

export default async function UnitNotFound() {
  // Not-found pages don't receive params; proxy.ts passes the requested path along.
  const unitId = /^\/units\/([0-9A-HJKMNP-TV-Z]{26})/.exec((await headers()).get(REQUEST_PATH_HEADER) ?? '')?.[1];
  return (
    <div className="group">
      {unitId && <UnitElsewhereLookup unitId={unitId} />}
      <div className="group-has-[[data-unit-elsewhere]]:hidden">
        <UnitGone />
      </div>
    </div>
  );
}
