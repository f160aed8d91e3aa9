// Server-only. /Users: create, read, replace (Okta's PUT), patch (Entra's PATCH), delete (Entra's
// hard delete) and list. A User is the SCIM item in the person's partition; their Arbor identity
// is the platform user of their email (P3, created when new, like a sign-in's), and their place
// in the tree comes from the rules (./place-people.ts) after every change.
import { ensureUser } from '../users';
import { auditEntryPut } from '../audit';
import { batchGet, keys, transaction, type PlatformDb } from '../db';
import { ULID } from '../validation';
import { removeUserFromTenant } from '../members';
import { isArborError } from '../errors';
import { countResources } from './directory-config';
import { toDirectoryGroup } from './group-item';
import { applyUserPatch } from './patch';
import { placePerson, readPerson, type SyncContext } from './place-people';
import { busy, notFound, taken, versionMismatch } from './protocol-errors';
import { directoryUserItem, userNameClaimItem, userNameClaimKey } from './user-item';
import { readUserInput, type DirectoryUser, type UserInput } from './user-resource';

export async function readUserOrThrow(ctx: SyncContext, rawId: string) {
  if (!ULID.test(rawId)) throw notFound('User');
  const state = await readPerson(ctx.db, rawId);
  if (!state.user) throw notFound('User');
  return { user: state.user, groupIds: state.groupIds };
}

/** The groups of a user, named (one BatchGetItem; none when they are in no group). */
export async function namedGroups(ctx: SyncContext, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  const items = await batchGet(ctx.db, groupIds.map((g) => keys.directoryGroup(ctx.db.tenantId, g)), { consistent: false });
  return items.map(toDirectoryGroup).map((g) => ({ groupId: g.groupId, displayName: g.displayName }));
}

/** If-Match: the weak or strong form of the version read, or `*`. */
export function checkIfMatch(ifMatch: string | null, version: number) {
  if (!ifMatch || ifMatch.trim() === '*') return;
  const sent = ifMatch.split(',').map((t) => t.trim().replace(/^W\//, '').replace(/"/g, ''));
  if (!sent.includes(String(version))) throw versionMismatch();
}

export async function createDirectoryUser(ctx: SyncContext, platform: PlatformDb, body: unknown): Promise<DirectoryUser> {
  const input = readUserInput(body);
  const identity = await ensureUser(platform, input.email, input.displayName);
  const now = new Date().toISOString();
  const user: DirectoryUser = { ...input, userId: identity.id, version: 1, createdAt: now, updatedAt: now };
  const db = ctx.db;
  await transaction(db)
    .add({ Put: { TableName: db.tableName, Item: directoryUserItem(db.tenantId, user), ConditionExpression: 'attribute_not_exists(PK)' } }, () =>
      taken(`${input.email} is already provisioned in this organization under another userName.`),
    )
    .add({ Put: { TableName: db.tableName, Item: userNameClaimItem(db.tenantId, user.userName, user.userId), ConditionExpression: 'attribute_not_exists(PK)' } }, () =>
      taken(`A user with the userName "${user.userName.slice(0, 100)}" already exists.`),
    )
    .send();
  await countResources(db, 'userCount', 1);
  await placePerson(ctx, user.userId);
  return user;
}

/** PUT: the whole resource as sent (what it leaves out is gone), conditioned on the version read. */
export async function replaceDirectoryUser(ctx: SyncContext, rawId: string, body: unknown, ifMatch: string | null): Promise<DirectoryUser> {
  const { user } = await readUserOrThrow(ctx, rawId);
  checkIfMatch(ifMatch, user.version);
  return writeUser(ctx, user, readUserInput(body));
}

export async function patchDirectoryUser(ctx: SyncContext, rawId: string, body: unknown, ifMatch: string | null): Promise<DirectoryUser> {
  const { user } = await readUserOrThrow(ctx, rawId);
  checkIfMatch(ifMatch, user.version);
  const patched = await applyUserPatch(user, body);
  if (!patched) return user;
  return writeUser(ctx, user, readUserInput(patched));
}

async function writeUser(ctx: SyncContext, current: DirectoryUser, input: UserInput): Promise<DirectoryUser> {
  const db = ctx.db;
  // The person's Arbor identity (P3, their sign-in address) stays the one they were provisioned
  // with; the resource and its email filters follow the directory.
  const next: DirectoryUser = { ...input, userId: current.userId, version: current.version + 1, createdAt: current.createdAt, updatedAt: new Date().toISOString() };
  const tx = transaction(db).add(
    { Put: { TableName: db.tableName, Item: directoryUserItem(db.tenantId, next), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': current.version } } },
    (stored) => (stored ? versionMismatch() : notFound('User')),
  );
  // Access ending or coming back is the directory's decision about a person: the trail says so.
  if (next.active !== current.active) {
    tx.add(auditEntryPut(db, { actor: ctx.actor, action: next.active ? 'directory.reactivate' : 'directory.deactivate', target: { type: 'directory', id: next.userId, label: next.email }, before: { active: current.active }, after: { active: next.active } }));
  }
  if (userNameKeyOf(next.userName) !== userNameKeyOf(current.userName)) {
    tx.add({ Delete: { TableName: db.tableName, Key: userNameClaimKey(db.tenantId, current.userName) } });
    tx.add({ Put: { TableName: db.tableName, Item: userNameClaimItem(db.tenantId, next.userName, next.userId), ConditionExpression: 'attribute_not_exists(PK)' } }, () =>
      taken(`A user with the userName "${next.userName.slice(0, 100)}" already exists.`),
    );
  }
  if ((await tx.send()) === 'retry') throw busy();
  if (next.department !== current.department || ctx.config.rules.groups.length > 0 || ctx.config.rules.groupNames) await placePerson(ctx, next.userId);
  return next;
}

const userNameKeyOf = (s: string) => s.normalize('NFKC').toLowerCase();

/**
 * DELETE: the person leaves the organization (every membership, the last-owner rule holding),
 * then their SCIM resource and group links go.
 */
export async function deleteDirectoryUser(ctx: SyncContext, rawId: string): Promise<void> {
  const { user, groupIds } = await readUserOrThrow(ctx, rawId);
  try {
    await removeUserFromTenant(ctx.db, ctx.actor, user.userId);
  } catch (e) {
    if (!(isArborError(e) && e.code === 'member.notFound')) throw e;
  }
  const db = ctx.db;
  const deletes = [
    { Delete: { TableName: db.tableName, Key: keys.directoryUser(db.tenantId, user.userId) } },
    { Delete: { TableName: db.tableName, Key: userNameClaimKey(db.tenantId, user.userName) } },
    ...groupIds.flatMap((g) => [
      { Delete: { TableName: db.tableName, Key: keys.groupMember(db.tenantId, g, user.userId) } },
      { Delete: { TableName: db.tableName, Key: keys.userGroup(db.tenantId, user.userId, g) } },
      { Update: { TableName: db.tableName, Key: keys.directoryGroup(db.tenantId, g), UpdateExpression: 'ADD memberCount :m', ExpressionAttributeValues: { ':m': -1 } } },
    ]),
  ];
  // The resource itself goes in the last transaction, so a crash leaves it to be deleted again.
  for (let end = deletes.length; end > 0; end -= 90) {
    await transaction(db).add(deletes.slice(Math.max(0, end - 90), end)).send();
  }
  await countResources(db, 'userCount', -1);
}

