// The page a person may not open, answered with HTTP 403: a route's forbidden.tsx renders it after
// its page called forbidden() (loadOrRefuse). It says why in lib/authz's words for the action the
// page needs, decided again from the request's actor (already loaded: Next renders forbidden.tsx
// with every page of its segment, so this must read nothing more).
import { actorContext } from '@/lib/api/with-actor';
import { explainAccess, type Action, type PlaceOf } from '@/lib/authz';
import { ScreenRefusal } from './screen-refusal';

/** Actions a whole page needs, decided without a place. */
type PageAction = { [A in Action]: Record<string, never> extends PlaceOf<A> ? A : never }[Action];

const UNSAID = 'Your role in this organization does not let you open it. An owner or admin can give you access.';

export async function ForbiddenScreen({ action, title = 'You can’t open this page' }: { action?: PageAction; title?: string }) {
  let message = UNSAID;
  if (action) {
    const decision = explainAccess((await actorContext()).actor, action, {} as PlaceOf<typeof action>);
    if (!decision.allowed) message = decision.message;
  }
  return <ScreenRefusal title={title} message={message} />;
}
