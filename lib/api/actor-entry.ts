// The server entry points' checklist, built once: take the actor from the session or, for a
// request with `Authorization: Bearer`, from the API key alone (counted against its rate limits,
// the check limits on check operations; refused on person-only operations, and a check key on
// anything but a check), parse the input (zod), let the handler authorize against lib/authz, run it
// (once per Idempotency-Key on idempotent operations), map errors (lib/errors/http), and stamp a
// write's success with its consistency token (lib/db/write-token.ts).
// Each request runs in its request context and ends with one access log line (lib/observability).
// `withActor` wraps route handlers, `actorContext` server components. Each refuses, as a
// programming error (500, nothing returned), a handler that writes before authorizing or
// finishes without authorizing.
import 'server-only';
import { isAccepted, type Accepted } from './accepted';
import { checkAnswer } from './answer-check';
import type { AcceptedBody, MediaAnswer, OperationShape, Parsed, ResponseBody } from './operation';
import type { Authorizing, RequestActor } from '../auth';
import { authorize as decide, decisionFacts, type Action, type RoleCatalogue } from '../authz';
import { readRoleCatalogue } from '../roles';
import { isWriteCommand, withWriteToken, type WriteFact, type WriteGuards } from '../db';
import { isArborError } from '../errors';
import { currentRequest, noteActor, runInRequest, withRequestLog, type RequestContext } from '../observability';
import { errorResponse } from '../errors/http';
import { bearerOf } from '../api-keys/authenticate';
import { apiKeyInvalid, checkOnly, personOnly } from '../api-keys/errors';
import { rateLimitHeaders, type RateLimitState } from '../api-keys/rate-limit';
import { checkPoints } from '../api-keys/check-rate-limit';
import { idempotencyKeyOf, onceFor } from './idempotency';
import { readOnce } from './read-once';
import { DEFAULT_MAX_BODY_BYTES, parse, readJson } from '../validation/request-input';

export type { Authorizing };

/** What a key's request calls: a check operation (lib/api/operation.ts `check`) or any other. */
export interface KeyRequest {
  check: boolean;
  /** What it counts against its rate limits (a batch of checks counts more than one check). */
  points: number;
}

export interface ActorSources<A extends RequestActor> {
  /** The actor, or a typed 401/403 error (route handlers, server actions). */
  load(): Promise<A>;
  /** The actor an API key acts as (a request with `Authorization: Bearer …`), or a typed 401. */
  fromBearer?(bearer: string, request: Pick<KeyRequest, 'check'>): Promise<A>;
  /** Counts a key's request; throws the 429 when its window is spent. */
  rateLimit?(actor: A, request: KeyRequest): Promise<RateLimitState>;
  /** The actor, or a redirect to sign-in (server components). */
  require(): Promise<A>;
}

export interface EntryHooks {
  /**
   * Awaited once per request, after its decisions and reads, just before its first write: where
   * the race suites change the world under a decision (test/authz/bound-writes.test.ts).
   */
  beforeFirstWrite?: () => Promise<void>;
}


class EntryPointMisuse extends Error {}

/**
 * The actor with an authorize() that remembers it was called, and a db whose writes wait for it.
 * Reads before authorize are allowed because deciding needs them (the target unit's stored path);
 * nothing read reaches the caller unless the handler then authorizes.
 */
/** Decisions about roles: made only with a catalogue on the actor (ctx.roleCatalogue()), whose version binds their writes. */
const ON_THE_CATALOGUE: readonly Action[] = ['role.assign', 'roles.manage'];

