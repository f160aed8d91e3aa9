// A connection's health, as its admins see it under Settings → Single sign-on: the last sign-in
// that worked and the last that failed, with its reason. One item in the tenant's partition,
// written with the tenant's credentials as sign-ins end. Unversioned bookkeeping: the last
// writer wins, which is what "last" means.
import 'server-only';
import { log } from '../observability';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { keys, updateItem, type TenantDb } from '../db';

export interface ConnectionHealth {
  lastSuccessAt?: string;
  lastSuccessEmail?: string;
  lastFailureAt?: string;
  /** A sign-in failure code (lib/auth/sign-in-failures.ts). */
  lastFailureCode?: string;
}

const set = (db: TenantDb, values: Record<string, string>) =>
  updateItem(db, {
    Key: keys.ssoHealth(db.tenantId),
    UpdateExpression: `SET #type = :type, ${Object.keys(values).map((k) => `${k} = :${k}`).join(', ')}`,
    ExpressionAttributeNames: { '#type': 'type' },
    ExpressionAttributeValues: { ':type': 'ssoHealth', ...Object.fromEntries(Object.entries(values).map(([k, v]) => [`:${k}`, v])) },
  });

export const recordSignInSuccess = (db: TenantDb, email: string) =>
  set(db, { lastSuccessAt: new Date().toISOString(), lastSuccessEmail: email });

/** Never fails the sign-in it describes: a lost health write is only a stale status. */
export const recordSignInFailure = (db: TenantDb, code: string) =>
  set(db, { lastFailureAt: new Date().toISOString(), lastFailureCode: code }).catch((e) => log.warn({ type: 'sso', error: (e as Error).name }, 'sso health not recorded'));

export async function readHealth(db: TenantDb): Promise<ConnectionHealth> {
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.ssoHealth(db.tenantId) }));
  const { lastSuccessAt, lastSuccessEmail, lastFailureAt, lastFailureCode } = (out.Item ?? {}) as ConnectionHealth;
  return { lastSuccessAt, lastSuccessEmail, lastFailureAt, lastFailureCode };
}
