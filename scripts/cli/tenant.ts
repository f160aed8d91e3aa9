// `npm run cli -- tenant list [--json]`: every tenant's id and name (GSI4 `TENANTS`).
// `npm run cli -- tenant create --name <name> --domain <domain> --owner-email <email> --owner-name <name>`:
// creates a tenant with its root unit, first owner and claimed email domain (P4, one
// transaction), with the operator's credentials. SSO comes next: `npm run cli -- sso set …`.
// `tenant export <id> [--out <dir>]`, `tenant delete <id>`, `tenant copy <id> --from-table <table> | --from-archive <file>`:
// a tenant leaves, or comes back from a point-in-time restore or its export (scripts/cli/tenant/offboarding.ts,
// docs/offboarding.md).
import { callbackUrl } from '../../lib/auth/callback-url';
import { assertTenantId, operatorDb } from '../../lib/tenancy';
import { createTenant, listTenants } from '../../lib/tenants';
import { defineCommand } from './kit/define-command';
import { OFFBOARDING_USAGE, runCopyBack, runDelete, runExport } from './tenant/offboarding';

export const { description, run } = defineCommand({
  description:
    'create, list, export, delete or copy back a tenant (create --name --domain --owner-email --owner-name | list [--json] | export <id> [--out <dir>] | delete <id> | copy <id> --from-table <table> | --from-archive <file>)',
  usage: `Usage: npm run cli -- tenant create --name <name> --domain <domain> --owner-email <email> --owner-name <name>\n       npm run cli -- tenant list [--json]\n${OFFBOARDING_USAGE}`,
  options: {
    name: { type: 'string' }, domain: { type: 'string' }, 'owner-email': { type: 'string' }, 'owner-name': { type: 'string' }, json: { type: 'boolean' },
    out: { type: 'string' }, 'from-table': { type: 'string' }, 'from-archive': { type: 'string' }, 'stop-after-batches': { type: 'string' },
  },
  verbs: {
    list: {
      options: ['json'],
      async run({ values }) {
        const tenants = await listTenants(operatorDb());
        if (values.json) return void console.log(JSON.stringify(tenants, null, 2));
        for (const t of tenants) console.log(`${t.tenantId}  ${t.name}`);
        console.log(`${tenants.length} tenant(s)`);
      },
    },
    create: {
      options: ['name', 'domain', 'owner-email', 'owner-name'],
      required: ['name', 'domain', 'owner-email', 'owner-name'],
      async run({ values }) {
        const t = await createTenant(operatorDb(), {
          name: values.name!, domain: values.domain!, owner: { email: values['owner-email']!, name: values['owner-name']! },
        });
        console.log(`Created tenant ${t.tenantId}
  domain      ${t.domain}
  root unit   ${t.rootUnitId}
  owner       ${values['owner-email']} (${t.ownerUserId})

Next: register an OIDC app at the company's IdP with the redirect URI
  ${callbackUrl()}
then: npm run cli -- sso set --tenant ${t.tenantId} --issuer <url> --client-id <id> --client-secret <secret> --domains ${t.domain} --jit off`);
      },
    },
    export: { options: ['out'], positionals: 1, run: ({ values, positionals }) => runExport(assertTenantId(positionals[0]), values.out ?? '.') },
    delete: { options: ['stop-after-batches'], positionals: 1, run: ({ values, positionals }) => runDelete(assertTenantId(positionals[0]), values['stop-after-batches']) },
    copy: {
      options: ['from-table', 'from-archive'],
      positionals: 1,
      run: ({ values, positionals }) => runCopyBack(assertTenantId(positionals[0]), { table: values['from-table'], archive: values['from-archive'] }),
    },
  },
});
