// The entry-point wrappers every route handler and server component
// that touches tenant data goes through (docs/authorization.md, "Enforcement"); the session comes
// from lib/auth, the checklist from ./actor-entry.
import 'server-only';
import { loadActor, requireActor, type RequestActor } from '../auth';
import { apiRateLimiter, checkKeyActor, checkRateLimiter, loadApiKeyActor } from '../api-keys';
import { platformDb, tenantDb } from '../tenancy';
import { cache } from 'react';
import { observeRender } from '../observability/render-log';
import { createEntryPoints } from './actor-entry';

/**
 * Where the entry points take their actor from, and the hook before a request's first write.
 * Only the node suites change it, to drive the real route handlers as a person of their choosing
 * and race a decision against its write (test/authz/bound-writes.test.ts).
 */
export const entrySources: { load: () => Promise<RequestActor>; require: () => Promise<RequestActor>; beforeFirstWrite?: () => Promise<void> } = {
  load: loadActor,
  require: requireActor,
};

const entryPoints = createEntryPoints(
  {
    load: () => entrySources.load(),
    require: () => entrySources.require(),
    // Check operations read only: their key may come from the short memory; every other reads it anew.
    fromBearer: (bearer, { check }) => (check ? checkKeyActor : loadApiKeyActor)({ platform: platformDb(), tenantDb }, bearer),
    rateLimit: (actor, { check, points }) =>
      check ? checkRateLimiter().consume(actor.tenantId, actor.userId, points) : apiRateLimiter().consume(actor.tenantId, actor.userId, points),
  },
  { beforeFirstWrite: async () => entrySources.beforeFirstWrite?.() },
);
export type { Authorizing, RouteContext } from './actor-entry';

export const { withActor } = entryPoints;

/**
 * A server component's context, one per request: the console's layouts, header, page and panels
 * share its memory of items read (./read-once.ts), so what one of them read the others reuse.
 * Outside a server render (`cache` does not memoize there) each call makes its own. Its request
 * context, once per request too, writes the page's or server action's access line.
 */
export const actorContext = cache(async () => entryPoints.actorContext(await observeRender()));
