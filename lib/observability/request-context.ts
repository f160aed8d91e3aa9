// What one request has done so far, held in AsyncLocalStorage so that code far from the entry
// point (the DynamoDB middleware, a domain function logging an error) adds to it or reads its ids
// without being handed anything. Set by the entry points: route handlers (./with-request-log.ts),
// and pages and server actions that take an actor context (lib/api/with-actor.ts).
import { AsyncLocalStorage } from 'node:async_hooks';

export interface DynamoDbUsage {
  /** Commands sent (one per `send`, whatever the SDK's retries). */
  requests: number;
  /** Attempts beyond the first that the SDK made (throttling, 5xx, dropped connections). */
  retries: number;
  byOperation: Record<string, number>;
  consumedRcu: number;
  consumedWcu: number;
}

export type ActorType = 'user' | 'apiKey' | 'directory' | 'setupLink' | 'scheduler';

export interface RequestContext {
  requestId: string;
  method: string;
  /** The route's pattern (`/api/v1/units/{unitId}`), or the path without its query. */
  route: string;
  kind: 'api' | 'page' | 'action';
  /** performance.now() when the request started. */
  startedAt: number;
  tenantId?: string;
  /** A user id, an API key id, a directory token id: never an email or a name. */
  actorId?: string;
  actorType?: ActorType;
  dynamodb: DynamoDbUsage;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function newRequestContext(init: Pick<RequestContext, 'requestId' | 'method' | 'route' | 'kind'>): RequestContext {
  return {
    ...init,
    startedAt: performance.now(),
    dynamodb: { requests: 0, retries: 0, byOperation: {}, consumedRcu: 0, consumedWcu: 0 },
  };
}

/** The request this code runs for, if any (none in the CLI, the worker's passes, start-up). */
export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** Runs `work` as part of `context`: whatever it awaits and sends is counted there. */
export const runInRequest = <T>(context: RequestContext, work: () => T): T => storage.run(context, work);

/** Names who acts and where, once the entry point knows (after the session or token is checked). */
export function noteActor(facts: { tenantId?: string; actorId?: string; actorType?: ActorType }): void {
  const context = currentRequest();
  if (!context) return;
  if (facts.tenantId) context.tenantId = facts.tenantId;
  if (facts.actorId) context.actorId = facts.actorId;
  if (facts.actorType) context.actorType = facts.actorType;
}

/** A better route name than the path, when only the handler knows it (SCIM's resources). */
export function noteRoute(route: string): void {
  const context = currentRequest();
  if (context) context.route = route;
}
