// What every screen loader is given: the request's actor and its authorize(), from
// lib/api/with-actor (actorContext in a server component, withActor in a route).
import type { Authorizing, RequestActor } from '../auth';

export type ScreenContext = Authorizing<RequestActor>;
