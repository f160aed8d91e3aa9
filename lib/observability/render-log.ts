// The request context of a page render or a server action, for those that take an actor context
// (lib/api/with-actor.ts): one per request, its access line written once the answer has been sent
// (Next's `after`). Kept out of ./index.ts because it needs Next's request scope.
import { headers } from 'next/headers';
import { after } from 'next/server';
import { REQUEST_PATH_HEADER } from './request-path';
import { logAccess } from './access-log';
import { newRequestContext, type RequestContext } from './request-context';
import { requestIdOf } from './request-id';

/** A new render context whose line is written after the answer, or undefined outside a Next request. */
export async function observeRender(): Promise<RequestContext | undefined> {
  let incoming: Headers;
  try {
    incoming = await headers();
  } catch {
    return undefined; // not in a Next request (the node suites call the entry points directly)
  }
  const action = incoming.has('next-action');
  const path = (incoming.get(REQUEST_PATH_HEADER) ?? '/').split('?')[0];
  const observed = newRequestContext({ requestId: requestIdOf(incoming), method: action ? 'POST' : 'GET', route: path, kind: action ? 'action' : 'page' });
  try {
    // The status is Next's to decide (a redirect, a not-found): the line leaves it out.
    after(() => logAccess(observed, undefined));
  } catch {
    return undefined;
  }
  return observed;
}
