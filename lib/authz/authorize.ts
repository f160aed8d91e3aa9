// The enforcement half of lib/authz: refuse what the actor may not do with a 403 that changes
// nothing. What the actor holds comes from lib/members' loadActorAccess (T9).
import type { Action, PlaceOf } from './actions';
import { denied } from './errors';
import { explainAccess, type Allowed } from './explain-access';
import type { ActorAccess } from './grants';

/** An entry point's authorize: decides, and binds the decision's facts into the writes that follow. */
export type Authorize = <A extends Action>(action: A, place: PlaceOf<A>) => Allowed<A>;

/**
 * Returns the grant when the actor may perform the action at the place; otherwise throws
 * `authz.<action>` (lib/authz/errors.ts), saying what is missing. Call it before reading or writing the
 * tenant data the action touches, with places built from stored items, never client input.
 */
export function authorize<A extends Action>(access: ActorAccess, action: A, place: PlaceOf<A>): Allowed<A> {
  const decision = explainAccess(access, action, place);
  if (!decision.allowed) throw denied(decision);
  return decision;
}
