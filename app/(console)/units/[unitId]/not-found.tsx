// A unit that does not exist here (deleted, or a mistyped link), still answered 404. Whether it
// is in another of the person's organizations is asked by the browser once this shows
// (components/units/unit-not-here.tsx): the framework renders this content with every unit page,
// so it reads nothing itself.
import { UnitNotHere } from '@/components/units/unit-not-here';

export default function UnitNotFound() {
  return <UnitNotHere />;
}
