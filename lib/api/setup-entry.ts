// The setup link API's entry point (`/api/setup/*`): parse the input as the operation says, take
// the session from the setup cookie (or refuse), run the handler, check its answer in test runs,
// map errors. The link's id is the actor of the access line.
import 'server-only';
import type { SetupSession } from '../setup-links';
import { currentSetupSession } from '../setup-links/entry';
import { setupLinkUnusable } from '../setup-links/errors';
import { errorResponse } from '../errors/http';
import { noteActor, withRequestLog } from '../observability';
import { DEFAULT_MAX_BODY_BYTES, parse, readJson } from '../validation/request-input';
import type { HandlerAnswer, RouteOptions } from './actor-entry';
import { checkAnswer } from './answer-check';
import type { Parsed } from './operation';

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
  return withRequestLog(async (request: Request, route: Route | undefined): Promise<Response> => {
    try {
      const params = parse(options.params, (await route?.params) ?? {}, 'address') as Parsed<O, 'params'>;
      const body = (options.body ? parse(options.body, await readJson(request, DEFAULT_MAX_BODY_BYTES * 4), 'request body') : undefined) as Parsed<O, 'body'>;
      const session = await currentSetupSession();
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
