// What a server entry point hands its handler or screen loader: the request's actor, its tenant
// database, and authorize() (lib/api's actor-entry builds it). Declared here, with the actor,
// so that the screens and the API's operations can both name it without importing each other.
import type { Action, Allowed, PlaceOf, RoleCatalogue } from '../authz';
import type { TenantDb } from '../db';
import type { RequestActor } from '../members';

export interface Authorizing<A extends RequestActor> {
  actor: A;
  /** The actor's tenant database; refuses writes until `authorize` has allowed something. */
  db: TenantDb;
  /** Throws the 403 of lib/authz unless the actor may do `action` at `place`. */
  authorize<Act extends Action>(action: Act, place: PlaceOf<Act>): Allowed<Act>;
  /**
   * The tenant's role catalogue, read once per request (strongly consistent) and attached to the
   * actor: decisions about roles (`role.assign`, `roles.manage`) stand on it, and every write they
   * allow is conditioned on its version. Those decisions are refused as a programming error when
   * the actor carries no catalogue.
   */
  roleCatalogue(): Promise<RoleCatalogue>;
}
