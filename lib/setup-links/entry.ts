// The entry points of a setup link's page and its API (`/setup`, `/api/setup/*`): the session
// from the setup cookie, or a refusal. Nothing else in the tenant is reachable from here.
// Server-only.
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { DEFAULT_MAX_BODY_BYTES, parse, readJson, type HandlerAnswer, type RouteOptions } from '../api/actor-entry';
import { checkAnswer } from '../api/answer-check';
import type { Parsed } from '../api/operation';
import { useSecureCookies } from '../auth/cookies';
import { errorResponse } from '../errors/http';
import { noteActor, withRequestLog } from '../observability';
import { platformDb } from '../tenancy';
import { setupLinkUnusable } from './errors';
import { loadSetupSession, type SetupSession } from './session';

export const setupCookieName = () => `${useSecureCookies() ? '__Secure-' : ''}arbor.setup`;

const currentSession = async () => loadSetupSession(platformDb(), (await cookies()).get(setupCookieName())?.value);

/** Pages: the session, or the page that says the link is over. */
export async function requireSetupSession(): Promise<SetupSession> {
  const session = await currentSession();
  if (!session) redirect('/setup/ended');
  return session;
}

interface SetupRouteContext<P, B> {
  session: SetupSession;
  params: P;
  body: B;
}

/**
 * Route handlers: `export const POST = withSetupSession(setup.addDomain, async ({ session, body }) => …)`,
 * with the operation of lib/api/operations/setup.ts that types its input and its answer.
 */
export function withSetupSession<O extends RouteOptions>(
  options: O,
  handler: (ctx: SetupRouteContext<Parsed<O, 'params'>, Parsed<O, 'body'>>) => Promise<HandlerAnswer<O>>,
) {
  type Route = { params: Promise<Record<string, string | string[] | undefined>> };
  // One access line per request (lib/observability); the link's id is the actor.
  return withRequestLog(async (request: Request, route: Route | undefined): Promise<Response> => {
    try {
      const params = parse(options.params, (await route?.params) ?? {}, 'address') as Parsed<O, 'params'>;
      const body = (options.body ? parse(options.body, await readJson(request, DEFAULT_MAX_BODY_BYTES * 4), 'request body') : undefined) as Parsed<O, 'body'>;
      const session = await currentSession();
      if (!session) throw setupLinkUnusable();
      noteActor({ tenantId: session.tenantId, actorId: session.linkId, actorType: 'setupLink' });
      const result: unknown = await handler({ session, params, body });
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204 });
      if (options.operationId) checkAnswer(options.operationId, options.response, result);
      return Response.json(result, { status: options.status ?? 200 });
    } catch (e) {
      return errorResponse(e);
    }
  });
}
