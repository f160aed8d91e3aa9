// The HTTP floor: a bare node:http server answering each measured page's main data with the
// same single DynamoDB Query the page makes, through the same tenant-scoped client (lib/tenancy,
// STS credentials, the IAM-enforcing gateway), and nothing else: no session, no rendering. `/get`
// is the check API's floor: one strongly consistent GetItem (a unit, T2) and nothing else.
// Run as its own process by the HTTP section: BENCH_FLOOR_PORT, BENCH_TENANT_ID, BENCH_ROOT_ID
// and BENCH_UNIT_ID come from the environment, with the stack's settings.
import { createServer } from 'node:http';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX, keys, type TenantDb } from '../../lib/db';
import { TREE_PAGE } from '../../lib/screens/tree';
import { UNIT_PAGE_CHILDREN } from '../../lib/screens/unit-page';
import { tenantDb } from '../../lib/tenancy';

const need = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};
const tenantId = need('BENCH_TENANT_ID');
const rootId = need('BENCH_ROOT_ID');
const unitId = need('BENCH_UNIT_ID');

/** One T3 page of a unit's children: the tree's list on the tree page, the sub-units on a unit page. */
const children = (parentId: string, limit: number) => () =>
  new QueryCommand({
    TableName: process.env.ARBOR_TABLE,
    IndexName: INDEX.gsi2,
    KeyConditionExpression: 'GSI2PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.gsi2.children(tenantId, parentId) },
    Limit: limit,
  });

const unit = () => new GetCommand({ TableName: process.env.ARBOR_TABLE, Key: keys.unit(tenantId, unitId), ConsistentRead: true });

const list = (query: () => QueryCommand) => async (db: TenantDb) => ({ items: (await db.client.send(query())).Items ?? [] });

const answers: Record<string, (db: TenantDb) => Promise<unknown>> = {
  '/tree': list(children(rootId, TREE_PAGE)),
  '/unit': list(children(unitId, UNIT_PAGE_CHILDREN)),
  '/get': async (db) => ({ item: (await db.client.send(unit())).Item }),
};

const server = createServer(async (req, res) => {
  const answer = answers[req.url ?? ''];
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  try {
    const db = await tenantDb(tenantId);
    const body = JSON.stringify(await answer(db));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  } catch (e) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end((e as Error).message);
  }
});
server.keepAliveTimeout = 30_000;
server.listen(Number(need('BENCH_FLOOR_PORT')), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
