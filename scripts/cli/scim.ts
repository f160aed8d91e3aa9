// `npm run cli -- scim token create|list|revoke --tenant <tenantId> [--label <text>] [--token-id <id>]`:
// the directory tokens an IdP's provisioning sends to /scim/v2 (docs/scim.md). `create` prints the
// token alone on its last line (scripts can take it with `tail -n 1`); Arbor keeps only its hash.
import { parseArgs } from 'node:util';
import { isArborError } from '../../lib/errors';
import { createScimToken, listScimTokens, revokeScimToken, scimBaseUrl } from '../../lib/scim';
import { operatorDb } from '../../lib/tenancy';
import { OPERATOR_ACTOR } from '../../lib/tenants';

export const description = 'directory sync tokens (token create|list|revoke --tenant <id> [--label] [--token-id])';

const USAGE = 'Usage: npm run cli -- scim token create|list|revoke --tenant <tenantId> [--label <text>] [--token-id <id>]';

export async function run(args: string[]): Promise<number> {
  const [noun, verb, ...rest] = args;
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({ args: rest, options: { tenant: { type: 'string' }, label: { type: 'string' }, 'token-id': { type: 'string' } }, strict: true }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 1;
  }
  if (noun !== 'token' || !['create', 'list', 'revoke'].includes(verb ?? '') || !values.tenant) {
    console.error(USAGE);
    return 1;
  }
  const operator = operatorDb();
  const scope = { tenant: { ...operator, tenantId: values.tenant }, platform: operator };
  try {
    if (verb === 'create') {
      const { tokenId } = await createScimToken(scope, { label: values.label ?? 'Created from the CLI', actor: OPERATOR_ACTOR }).then((t) => {
        console.log(`Created directory token ${t.tokenId} for tenant ${values.tenant}.
Tenant URL (SCIM base): ${scimBaseUrl()}
Copy the token now: Arbor keeps only its hash.
${t.token}`);
        return t;
      });
      return tokenId ? 0 : 1;
    }
    if (verb === 'list') {
      const tokens = await listScimTokens(scope);
      for (const t of tokens) console.log(`${t.tokenId}  …${t.hint}  ${t.label}  created ${t.createdAt} by ${t.createdBy.email}  last used ${t.lastUsedAt ?? 'never'}`);
      console.log(`${tokens.length} token(s)`);
      return 0;
    }
    if (!values['token-id']) {
      console.error(`Missing --token-id\n${USAGE}`);
      return 1;
    }
    await revokeScimToken(scope, { tokenId: values['token-id'], actor: OPERATOR_ACTOR });
    console.log(`Revoked ${values['token-id']}.`);
    return 0;
  } catch (e) {
    if (!isArborError(e)) throw e;
    console.error(e.message);
    return 1;
  }
}
