// What Arbor tells its operators (docs/operations.md): JSON log lines through pino
// (./logger.ts) with secrets and personal data scrubbed, the request id (./request-id.ts), the
// per-request context in AsyncLocalStorage (./request-context.ts), the DynamoDB usage counter
// (./dynamodb-usage.ts) and the access line (./access-log.ts). Pages and server actions get their
// context from ./render-log.ts, imported by lib/api/with-actor.ts only (it needs Next's request
// scope); proxy.ts imports ./request-id.ts alone (no Node APIs there).
import 'server-only';
export { createLogger, log, logger, logTo, scrub, scrubText, isRedactedKey, REDACTED_KEYS, type LogFields, type LogLevel } from './logger';
export { currentRequest, newRequestContext, noteActor, noteRoute, runInRequest, type ActorType, type DynamoDbUsage, type RequestContext } from './request-context';
export { REQUEST_ID_HEADER, isWellFormedRequestId, newRequestId, requestIdOf } from './request-id';
export { addConsumedCapacity, countDynamoDbUsage, DYNAMODB_USAGE_MIDDLEWARE } from './dynamodb-usage';
export { logAccess, routePattern, withRequestIdHeader, withRequestLog } from './access-log';
