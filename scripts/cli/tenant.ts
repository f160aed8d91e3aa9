// `npm run cli -- tenant list [--json]`: every tenant's id and name (GSI4 `TENANTS`).
// `npm run cli -- tenant create --name <name> --domain <domain> --owner-email <email> --owner-name <name>`:
// creates a tenant with its root unit, first owner and claimed email domain (P4, one
// transaction), with the operator's credentials. SSO comes next: `npm run cli -- sso set …`.
// `tenant export <id> [--out <dir>]`, `tenant delete <id>`, `tenant copy <id> --from-table <table> | --from-archive <file>`:
// a tenant leaves, or comes back from a point-in-time restore or its export (scripts/cli/tenant/offboarding.ts,
// docs/offboarding.md).
import { parseArgs } from 'node:util';
import { callbackUrl } from '../../lib/auth/callback-url';
import { isArborError } from '../../lib/errors';
import { operatorDb } from '../../lib/tenancy';
import { createTenant, listTenants } from '../../lib/tenants';
import { OFFBOARDING_USAGE, runOffboarding } from './tenant/offboarding';

export const description =
  'create, list, export, delete or copy back a tenant (create --name --domain --owner-email --owner-name | list [--json] | export <id> [--out <dir>] | delete <id> | copy <id> --from-table <table> | --from-archive <file>)';

const USAGE = `Usage: npm run cli -- tenant create --name <name> --domain <domain> --owner-email <email> --owner-name <name>\n       npm run cli -- tenant list [--json]\n${OFFBOARDING_USAGE}`;

export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'export' || sub === 'delete' || sub === 'copy') return runOffboarding(sub, rest);
  if (sub === 'list') {
    const tenants = await listTenants(operatorDb());
    if (rest.includes('--json')) console.log(JSON.stringify(tenants, null, 2));
    else {
      for (const t of tenants) console.log(`${t.tenantId}  ${t.name}`);
      console.log(`${tenants.length} tenant(s)`);
    }
    return 0;
  }
  if (sub !== 'create') {
    console.error(USAGE);
    return 1;
  }
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: { name: { type: 'string' }, domain: { type: 'string' }, 'owner-email': { type: 'string' }, 'owner-name': { type: 'string' } },
      strict: true,
    }));
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 1;
  }
  const missing = ['name', 'domain', 'owner-email', 'owner-name'].filter((k) => !values[k]);
  if (missing.length) {
    console.error(`Missing ${missing.map((m) => `--${m}`).join(', ')}\n${USAGE}`);
    return 1;
  }
  try {
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
    return 0;
  } catch (e) {
    if (!isArborError(e)) throw e;
    console.error(e.message);
    return 1;
  }
}
