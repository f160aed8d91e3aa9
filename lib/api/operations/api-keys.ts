// API keys (app/api/v1/api-keys/**): how other systems call this API. Owners and admins
// (`integrations.manage`) manage them from the console; a key never manages keys.
import { z } from 'zod';
import { API_KEY_ROLES, API_KEY_SCOPES, MAX_API_KEY_DAYS } from '../../api-keys';
import { KEY_MAX_LENGTH, ROLE_LIMITS } from '../../authz';
import { field } from '../../validation';
import { LABEL_MAX_LENGTH } from '../../validation/label';
import { operation } from '../operation';

const tag = 'API keys';
const keyRole = z.enum(API_KEY_ROLES).meta({ description: 'admin (on the top unit only), manager or member of the unit: what the key may do, exactly as a person holding that membership.' });

const keyScope = z.enum(API_KEY_SCOPES).meta({
  description: '`full`: every operation its role allows. `check`: only the check operations (tag Checks), which read only; anything else answers 403 `apiKey.checkOnly`.',
});

/** lib/screens/api-keys.ts ApiKeyView. */
const apiKey = z
  .object({
    keyId: z.string(),
    name: z.string(),
    role: keyRole,
    roles: z.array(z.string()).optional().meta({ description: 'Custom roles the key holds on its unit beside `role`.' }),
    scope: keyScope,
    unit: z.object({ id: z.string(), name: z.string().optional().meta({ description: 'Absent when the unit was deleted (the key no longer works).' }) }),
    hint: z.string().meta({ description: "The secret's last 4 characters." }),
    createdAt: z.string(),
    createdBy: z.string(),
    expiresAt: z.string(),
    lastUsedAt: z.string().optional().meta({ description: 'To the minute.' }),
  })
  .meta({ id: 'ApiKey' });

export const apiKeys = {
  list: operation({
    method: 'get', path: '/api/v1/api-keys', operationId: 'listApiKeys', tag, personOnly: true,
    summary: 'List API keys', description: 'Needs `integrations.manage`. Newest first.',
    response: z.object({ keys: z.array(apiKey) }),
  }),
  create: operation({
    method: 'post', path: '/api/v1/api-keys', operationId: 'createApiKey', tag, personOnly: true,
    summary: 'Create an API key',
    description: `Needs \`integrations.manage\`. The secret (\`arbor_key_…\`) is in this answer only; Arbor keeps its hash. Expires after 1–${MAX_API_KEY_DAYS} days.`,
    body: z.strictObject({ name: field.text(LABEL_MAX_LENGTH), unitId: field.id('unit'), role: keyRole,
      roles: z.array(field.text(KEY_MAX_LENGTH)).max(ROLE_LIMITS.rolesPerMembership, `must hold at most ${ROLE_LIMITS.rolesPerMembership} custom roles`).optional()
        .meta({ description: 'Custom role keys (Settings → Roles) the key holds on its unit beside `role`; each needs `role.assign` there.' }),
      scope: keyScope.optional().meta({ description: 'Default `full`. A `check` key may ask who may do what where its role gives `access.explain` (an admin key on the top unit: anyone, anywhere), and can change nothing.' }),
      expiresInDays: z.int().min(1).max(MAX_API_KEY_DAYS) }),
    status: 201,
    response: z.object({ secret: z.string().meta({ description: 'Send as `Authorization: Bearer <secret>`.' }), key: apiKey }).meta({ id: 'CreatedApiKey' }),
    errors: ['notFound', 'limit'],
  }),
  revoke: operation({
    method: 'delete', path: '/api/v1/api-keys/{keyId}', operationId: 'revokeApiKey', tag, personOnly: true,
    summary: 'Revoke an API key', description: 'Needs `integrations.manage`. The key stops working at once.',
    params: z.object({ keyId: field.id('apiKey') }),
    status: 204, errors: ['notFound', 'conflict'],
  }),
};
