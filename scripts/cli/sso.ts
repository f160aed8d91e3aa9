// `npm run cli -- sso set|show …`: registers or replaces a tenant's connection and shows it.
// OIDC (issuer, client, sealed secret): checks that the issuer's discovery document answers and
// names itself before saving (--skip-check to save anyway); the secret may come from
// ARBOR_SSO_CLIENT_SECRET instead of the command line. SAML: from the IdP's metadata, a URL or a
// file. The operator vouches for the domains named (they are claimed when free).
import { readFileSync } from 'node:fs';
import { callbackUrl } from '../../lib/auth/callback-url';
import { getConnection } from '../../lib/sso';
import { setConnection, validateIssuer } from '../../lib/domains';
import { serviceProviderUrls } from '../../lib/saml';
import { operatorDb } from '../../lib/tenancy';
import { defineCommand, UsageError } from './kit/define-command';

const USAGE = `Usage:
  npm run cli -- sso set --tenant <tenantId> --issuer <url> --client-id <id> [--client-secret <secret>]
                         --domains <a.com,b.com> --jit on|off [--expected-version <n>] [--skip-check]
  npm run cli -- sso set --tenant <tenantId> --protocol saml (--metadata-url <url> | --metadata-file <path>)
                         --domains <a.com,b.com> --jit on|off [--idp-initiated on|off] [--expected-version <n>]
  npm run cli -- sso show --tenant <tenantId>
The client secret may be given in ARBOR_SSO_CLIENT_SECRET instead (keeps it out of shell history);
omitted when replacing a connection, the stored one is kept.
Register this redirect URI at the IdP: ${safeCallbackUrl()}`;

function safeCallbackUrl() {
  try {
    return callbackUrl();
  } catch {
    return '<ARBOR_APP_URL>/api/auth/callback/sso';
  }
}

export const { description, run } = defineCommand({
  description: "register or show a tenant's SSO connection (set --tenant [--protocol saml --metadata-url|--metadata-file | --issuer --client-id --client-secret] --domains --jit on|off; show --tenant)",
  usage: USAGE,
  options: {
    tenant: { type: 'string' }, issuer: { type: 'string' }, 'client-id': { type: 'string' }, 'client-secret': { type: 'string' },
    domains: { type: 'string' }, jit: { type: 'string' }, 'expected-version': { type: 'string' }, 'skip-check': { type: 'boolean' },
    protocol: { type: 'string' }, 'metadata-url': { type: 'string' }, 'metadata-file': { type: 'string' }, 'idp-initiated': { type: 'string' },
  },
  verbs: {
    set: { required: ['tenant'], run: ({ values }) => set(values.tenant!, values) },
    show: { options: ['tenant'], required: ['tenant'], run: ({ values }) => show(values.tenant!) },
  },
});

async function show(tenantId: string): Promise<number> {
  const c = await getConnection(operatorDb(), tenantId);
  if (!c) {
    console.log(`Tenant ${tenantId} has no SSO connection yet.`);
    return 1;
  }
  console.log(`SSO connection of ${tenantId} (version ${c.version}, updated ${c.updatedAt})
  protocol      ${c.protocol}${c.enabled ? '' : ' (off: being set up)'}
  issuer        ${c.issuer}
${c.protocol === 'oidc' ? `  client id     ${c.clientId}\n  client secret (sealed)` : `  SSO URL       ${c.ssoUrl}\n  certificates  ${c.idpCertificates.length}`}
  domains       ${c.domains.join(', ')}
  jit           ${c.jit ? 'on' : 'off'}
  redirect URI  ${callbackUrl()}`);
  return 0;
}

async function set(tenantId: string, values: Record<string, string | boolean | undefined>): Promise<number> {
  if (values.protocol === 'saml') return setSaml(tenantId, values);
  const jit = values.jit === 'on' ? true : values.jit === 'off' ? false : undefined;
  if (jit === undefined || !values.issuer || !values['client-id'] || !values.domains) {
    throw new UsageError('sso set needs --issuer, --client-id, --domains and --jit on|off');
  }
  const issuer = validateIssuer(values.issuer);
  if (!values['skip-check']) {
    const problem = await checkIssuer(issuer);
    if (problem) {
      console.error(`${problem}\nNothing was saved. Fix the issuer, or pass --skip-check to save it anyway.`);
      return 1;
    }
  }
  const expected = values['expected-version'] === undefined ? undefined : Number(values['expected-version']);
  const saved = await setConnection(operatorDb(), tenantId, {
    issuer,
    clientId: values['client-id'] as string,
    clientSecret: (values['client-secret'] as string | undefined) ?? process.env.ARBOR_SSO_CLIENT_SECRET,
    domains: String(values.domains).split(',').map((d) => d.trim()).filter(Boolean),
    jit,
    expectedVersion: expected,
  });
  console.log(`Saved the SSO connection of ${tenantId} (version ${saved.version}): ${saved.domains.join(', ')} → ${saved.issuer}, JIT ${saved.jit ? 'on' : 'off'}.
Redirect URI to register at the IdP: ${callbackUrl()}`);
  return 0;
}

/** A SAML connection from the IdP's metadata (a URL, or a file the IdP let you download). */
async function setSaml(tenantId: string, values: Record<string, string | boolean | undefined>): Promise<number> {
  const jit = values.jit === 'on' ? true : values.jit === 'off' ? false : undefined;
  const metadataUrl = values['metadata-url'] as string | undefined;
  const metadataFile = values['metadata-file'] as string | undefined;
  if (jit === undefined || !values.domains || !(metadataUrl || metadataFile)) {
    throw new UsageError('sso set --protocol saml needs --metadata-url or --metadata-file, --domains and --jit on|off');
  }
  const saved = await setConnection(operatorDb(), tenantId, {
    protocol: 'saml',
    ...(metadataUrl ? { metadataUrl } : { metadataXml: readFileSync(metadataFile!, 'utf8') }),
    domains: String(values.domains).split(',').map((d) => d.trim()).filter(Boolean),
    jit,
    idpInitiated: values['idp-initiated'] === 'on',
    expectedVersion: values['expected-version'] === undefined ? undefined : Number(values['expected-version']),
  });
  const sp = serviceProviderUrls(tenantId);
  console.log(`Saved the SAML connection of ${tenantId} (version ${saved.version}): ${saved.domains.join(', ')} → ${saved.issuer}, JIT ${saved.jit ? 'on' : 'off'}.
At the IdP: entity id ${sp.entityId}
            ACS URL   ${sp.acsUrl}`);
  return 0;
}

/** The issuer's discovery document must answer and carry the same issuer (OIDC Discovery §4.3). */
async function checkIssuer(issuer: string): Promise<string | undefined> {
  const url = `${issuer}/.well-known/openid-configuration`;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!res.ok) return `${url} answered ${res.status}.`;
    const doc = (await res.json()) as { issuer?: string };
    if (doc.issuer?.replace(/\/+$/, '') !== issuer) return `${url} names its issuer "${doc.issuer}", not "${issuer}": use exactly that issuer.`;
    return undefined;
  } catch (e) {
    return `Could not read ${url}: ${(e as Error).message}`;
  }
}
