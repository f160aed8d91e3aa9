// The events Arbor POSTs to an organization's endpoints, as OpenAPI 3.1 `webhooks`: one entry per
// event type (lib/webhooks WEBHOOK_EVENT_TYPES), each with its Standard Webhooks payload and
// headers, so a typed client can read what it will receive.
import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { EVENT_DESCRIPTIONS, WEBHOOK_EVENT_TYPES, type WebhookEvent, type WebhookEventType } from '../webhooks';

const change = z.record(z.string(), z.unknown());

/** `data` of every event (lib/webhooks WebhookEvent); the type says which change it was. */
const eventData = z
  .object({
    organizationId: z.string().meta({ description: 'The organization the change happened in.' }),
    actor: z.object({ id: z.string(), name: z.string().optional(), email: z.string() })
      .meta({ description: 'Who made the change: a person, an API key, or the directory.' }),
    target: z.object({ type: z.string(), id: z.string(), label: z.string().optional() })
      .meta({ description: 'What the change was made to.' }),
    unitId: z.string().optional().meta({ description: 'The unit the change concerns, when it concerns one.' }),
    before: change.optional().meta({ description: 'What the audit trail records as before the change.' }),
    after: change.optional().meta({ description: 'What the audit trail records as after the change.' }),
    changeSetId: z.string().optional().meta({ description: 'The change set (reorganization) this change was part of.' }),
  })
  .meta({ id: 'WebhookEventData' }) satisfies z.ZodType<WebhookEvent['data']>;

const payload = (type: WebhookEventType) =>
  z.object({
    type: z.literal(type),
    timestamp: z.string().meta({ description: 'When the change happened (ISO 8601).' }),
    data: eventData,
  });

/** The Standard Webhooks headers every attempt carries. */
const headers = z.object({
  'webhook-id': z.string().meta({ description: 'The message id: the same on every retry and resend of this event to this endpoint. Deduplicate on it.' }),
  'webhook-timestamp': z.string().meta({ description: "The attempt's time, in seconds since the epoch." }),
  'webhook-signature': z.string().meta({ description: '`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, space-separated when a rolled secret signs too.' }),
});

/** One webhook per event type, named after it. */
export function registerWebhooks(registry: OpenAPIRegistry) {
  for (const type of WEBHOOK_EVENT_TYPES) {
    registry.registerWebhook({
      method: 'post',
      path: type,
      operationId: `${type.replace('.', '_')}_event`,
      summary: type,
      description: `${EVENT_DESCRIPTIONS[type]} Signed by the Standard Webhooks scheme; any 2xx within 10 seconds acknowledges it, anything else is retried for about a day.`,
      request: {
        headers,
        body: { required: true, content: { 'application/json': { schema: payload(type) } } },
      },
      responses: {
        200: { description: 'Received (any 2xx status acknowledges the event).' },
      },
    });
  }
}
