// A tenant with a directory token, and the SCIM handler called as the route calls it.
import { ulid } from 'ulid';
import { createScimToken, handleScimRequest } from '../../lib/scim';
import { createTenant, OPERATOR_ACTOR } from '../../lib/tenants';
import { testOperatorDb, testPlatformDb, testTenantDb } from '../support/tenancy';

export const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export async function newDirectory(label: string) {
  const run = ulid().toLowerCase().slice(-8);
  const domain = `${label}-${run}.test`;
  const t = await createTenant(testOperatorDb(), { name: `${label} ${run}`, domain, owner: { email: `owner@${domain}`, name: 'Owner' } });
  const db = await testTenantDb(t.tenantId);
  const { token } = await createScimToken({ tenant: db, platform: testPlatformDb() }, { label: 'test', actor: OPERATOR_ACTOR });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await handleScimRequest(
      new Request(`http://arbor.test/scim/v2/${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) }),
      path.split('?')[0]!.split('/').filter(Boolean),
    );
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Record<string, any>) : undefined, headers: res.headers };
  };
  return { ...t, domain, db, token, call };
}

export const user = (domain: string, name: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER, ENTERPRISE],
  userName: `${name}@${domain}`,
  name: { givenName: name, familyName: 'Test' },
  emails: [{ value: `${name}@${domain}`, type: 'work', primary: true }],
  active: true,
  ...extra,
});
