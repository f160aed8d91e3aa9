// Demo data for `npm run dev`: two tenants with a few dozen units and members. Runs with the
// operator's access, only when the demo domain is not claimed yet.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createDocumentClient, keys } from '../../lib/db';
import { createTenant } from '../../lib/tenants';

export async function seedDemoIfEmpty(env: Record<string, string>): Promise<boolean> {
  const client = createDocumentClient({
    region: env.AWS_REGION,
    endpoint: env.ARBOR_LOCAL_DYNAMODB_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const db = { client, tableName: env.ARBOR_TABLE };
  const claimed = await client.send(new GetCommand({ TableName: db.tableName, Key: keys.domainClaim('acme.test') }));
  if (claimed.Item) return false;
  await createTenant(db, { name: 'Acme Corporation', domain: 'acme.test', owner: { email: 'alice@acme.test', name: 'Alice Admin' } });
  await createTenant(db, { name: 'Globex', domain: 'globex.test', owner: { email: 'grace@globex.test', name: 'Grace Owner' } });
  return true;
}
