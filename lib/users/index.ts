// Global user identities (P3) and the tenants a user belongs to (P2). Platform credentials.
import 'server-only';
import { BatchGetCommand, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { z } from 'zod';
import { INDEX, itemParser, keys, transactWrite, type PlatformDb } from '../db';

export interface User {
  id: string;
  email: string;
  name: string;
  createdAt: string;
}

/** The user item and the email item carry the same identity. */
const parseUser = itemParser('user', z.object({ userId: z.string(), email: z.string(), name: z.string().optional(), createdAt: z.string() }));

function toUser(item: Record<string, unknown>): User {
  const u = parseUser(item);
  return { id: u.userId, email: u.email, name: u.name ?? '', createdAt: u.createdAt };
}

/** P3 by id. */
export async function getUser(db: PlatformDb, userId: string): Promise<User | undefined> {
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.user(userId) }));
  return out.Item ? toUser(out.Item) : undefined;
}

/** P3 by email (the email item carries the whole identity). */
export async function getUserByEmail(db: PlatformDb, email: string): Promise<User | undefined> {
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.userEmail(email) }));
  return out.Item ? toUser(out.Item) : undefined;
}

/** The two items that create a user; the email item is the uniqueness guard. */
export function newUserPuts(tableName: string, user: User) {
  const base = { type: 'user', userId: user.id, email: user.email, name: user.name, createdAt: user.createdAt, version: 1 };
  return [
    { Put: { TableName: tableName, Item: { ...keys.user(user.id), ...base }, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: tableName, Item: { ...keys.userEmail(user.email), ...base, type: 'userEmail' }, ConditionExpression: 'attribute_not_exists(PK)' } },
  ];
}

/** Returns the user with this email, creating the identity when it is new (race-safe). */
export async function ensureUser(db: PlatformDb, email: string, name: string): Promise<User> {
  const existing = await getUserByEmail(db, email);
  if (existing) return existing;
  const user: User = { id: ulid(), email, name, createdAt: new Date().toISOString() };
  // transactWrite retries a transaction that met another; a failed condition means another
  // request created the same email first: use theirs.
  if (!(await transactWrite(db, newUserPuts(db.tableName, user)))) return user;
  const winner = await getUserByEmail(db, email);
  if (!winner) throw new Error(`ensureUser: the email item of ${user.id} refused the write but is not there`);
  return winner;
}

export interface UserTenant {
  tenantId: string;
  name: string;
}

// P2 reads projections: the profile's GSI4 copy holds the tenant id, the registry entry is read
// for its name only.
const parseUserTenant = itemParser('tenantUser (GSI4)', z.object({ tenantId: z.string() }));
const parseTenantName = itemParser('tenantDirectory', z.object({ tenantId: z.string(), name: z.string() }));

/** P2: the tenants a user belongs to: one Query on GSI4, then the names in one BatchGetItem. */
export async function listUserTenants(db: PlatformDb, userId: string): Promise<UserTenant[]> {
  const out = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      IndexName: INDEX.gsi4,
      KeyConditionExpression: 'GSI4PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.gsi4.userTenants(userId) },
      Limit: 100,
    }),
  );
  const tenantIds = (out.Items ?? []).map((i) => parseUserTenant(i).tenantId);
  if (tenantIds.length === 0) return [];
  const names = await db.client.send(
    new BatchGetCommand({
      RequestItems: { [db.tableName]: { Keys: tenantIds.map((t) => keys.tenantRegistry(t)), ProjectionExpression: 'PK, SK, tenantId, #n', ExpressionAttributeNames: { '#n': 'name' } } },
    }),
  );
  const byId = new Map((names.Responses?.[db.tableName] ?? []).map((i) => {
    const { tenantId, name } = parseTenantName(i);
    return [tenantId, name];
  }));
  return tenantIds
    .filter((t) => byId.has(t))
    .map((t) => ({ tenantId: t, name: byId.get(t)! }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
