// /Users: create, read, replace (Okta's PUT) and patch (Entra's PATCH); deletion is
// ./delete-user.ts. A User is the SCIM item in the person's partition; their Arbor identity is the
// platform user of their email (P3, created when new, like a sign-in's), and their place in the
// tree comes from the rules (./place-people.ts) after every change.
import 'server-only';
import { log } from '../observability';
import { auditEntryPut } from '../audit';
import { batchGet, keys, transaction, type PlatformDb } from '../db';
import { isArborError } from '../errors';
import { getTenantSettings } from '../tenants';
import { ensureUser } from '../users';
import { ULID } from '../validation';
import { countResources, recordDirectoryError } from './directory-config';
import { toDirectoryGroup } from './group-item';
import { applyUserPatch } from './patch';
import { placePerson, readPerson, type PersonState, type SyncContext } from './place-people';
import { busy, notFound, ScimError, taken, versionMismatch } from './protocol-errors';
import { checkIfMatch, withRereads } from './preconditions';
import { directoryUserItem, nameKey, userNameClaimItem, userNameClaimKey } from './user-item';
import { followManager, linesOnArrival, refuseManagerLoop } from './manager-line';
import { readUserInput, type DirectoryUser, type UserInput } from './user-resource';

/** A person whose SCIM User exists (one being deleted only when `deleting` is allowed). */
export async function readUserOrThrow(ctx: SyncContext, rawId: string, options: { deleting?: boolean } = {}): Promise<PersonState & { user: DirectoryUser }> {
  if (!ULID.test(rawId)) throw notFound('User');
  const state = await readPerson(ctx.db, rawId);
  if (!state.user || (state.user.deleting && !options.deleting)) throw notFound('User');
  return { ...state, user: state.user };
}

/** The groups of a user, named (one BatchGetItem; none when they are in no group). */
export async function namedGroups(ctx: SyncContext, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  const items = await batchGet(ctx.db, groupIds.map((g) => keys.directoryGroup(ctx.db.tenantId, g)), { consistent: false });
  return items.map(toDirectoryGroup).map((g) => ({ groupId: g.groupId, displayName: g.displayName }));
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
  // The User exists from here: what follows is bookkeeping and placement, whose failures are
  // recorded for the status panel rather than answered (the IdP would retry a create that worked).
  await afterCommit(ctx, `POST /Users ${user.userName}`, async () => {
    await countResources(db, 'userCount', 1);
    await placePerson(ctx, user.userId);
    // Again when placing created the profile (a no-op then); needed when it already existed.
    await linesOnArrival(ctx, user);
  });
  return user;
}

export async function afterCommit(ctx: SyncContext, request: string, work: () => Promise<unknown>) {
  try {
    await work();
  } catch (e) {
    if (!isArborError(e)) log.error({ err: e, request }, 'scim: placing after a committed change failed');
    await recordDirectoryError(ctx.db, { request, status: 0, detail: isArborError(e) ? e.message : 'Placing the person failed; their next change retries it.' });
  }
}

/** PUT: the whole resource as sent (what it leaves out is gone), conditioned on the version read. */
export async function replaceDirectoryUser(ctx: SyncContext, rawId: string, body: unknown, ifMatch: string | null): Promise<DirectoryUser> {
  const input = readUserInput(body);
  return withRereads(ifMatch, async () => {
    const state = await readUserOrThrow(ctx, rawId);
    checkIfMatch(ifMatch, state.user.version);
    return writeUser(ctx, state, input);
  });
}

export async function patchDirectoryUser(ctx: SyncContext, rawId: string, body: unknown, ifMatch: string | null): Promise<DirectoryUser> {
  return withRereads(ifMatch, async () => {
    const state = await readUserOrThrow(ctx, rawId);
    checkIfMatch(ifMatch, state.user.version);
    const patched = await applyUserPatch(state.user, body);
    if (!patched) return state.user;
    return writeUser(ctx, state, readUserInput(patched));
  });
}

async function writeUser(ctx: SyncContext, state: PersonState & { user: DirectoryUser }, input: UserInput): Promise<DirectoryUser> {
  const db = ctx.db;
  const current = state.user;
  if (current.active && !input.active) await refuseLastOwner(ctx, state, 'deactivate');
  const managerChanged = input.managerId !== current.managerId;
  if (managerChanged) await refuseManagerLoop(ctx, current.userId, input);
  const next: DirectoryUser = { ...input, userId: current.userId, version: current.version + 1, createdAt: current.createdAt, updatedAt: new Date().toISOString() };
  const tx = transaction(db).add(
    { Put: { TableName: db.tableName, Item: directoryUserItem(db.tenantId, next), ConditionExpression: 'version = :v AND #state = :live', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':v': current.version, ':live': 'live' } } },
    (stored) => (stored && stored.state === 'live' ? versionMismatch() : notFound('User')),
  );
  // Access ending or coming back is the directory's decision about a person: the trail says so.
  if (next.active !== current.active) {
    tx.add(auditEntryPut(db, { actor: ctx.actor, action: next.active ? 'directory.reactivate' : 'directory.deactivate', target: { type: 'directory', id: next.userId, label: next.email }, before: { active: current.active }, after: { active: next.active } }));
  }
  if (nameKey(next.userName) !== nameKey(current.userName)) {
    tx.add({ Delete: { TableName: db.tableName, Key: userNameClaimKey(db.tenantId, current.userName) } });
    tx.add({ Put: { TableName: db.tableName, Item: userNameClaimItem(db.tenantId, next.userName, next.userId), ConditionExpression: 'attribute_not_exists(PK)' } }, () =>
      taken(`A user with the userName "${next.userName.slice(0, 100)}" already exists.`),
    );
  }
  if ((await tx.send()) === 'retry') throw busy();
  if (next.department !== current.department || ctx.config.rules.groups.length > 0 || ctx.config.rules.groupNames) {
    await afterCommit(ctx, `place ${next.userName}`, () => placePerson(ctx, next.userId, { ...state, user: next }));
  }
  if (managerChanged) await afterCommit(ctx, `manager of ${next.userName}`, () => followManager(ctx, next, current));
  return next;
}


/** The directory may not take away the last owner's access (deactivating or deleting them). */
export async function refuseLastOwner(ctx: SyncContext, state: PersonState, what: 'deactivate' | 'delete') {
  if (!state.memberships.some((m) => m.role === 'owner')) return;
  const { ownerCount } = await getTenantSettings(ctx.db);
  if (ownerCount <= 1) {
    throw new ScimError(409, `This person is the organization's last owner: Arbor does not let the directory ${what} them. Make someone else an owner in Arbor first.`);
  }
}
