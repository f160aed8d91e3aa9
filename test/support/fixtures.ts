// Test fixtures built through the real domain code, each with its own tenant and domain.
import { ulid } from 'ulid';
import { createTenant } from '../../lib/tenants';
import { directClient, tableName } from './stack';

/** A fresh tenant with a unique domain and owner, created through P4 with the operator's access. */
export async function newTenant(label = 'Acme') {
  const suffix = ulid().toLowerCase();
  const domain = `${label.toLowerCase().replace(/[^a-z0-9]/g, '')}-${suffix}.test`;
  const ownerEmail = `owner@${domain}`;
  const created = await createTenant(
    { client: directClient(), tableName: tableName() },
    { name: `${label} ${suffix.slice(-6)}`, domain, owner: { email: ownerEmail, name: `${label} Owner` } },
  );
  return { ...created, ownerEmail };
}
