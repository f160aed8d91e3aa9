// The server side of a session: one `session` item per tenant the session has been active in,
// in the user's partition (`T#<t>#USER#<user>` / `SESSION#<id>`), written with that tenant's
// scoped credentials. The actor's T8 Query reads the partition anyway, so checking that the
// cookie's session is still live costs no request of its own. Signing out deletes the items;
// DynamoDB's TTL removes those of sessions that simply expired. The record also carries the
// person's organizations as the header's switcher lists them, read from the platform (P2) when
// the session enters a tenant and again whenever the person reaches for the switcher: the header
// then costs no request per page.
import 'server-only';
import { log } from '../observability';
import { deleteAll, deleteItem, getItem, keys, putItem, queryAll, TTL_ATTRIBUTE, updateItem, type PlatformDb, type TenantDb } from '../db';
import { signOutFailed } from './errors';
import { listUserTenants, type UserTenant } from '../users';

/** Enough of a user agent to tell devices apart in a future "your sessions" list. */
const DEVICE_LABEL_MAX = 120;

export interface SessionRecord {
  userId: string;
  sessionId: string;
  expiresAt: Date;
  /** Free text (the browser's user agent), shortened; never key material. */
  device?: string;
  /** The person's organizations when the session entered this tenant (P2), for the header. */
  organizations?: UserTenant[];
}

/** The switcher lists at most this many (P2 reads 100); a name is at most 200 characters. */
const ORGANIZATIONS_KEPT = 100;
const keptOrganizations = (list: UserTenant[]) => list.slice(0, ORGANIZATIONS_KEPT).map(({ tenantId, name }) => ({ tenantId, name: name.slice(0, 200) }));

/** Records the session as live in `db`'s tenant (a repeat, e.g. switching back, overwrites). */
export async function putSessionRecord(db: TenantDb, record: SessionRecord): Promise<void> {
  const device = record.device?.slice(0, DEVICE_LABEL_MAX);
  await putItem(db, {
    Item: {
      ...keys.session(db.tenantId, record.userId, record.sessionId),
      type: 'session',
      tenantId: db.tenantId,
      userId: record.userId,
      sessionId: record.sessionId,
      createdAt: new Date().toISOString(),
      sessionExpiresAt: record.expiresAt.toISOString(),
      [TTL_ATTRIBUTE]: Math.ceil(record.expiresAt.getTime() / 1000),
      ...(device ? { device } : {}),
      ...(record.organizations ? { organizations: keptOrganizations(record.organizations) } : {}),
    },
  });
}

/** Replaces a live session's copy of the person's organizations; a session signed out meanwhile is left alone. */
export async function updateSessionOrganizations(db: TenantDb, userId: string, sessionId: string, organizations: UserTenant[]): Promise<void> {
  await updateItem(db, {
    Key: keys.session(db.tenantId, userId, sessionId),
    UpdateExpression: 'SET organizations = :o',
    ConditionExpression: 'attribute_exists(PK)',
    ExpressionAttributeValues: { ':o': keptOrganizations(organizations) },
  });
}

/** Whether the session is live in `db`'s tenant (one strongly consistent GetItem). */
export async function hasSessionRecord(db: TenantDb, userId: string, sessionId: string): Promise<boolean> {
  return (await getItem(db, keys.session(db.tenantId, userId, sessionId))) !== undefined;
}

export interface SessionStoreDeps {
  platform: PlatformDb;
  tenantDb(tenantId: string, options?: { userId?: string }): Promise<TenantDb>;
}

/**
 * Runs `work` in every tenant a session of this user may be recorded in, at once: those they
 * belong to (P2, platform credentials) and the one the cookie names (the tenants index can lag a
 * fresh membership). Any failure means the sign-out did not happen and is reported as such.
 */
async function inEveryTenant(deps: SessionStoreDeps, session: { userId: string; tenantId: string }, work: (db: TenantDb) => Promise<void>) {
  const { userId } = session;
  await signOutStep(async () => {
    const tenants = await listUserTenants(deps.platform, userId);
    const tenantIds = [...new Set([session.tenantId, ...tenants.map((t) => t.tenantId)])];
    const results = await Promise.allSettled(tenantIds.map(async (t) => work(await deps.tenantDb(t, { userId }))));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  });
}

async function signOutStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    log.error({ err: e }, 'sign-out could not reach the table');
    throw signOutFailed();
  }
}

/** Signs one session out: deletes its record in every tenant of the user (idempotent). */
export async function revokeSession(deps: SessionStoreDeps, session: { userId: string; sessionId: string; tenantId: string }): Promise<void> {
  const { userId, sessionId } = session;
  await inEveryTenant(deps, session, async (db) => {
    await deleteItem(db, { Key: keys.session(db.tenantId, userId, sessionId) });
  });
}

/**
 * Signs out every session of the user, on every device: deletes all their records, tenant by
 * tenant. Only a live session may do it: a copy of a cookie already signed out changes nothing.
 */
export async function revokeAllSessions(deps: SessionStoreDeps, session: { userId: string; sessionId: string; tenantId: string }): Promise<void> {
  const { userId } = session;
  const live = await signOutStep(async () => hasSessionRecord(await deps.tenantDb(session.tenantId, { userId }), userId, session.sessionId));
  if (!live) return;
  await inEveryTenant(deps, session, async (db) => {
    const items = await queryAll(db, {
      KeyConditionExpression: 'PK = :pk and begins_with(SK, :sessions)',
      ExpressionAttributeValues: { ':pk': keys.userPartition(db.tenantId, userId), ':sessions': keys.sessionPrefix },
      ProjectionExpression: 'PK, SK',
      ConsistentRead: true,
    });
    await deleteAll(db, items.map((i) => ({ PK: i.PK as string, SK: i.SK as string })));
  });
}

