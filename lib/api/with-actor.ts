// Server-only. The entry-point wrappers every route handler and server component
// that touches tenant data goes through (docs/authorization.md, "Enforcement"); the session comes
// from lib/auth, the checklist from ./actor-entry.
import { loadActor, requireActor } from '../auth';
import { createEntryPoints } from './actor-entry';

export const { withActor, actorContext } = createEntryPoints({ load: loadActor, require: requireActor });
export type { Authorizing, RouteContext } from './actor-entry';
