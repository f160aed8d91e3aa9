// `npm run cli -- apikey create|list|revoke --tenant <tenantId> …`: the organization's API keys
// (docs/api.md), as owners and admins manage them in Settings → API keys. `create` prints the key
// alone on its last line (scripts can take it with `tail -n 1`); Arbor keeps only its hash.
import { createApiKey, listApiKeys, revokeApiKey } from '../../lib/api-keys';
import { getUnitOrThrow } from '../../lib/org';
import { getTenantSettings, OPERATOR_ACTOR } from '../../lib/tenants';
import { defineCommand } from './kit/define-command';
import { operatorScope } from './kit/operator-scope';

export const { description, run } = defineCommand({
  description: 'API keys (create|list|revoke --tenant <id> [--name] [--unit] [--role] [--scope] [--days] [--key-id])',
  usage:
    'Usage: npm run cli -- apikey create --tenant <tenantId> --name <text> [--unit <unitId>] [--role admin|manager|member] [--scope full|check] [--days 1-365]\n' +
    '       npm run cli -- apikey list --tenant <tenantId>\n' +
    '       npm run cli -- apikey revoke --tenant <tenantId> --key-id <id>',
  options: { tenant: { type: 'string' }, name: { type: 'string' }, unit: { type: 'string' }, role: { type: 'string' }, scope: { type: 'string' }, days: { type: 'string' }, 'key-id': { type: 'string' } },
  verbs: {
    create: {
      options: ['tenant', 'name', 'unit', 'role', 'scope', 'days'],
      required: ['tenant'],
      async run({ values }) {
        const stores = operatorScope(values.tenant!);
        // Without --unit: an admin key of the whole organization (its top unit).
        const unit = await getUnitOrThrow(stores.tenant, values.unit ?? (await getTenantSettings(stores.tenant)).rootUnitId);
        const { secret, key } = await createApiKey(stores, {
          name: values.name ?? 'Created from the CLI', role: values.role ?? (values.unit ? 'manager' : 'admin'), scope: values.scope, unit,
          expiresInDays: Number(values.days ?? 90), actor: OPERATOR_ACTOR,
        });
        console.log(`Created API key ${key.keyId} (${key.role} of ${unit.name}, ${key.scope === 'check' ? 'checks only' : 'full access'}) for tenant ${values.tenant}, valid until ${key.validUntil}.
Send it as Authorization: Bearer <key>. Copy it now: Arbor keeps only its hash.
${secret}`);
      },
    },
    list: {
      options: ['tenant'],
      required: ['tenant'],
      async run({ values }) {
        const found = await listApiKeys(operatorScope(values.tenant!));
        for (const k of found) console.log(`${k.keyId}  …${k.hint}  ${k.name}  ${k.role} of ${k.unitId}  ${k.scope}  valid until ${k.validUntil}  last used ${k.lastUsedAt ?? 'never'}`);
        console.log(`${found.length} key(s)`);
      },
    },
    revoke: {
      options: ['tenant', 'key-id'],
      required: ['tenant', 'key-id'],
      async run({ values }) {
        await revokeApiKey(operatorScope(values.tenant!), { keyId: values['key-id']!, actor: OPERATOR_ACTOR });
        console.log(`Revoked ${values['key-id']}.`);
      },
    },
  },
});
