// `npm run cli -- scim token create|list|revoke --tenant <tenantId> [--label <text>] [--token-id <id>]`:
// the directory sync tokens an IdP's provisioning sends to /scim/v2 (docs/scim.md). `create` prints
// the token alone on its last line (scripts can take it with `tail -n 1`); Arbor keeps only its hash.
import { createScimToken, listScimTokens, revokeScimToken, scimBaseUrl } from '../../lib/scim';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { defineCommand } from './kit/define-command';
import { operatorScope } from './kit/operator-scope';

export const { description, run } = defineCommand({
  description: 'directory sync tokens (token create|list|revoke --tenant <id> [--label] [--token-id])',
  usage: 'Usage: npm run cli -- scim token create|list|revoke --tenant <tenantId> [--label <text>] [--token-id <id>]',
  options: { tenant: { type: 'string' }, label: { type: 'string' }, 'token-id': { type: 'string' } },
  verbs: {
    'token create': {
      options: ['tenant', 'label'],
      required: ['tenant'],
      async run({ values }) {
        const t = await createScimToken(operatorScope(values.tenant!), { label: values.label ?? 'Created from the CLI', actor: OPERATOR_ACTOR });
        console.log(`Created directory sync token ${t.tokenId} for tenant ${values.tenant}.
Tenant URL (SCIM base): ${scimBaseUrl()}
Copy the token now: Arbor keeps only its hash.
${t.token}`);
      },
    },
    'token list': {
      options: ['tenant'],
      required: ['tenant'],
      async run({ values }) {
        const tokens = await listScimTokens(operatorScope(values.tenant!));
        for (const t of tokens) console.log(`${t.tokenId}  …${t.hint}  ${t.label}  created ${t.createdAt} by ${t.createdBy.email}  last used ${t.lastUsedAt ?? 'never'}`);
        console.log(`${tokens.length} token(s)`);
      },
    },
    'token revoke': {
      options: ['tenant', 'token-id'],
      required: ['tenant', 'token-id'],
      async run({ values }) {
        await revokeScimToken(operatorScope(values.tenant!), { tokenId: values['token-id']!, actor: OPERATOR_ACTOR });
        console.log(`Revoked ${values['token-id']}.`);
      },
    },
  },
});
