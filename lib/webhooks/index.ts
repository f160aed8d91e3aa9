// Webhooks: every change an organization makes, told to the endpoints it registers, signed by the
// Standard Webhooks scheme (docs/webhooks.md).
import 'server-only';
export { WEBHOOK_EVENT_TYPES, EVENT_DESCRIPTIONS, eventOf, messageIdOf, payloadOf, type WebhookEvent, type WebhookEventType } from './events';
export {
  MAX_ENDPOINTS, SECRET_OVERLAP_MS, createEndpoint, deleteEndpoint, getEndpoint, listEndpoints, publicView, rotateEndpointSecret, updateEndpoint, allowPrivateNetworks,
  type EndpointChange, type EndpointInput, type EndpointScope, type WebhookEndpoint,
} from './endpoints';
export { DELIVERY_PAGE, listDeliveries, readDelivery, resendDelivery, type Delivery, type DeliveryAttempt, type DeliveryState } from './deliveries';
// What audit streaming (lib/audit-streaming) sends and reads with: one transport, one stream reader.
export { SEND_TIMEOUT_MS, checkEndpointUrl, newEndpointSecret, postOnce, resolvesPublic, secretHint, type DeliveryAttemptResult, type SendOptions } from './transport';
export { readStreamOnce, skipBacklog, type StreamDeps } from './worker/stream';
export { pause } from './worker/lanes';
export { runStreamWorker, streamWorkerFromConfig, type Lanes } from './worker/stream-worker';