function authorizing<A extends RequestActor>(actor: A, selfOnly: boolean, hooks: EntryHooks, observed?: RequestContext) {
  const state = { authorized: selfOnly, wrote: false };
  // The facts of the decisions made since the last transaction was sent: every transaction
  // carries them (lib/db/write-guards.ts). A decision after a transaction starts a new set.
  const decided = { facts: [] as WriteFact[], sent: false };
  const guards: WriteGuards = {
    facts: () => decided.facts,
    sent: () => {
      decided.sent = true;
    },
  };
  const reads = readOnce(actor.db.client);
  const client = new Proxy(actor.db.client, {
    get(target, prop, receiver) {
      if (prop !== 'send') return Reflect.get(target, prop, receiver);
      return async (command: unknown, ...rest: unknown[]) => {
        if (isWriteCommand(command)) {
          if (!state.authorized) throw new EntryPointMisuse(`write (${(command as object).constructor.name}) sent before authorize()`);
          if (!state.wrote) {
            state.wrote = true;
            await hooks.beforeFirstWrite?.();
          }
          reads.forget();
        }
        // A render's reads count toward its own context (route handlers are already in theirs).
        const send = () => reads.send(command, ...rest);
        return observed && !currentRequest() ? runInRequest(observed, send) : send();
      };
    },
  });
  let catalogue: Promise<RoleCatalogue> | undefined;
  const ctx: Authorizing<A> = {
    actor,
    db: { ...actor.db, client, guards },
    authorize(action, place) {
      if (ON_THE_CATALOGUE.includes(action) && !actor.catalogue) {
        throw new EntryPointMisuse(`${action} decided without the role catalogue (ctx.roleCatalogue()): the decision would not stand on its version`);
      }
      const allowed = decide(actor, action, place);
      if (decided.sent) Object.assign(decided, { facts: [], sent: false });
      for (const fact of decisionFacts(actor, allowed, place)) {
        if (!decided.facts.some((f) => f.key.PK === fact.key.PK && f.key.SK === fact.key.SK)) decided.facts.push(fact);
      }
      state.authorized = true;
      return allowed;
    },
    roleCatalogue() {
      catalogue ??= readRoleCatalogue(ctx.db, { fresh: true }).then((read) => {
        actor.catalogue = read;
        return read;
      });
      return catalogue;
    },
  };
  const assertAuthorized = () => {
    if (!state.authorized) throw new EntryPointMisuse('handler finished without calling authorize()');
  };
  return { ctx, assertAuthorized };
}

/** What a route handler takes: its operation (./operation.ts), or only the parts it parses. */
export type RouteOptions = OperationShape<any, any, any> & { operationId?: string };

/**
 * What the handler of `O` returns: for an operation, exactly its answer schema's type (a 202 as
 * `accepted(…)`, a CSV as its Response, nothing for a 204); for bare options, anything.
 */
export type HandlerAnswer<O> = O extends { operationId: string }
  ? O extends { response: MediaAnswer }
    ? Response
    : ResponseBody<O> | ([AcceptedBody<O>] extends [never] ? never : Accepted<AcceptedBody<O>>)
  : unknown;

export interface RouteContext<A extends RequestActor, P, Q, B> extends Authorizing<A> {
  params: P;
  query: Q;
  body: B;
  request: Request;
}

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

const refuseBearer = async (): Promise<never> => {
  throw apiKeyInvalid();
};

