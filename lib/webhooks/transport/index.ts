// Webhooks' outbound transport: endpoint secrets, which endpoint URLs are acceptable, and one
// signed delivery attempt (Standard Webhooks, https://www.standardwebhooks.com).
import 'server-only';
export { newEndpointSecret, secretHint } from './secret';
export { checkEndpointUrl, resolvesPublic, type EndpointUrlCheck, type HostLookup } from './endpoint-url';
export { SEND_TIMEOUT_MS, postOnce, sendWebhook, type DeliveryAttemptResult, type DeliveryError, type SendOptions } from './send';
