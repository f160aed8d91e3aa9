// `npm run cli -- apikey create|list|revoke --tenant <tenantId> …`: the organization's API keys
// (docs/api.md), as owners and admins manage them in Settings → API keys. `create` prints the key
// alone on its last line (scripts can take it with `tail -n 1`); Arbor keeps only its hash.
import { parseArgs } from 'node:util';
import { createApiKey, listApiKeys, revokeApiKey } from '../../lib/api-keys';
import { isArborError } from '../../lib/errors';
import { getUnitOrThrow } from '../../lib/org';
import { operatorDb } from '../../lib/tenancy';
import { getTenantSettings, OPERATOR_ACTOR } from '../../lib/tenants';

export const description = 'API keys (create|list|revoke --tenant <id> [--name] [--unit] [--role] [--days] [--key-id])';

const USAGE =
  'Usage: npm run cli -- apikey create --tenant <tenantId> --name <text> [--unit <unitId>] [--role admin|manager|member] [--days 1-365]\n' +
  '       npm run cli -- apikey list --tenant <tenantId>\n' +
  '       npm run cli -- apikey revoke --tenant <tenantId> --key-id <id>';

const OPTIONS = { tenant: { type: 'string' }, name: { type: 'string' }, unit: { type: 'string' }, role: { type: 'string' }, days: { type: 'string' }, 'key-id': { type: 'string' } } as const;

export async function run(args: string[]): Promise<number> {
  const [verb, ...rest] = args;
  let values: Partial<Record<keyof typeof OPTIONS, string>>;
  try {
    ({ values } = parseArgs({ args: rest, options: OPTIONS, strict: true }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 1;
  }
  if (!['create', 'list', 'revoke'].includes(verb ?? '') || !values.tenant) {
    console.error(USAGE);
    return 1;
  }
  const operator = operatorDb();
  const scope = { tenant: { ...operator, tenantId: values.tenant }, platform: operator };
  try {
    if (verb === 'create') {
      // Without --unit: an admin key of the whole organization (its top unit).
      const unitId = values.unit ?? (await getTenantSettings(scope.tenant)).rootUnitId;
      const unit = await getUnitOrThrow(scope.tenant, unitId);
      const { secret, key } = await createApiKey(scope, {
        name: values.name ?? 'Created from the CLI', role: values.role ?? (values.unit ? 'manager' : 'admin'), unit,
        expiresInDays: Number(values.days ?? 90), actor: OPERATOR_ACTOR,
      });
      console.log(`Created API key ${key.keyId} (${key.role} of ${unit.name}) for tenant ${values.tenant}, valid until ${key.validUntil}.
Send it as Authorization: Bearer <key>. Copy it now: Arbor keeps only its hash.
${secret}`);
      return 0;
    }
    if (verb === 'list') {
      const found = await listApiKeys(scope);
      for (const k of found) console.log(`${k.keyId}  …${k.hint}  ${k.name}  ${k.role} of ${k.unitId}  valid until ${k.validUntil}  last used ${k.lastUsedAt ?? 'never'}`);
      console.log(`${found.length} key(s)`);
      return 0;
    }
    if (!values['key-id']) {
      console.error(`Missing --key-id\n${USAGE}`);
      return 1;
    }
    await revokeApiKey(scope, { keyId: values['key-id'], actor: OPERATOR_ACTOR });
    console.log(`Revoked ${values['key-id']}.`);
    return 0;
  } catch (e) {
    if (!isArborError(e)) throw e;
    console.error(e.message);
    return 1;
  }
}
