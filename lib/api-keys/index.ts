// API keys: how other systems call /api/v1 (docs/api.md). Created and revoked by owners and
// admins; each acts as one role on one unit, with full access or for checks only (docs/checks.md).
import 'server-only';
export {
  API_KEY_PREFIX, API_KEY_ROLES, API_KEY_SCOPES, MAX_API_KEYS, MAX_API_KEY_DAYS, createApiKey, listApiKeys, revokeApiKey,
  type ApiKey, type ApiKeyScope, type ApiKeyStores, type NewApiKey,
} from './manage-keys';
export { badApiKeyRoles } from './errors';
export { apiKeyAuditName, bearerOf, loadApiKeyActor, type ApiKeyDeps } from './authenticate';
export { apiRateLimiter, createApiRateLimiter, rateLimitHeaders, RATE_LIMIT_WINDOW_SECONDS, type ApiRateLimiter, type RateLimitState, type RateLimits } from './rate-limit';
export { CHECKS_PER_POINT, SUBJECTS_PAGE_POINTS, WHAT_IF_POINTS, checkPoints, checkRateLimiter, createCheckRateLimiter, type CheckRateLimiter } from './check-rate-limit';
export { CHECK_KEY_MEMORY_MS, checkKeyActor, createCheckKeyMemory, type CheckKeyActor } from './check-key-memory';
