// /units/[unitId] for a unit outside what the person may see (HTTP 403).
import { ScreenRefusal } from '@/components/shell/screen-refusal';

export default function Forbidden() {
  return <ScreenRefusal title="You can't open this unit" message="You need to belong to this unit or to a unit above it to see it." />;
}
