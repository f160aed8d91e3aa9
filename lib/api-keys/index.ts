// API keys: how other systems call /api/v1 (docs/api.md). Created and revoked by owners and
// admins; each acts as one role on one unit.
import 'server-only';
export {
  API_KEY_PREFIX, API_KEY_ROLES, MAX_API_KEYS, MAX_API_KEY_DAYS, createApiKey, listApiKeys, revokeApiKey,
  type ApiKey, type ApiKeyScope, type NewApiKey,
} from './manage-keys';
export { badApiKeyRoles } from './errors';
export { apiKeyAuditName, bearerOf, loadApiKeyActor, type ApiKeyDeps } from './authenticate';
export { apiRateLimiter, createApiRateLimiter, rateLimitHeaders, RATE_LIMIT_WINDOW_SECONDS, type ApiRateLimiter, type RateLimitState, type RateLimits } from './rate-limit';