/** The RateLimit-* headers on a key's answers, and Retry-After on its 429. */
function withLimitHeaders(response: Response, limits: RateLimitState | undefined, error?: unknown): Response {
  const refusal = isArborError(error) && error.code === 'request.rateLimited' ? error.details : undefined;
  // A refusal comes before the limiter could answer: its state is in the error.
  const state = limits ?? (refusal ? { limit: Number(refusal.limit), remaining: 0, resetSeconds: Number(refusal.retryAfterSeconds) } : undefined);
  if (!state) return response;
  const headers = rateLimitHeaders(state);
  if (refusal) headers['Retry-After'] = String(refusal.retryAfterSeconds);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** Who acts, for the request's log lines: ids only (a user id or an API key id). */
const actorFacts = (actor: RequestActor) => ({ tenantId: actor.tenantId, actorId: actor.userId, actorType: actor.apiKey ? ('apiKey' as const) : ('user' as const) });

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

function hideMisuse(e: unknown): unknown {
  // A misuse is our bug, not the caller's: report it like any unexpected error (500, logged).
  return e instanceof EntryPointMisuse ? new Error(`[arbor] entry point misuse: ${e.message}`) : e;
}

export function createEntryPoints<A extends RequestActor>(sources: ActorSources<A>, hooks: EntryHooks = {}) {
  /** Route handler: `export const POST = withActor(units.create, async (ctx) => …)` (its operation, ./operation.ts). */
  function withActor<O extends RouteOptions>(
    options: O,
    handler: (ctx: RouteContext<A, Parsed<O, 'params'>, Parsed<O, 'query'>, Parsed<O, 'body'>>) => Promise<HandlerAnswer<O>>,
  ) {
    return withRequestLog(async (request: Request, route: NextRouteContext | undefined): Promise<Response> => {
      let limits: RateLimitState | undefined;
      const check = options.check === true;
      try {
        // A bearer is an API key and only that: a request carrying one never falls back to cookies.
        const bearer = bearerOf(request);
        const keyActor = bearer === undefined ? undefined : await (sources.fromBearer ?? refuseBearer)(bearer, { check });
        if (keyActor) {
          noteActor(actorFacts(keyActor));
          if (!check) limits = await sources.rateLimit?.(keyActor, { check, points: options.ratePoints ?? 1 });
          if (options.personOnly || options.selfOnly) throw personOnly();
          // A check key can change nothing: it may call only the check operations, which read only.
          if (keyActor.apiKey?.scope === 'check' && !check) throw checkOnly();
        }
        const params = parse(options.params, (await route?.params) ?? {}, 'address');
        const query = parse(options.query, Object.fromEntries(new URL(request.url).searchParams), 'query');
        const raw = options.body ? await readJson(request, options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES) : undefined;
        const body = parse(options.body, raw, 'request body') as Parsed<O, 'body'>;
        // A check counts once its body says how many checks it carries.
        if (keyActor && check) limits = await sources.rateLimit?.(keyActor, { check, points: checkPoints(options.operationId, body) });
        const actor = keyActor ?? (await sources.load());
        noteActor(actorFacts(actor));
        const run = async () => {
          const { ctx, assertAuthorized } = authorizing(actor, options.selfOnly ?? false, hooks);
          const result: unknown = await handler({ ...ctx, params: params as Parsed<O, 'params'>, query: query as Parsed<O, 'query'>, body, request });
          assertAuthorized();
          if (result instanceof Response) return result;
          if (result === undefined) return new Response(null, { status: 204 });
          // Bare options (the suites' own routes) declare no answer to check against.
          const check = (schema: RouteOptions['response'], answer: unknown) => options.operationId && checkAnswer(options.operationId, schema, answer);
          if (isAccepted(result)) {
            check(options.accepted, result.body);
            return Response.json(result.body, { status: 202 });
          }
          check(options.response, result);
          return Response.json(result, { status: options.status ?? 200 });
        };
        const idempotencyKey = options.idempotent ? idempotencyKeyOf(request) : undefined;
        const response = idempotencyKey
          ? await onceFor({ db: actor.db, actorId: actor.userId, key: idempotencyKey, method: request.method, path: new URL(request.url).pathname, body: raw }, run)
          : await run();
        const answered = withLimitHeaders(response, limits);
        // Every write's success answers the moment its writes were acknowledged; reads answer none.
        return check || READS.has(request.method) ? answered : withWriteToken(answered);
      } catch (e) {
        return withLimitHeaders(errorResponse(hideMisuse(e)), limits, e);
      }
    }, { route: (options as { path?: string }).path }); // an operation's path names the route
  }

  /**
   * Server component: `const ctx = await actorContext()`, then `ctx.authorize(…)` before reading
   * what the page shows. Errors propagate to the route's error boundary. `observed` is the render's
   * request context (lib/observability/render-log.ts): what the actor's db reads is counted there.
   */
  async function actorContext(observed?: RequestContext): Promise<Authorizing<A>> {
    const actor = observed ? await runInRequest(observed, () => sources.require()) : await sources.require();
    if (observed) Object.assign(observed, actorFacts(actor));
    return authorizing(actor, false, hooks, observed).ctx;
  }

  return { withActor, actorContext };
}
