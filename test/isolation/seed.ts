// Items of one tenant in every partition shape the isolation suite attacks: settings, a unit on
// GSI1 (tree), GSI2 (children) and GSI3 (names), and a tenant user profile on GSI4. Written and
// read back with the direct client, which the gateway does not stand in front of.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { keys, type Key } from '../../lib/db';
import { directClient, tableName } from '../support/stack';

export interface SeededTenant {
  tenantId: string;
  rootId: string;
  unitId: string;
  userId: string;
  /** Keys of the seeded items, plus a probe key that must never come to exist. */
  watched: Key[];
  probe: Key;
}

export async function seedTenant(tenantId: string): Promise<SeededTenant> {
  const rootId = ulid();
  const unitId = ulid();
  const userId = ulid();
  const items = [
    { ...keys.tenantSettings(tenantId), type: 'tenant', tenantId, name: `Tenant ${tenantId}`, version: 1 },
    {
      ...keys.unit(tenantId, unitId), type: 'unit', tenantId, unitId, name: 'Secret unit', version: 1,
      GSI1PK: keys.gsi1.tree(tenantId), GSI1SK: `/${rootId}/${unitId}/`,
      GSI2PK: keys.gsi2.children(tenantId, rootId), GSI2SK: 'secret unit',
      GSI3PK: keys.gsi3.names(tenantId), GSI3SK: 'secret unit',
    },
    {
      ...keys.tenantUser(tenantId, userId), type: 'tenantUser', tenantId, userId, email: `u-${userId}@x.test`, name: 'Uma', version: 1,
      GSI2PK: keys.gsi2.emails(tenantId), GSI2SK: `u-${userId.toLowerCase()}@x.test`,
      GSI3PK: keys.gsi3.names(tenantId), GSI3SK: 'uma',
      GSI4PK: keys.gsi4.userTenants(userId), GSI4SK: tenantId,
    },
    { ...keys.tenantRegistry(tenantId), type: 'tenantDirectory', tenantId, name: `Tenant ${tenantId}` },
  ];
  const client = directClient();
  for (const Item of items) await client.send(new PutCommand({ TableName: tableName(), Item }));
  const probe = keys.unit(tenantId, 'PROBE');
  return { tenantId, rootId, unitId, userId, watched: [...items.map(({ PK, SK }) => ({ PK, SK })), probe], probe };
}

/** Every watched item as stored now (undefined where absent). */
export async function snapshot(t: SeededTenant): Promise<unknown[]> {
  const client = directClient();
  return Promise.all(
    t.watched.map(async (Key) => (await client.send(new GetCommand({ TableName: tableName(), Key, ConsistentRead: true }))).Item),
  );
}
