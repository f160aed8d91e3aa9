// Webhook endpoints (app/api/v1/webhooks/**): where an organization hears of its changes, and
// each endpoint's delivery log. All need `integrations.manage` (owners and admins, or an admin key).
import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES } from '../../webhooks';
import { field } from '../../validation';
import { operation } from '../operation';
import { nextCursor } from './schemas';

const tag = 'Webhooks';
const params = z.object({ endpointId: field.id('webhook') });
const eventType = z.enum(WEBHOOK_EVENT_TYPES).meta({ id: 'WebhookEventType' });
const messageId = z.string().regex(/^msg_[0-9A-HJKMNP-TV-Z]{26}$/, 'is not a webhook message id');

/** lib/webhooks/endpoints.ts WebhookEndpoint. */
const endpoint = z
  .object({
    endpointId: z.string(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(eventType).meta({ description: 'Empty: every event type.' }),
    enabled: z.boolean(),
    disabledReason: z.string().optional().meta({ description: 'Why delivery switched it off (a day of failures).' }),
    failingSince: z.string().optional().meta({ description: 'The first failure since the last success.' }),
    secretHint: z.string().meta({ description: "The signing secret's last 4 characters." }),
    previousSecretUntil: z.string().optional().meta({ description: 'After a rotation: until when deliveries are signed with the old secret too.' }),
    createdAt: z.string(),
    createdBy: z.object({ userId: z.string(), email: z.string(), name: z.string().optional() }),
    version: z.int().meta({ description: 'Send back as `expectedVersion` with a change.' }),
  })
  .meta({ id: 'WebhookEndpoint' });

/** lib/webhooks/deliveries.ts Delivery. */
const delivery = z
  .object({
    endpointId: z.string(),
    messageId: z.string().meta({ description: 'The `webhook-id` header: the same on every retry and resend.' }),
    eventType,
    payload: z.string().meta({ description: 'The exact JSON body sent.' }),
    state: z.enum(['pending', 'delivered', 'failed', 'cancelled']),
    failures: z.int(),
    nextAttemptAt: z.string().optional(),
    createdAt: z.string(),
    deliveredAt: z.string().optional(),
    attempts: z.array(z.object({ at: z.string(), status: z.int().optional(), durationMs: z.number(), error: z.string().optional(), response: z.string().optional() })).meta({ description: 'The last 10 attempts, newest first.' }),
  })
  .meta({ id: 'WebhookDelivery' });

const endpointBody = {
  url: z.string().max(4096).meta({ description: 'https:// only; never a private, loopback or link-local address.' }),
  description: z.string().max(100).optional().meta({ description: 'At most 100 characters of visible text.' }),
  eventTypes: z.array(eventType).max(WEBHOOK_EVENT_TYPES.length).optional(),
};

export const webhooks = {
  list: operation({
    method: 'get', path: '/api/v1/webhooks', operationId: 'listWebhookEndpoints', tag,
    summary: 'List webhook endpoints', description: 'Needs `integrations.manage`.',
    response: z.object({ endpoints: z.array(endpoint) }),
  }),
  create: operation({
    method: 'post', path: '/api/v1/webhooks', operationId: 'createWebhookEndpoint', tag,
    summary: 'Add a webhook endpoint',
    description: 'Needs `integrations.manage`. The signing secret (`whsec_…`) is in this answer only; verify deliveries with any Standard Webhooks library.',
    body: z.strictObject(endpointBody),
    status: 201,
    response: z.object({ endpoint, secret: z.string() }).meta({ id: 'CreatedWebhookEndpoint' }),
    errors: ['limit'],
  }),
  update: operation({
    method: 'patch', path: '/api/v1/webhooks/{endpointId}', operationId: 'updateWebhookEndpoint', tag,
    summary: 'Change a webhook endpoint',
    description: 'Needs `integrations.manage`. Conditioned on `expectedVersion` (409 `webhook.changed`). `enabled: true` switches a disabled endpoint back on.',
    params,
    body: z.strictObject({ url: endpointBody.url.optional(), description: endpointBody.description, eventTypes: endpointBody.eventTypes, enabled: z.boolean().optional(), expectedVersion: field.version }),
    response: endpoint, errors: ['notFound', 'conflict'],
  }),
  rotateSecret: operation({
    method: 'post', path: '/api/v1/webhooks/{endpointId}/rotate-secret', operationId: 'rotateWebhookSecret', tag,
    summary: "Roll an endpoint's signing secret",
    description:
      'Needs `integrations.manage`. The new secret is in this answer only. For a day, deliveries carry a signature ' +
      'with the old secret beside the new one (`webhook-signature: v1,<new> v1,<old>`), so the receiver can switch without missing one. ' +
      'Conditioned on `expectedVersion` (409 `webhook.changed`).',
    params, body: z.strictObject({ expectedVersion: field.version }),
    response: z.object({ endpoint, secret: z.string() }).meta({ id: 'RotatedWebhookSecret' }),
    errors: ['notFound', 'conflict'],
  }),
  delete: operation({
    method: 'delete', path: '/api/v1/webhooks/{endpointId}', operationId: 'deleteWebhookEndpoint', tag,
    summary: 'Remove a webhook endpoint', description: 'Needs `integrations.manage`.',
    params, status: 204, errors: ['notFound', 'conflict'],
  }),
  deliveries: operation({
    method: 'get', path: '/api/v1/webhooks/{endpointId}/deliveries', operationId: 'listWebhookDeliveries', tag,
    summary: "List an endpoint's deliveries",
    description: 'Needs `integrations.manage`. Newest first, 25 a page; kept 30 days.',
    params, query: z.object({ cursor: field.cursor.optional() }),
    response: z.object({ items: z.array(delivery), nextCursor }), errors: ['notFound'],
  }),
  resend: operation({
    method: 'post', path: '/api/v1/webhooks/{endpointId}/deliveries/{messageId}/resend', operationId: 'resendWebhookDelivery', tag,
    summary: 'Resend a delivery',
    description: 'Needs `integrations.manage`. Sends the same payload again under the same `webhook-id`, now.',
    params: params.extend({ messageId }),
    status: 204, errors: ['notFound'],
  }),
};
