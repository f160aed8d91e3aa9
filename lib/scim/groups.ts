// /Groups: create, read, replace (Okta's PUT), patch (member adds and removes from
// Entra and Okta, renames) and delete. Members are SCIM Users of the same tenant (a link in each
// direction, ./group-item.ts); a change of membership re-places the people it touched when a rule
// reads groups.
import 'server-only';
import { ulid } from 'ulid';
import { batchGet, keys, queryAll, transaction } from '../db';
import { ULID } from '../validation';
import { countResources } from './directory-config';
import { directoryGroupItem, groupMemberItems, toDirectoryGroup, type DirectoryGroup } from './group-item';
import { mapLimit } from '../org/map-limit';
import { placePerson, type SyncContext } from './place-people';
import { GROUP_SCHEMA, scimBaseUrl, scimmy } from './protocol';
import { canonicalPath, canonicalResource, canonicalValue, withoutNulls } from './attribute-names';
import { badValue, busy, notFound, ScimError, taken, versionMismatch } from './protocol-errors';
import { readPatchBody, type PatchOperation } from './patch';
import { attributeFilter, type AttributeSelection } from './attribute-selection';
import { afterCommit } from './users';
import { checkIfMatch, weakEtag, withRereads } from './preconditions';
import { groupNameClaimItem, groupNameClaimKey, nameKey } from './user-item';
import { KEY_TEXT_MAX_BYTES, keyBytes } from './user-resource';
import { backoff, RETRY_LIMITS } from '../db/retry-policy';

/** Members per transaction: a check that the user exists and both links, beside the group's count. */
const MEMBERS_PER_TX = 32;
/** Removals per transaction: both links. */
const REMOVALS_PER_TX = 49;
const MAX_MEMBERS_PER_REQUEST = 10_000;

interface GroupInput {
  displayName: string;
  externalId?: string;
  members?: string[];
}

function readGroupInput(raw: unknown): GroupInput {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badValue('The body must be a SCIM Group object.');
  // Names in any case (RFC 7643 §2.1); null is unassigned (§2.5), as if left out.
  const b = canonicalResource(groupDefinition(), withoutNulls(raw) as Record<string, unknown>);
  const displayName = typeof b.displayName === 'string' ? b.displayName.trim() : '';
  if (!displayName) throw badValue('displayName is required.');
  if (keyBytes(displayName) > KEY_TEXT_MAX_BYTES) throw badValue(`displayName is longer than ${KEY_TEXT_MAX_BYTES} bytes.`);
  const externalId = typeof b.externalId === 'string' && b.externalId ? b.externalId : undefined;
  if (externalId && keyBytes(externalId) > KEY_TEXT_MAX_BYTES) throw badValue(`externalId is longer than ${KEY_TEXT_MAX_BYTES} bytes.`);
  return { displayName, ...(externalId ? { externalId } : {}), ...(b.members !== undefined ? { members: memberIds(b.members) } : {}) };
}

/** The ids a members value lists; null is unassigned (RFC 7643 §2.5): no one. */
function memberIds(raw: unknown): string[] {
  if (raw === null) return [];
  if (!Array.isArray(raw)) throw badValue('members must be a list of { "value": "<user id>" }.');
  if (raw.length > MAX_MEMBERS_PER_REQUEST) throw badValue(`At most ${MAX_MEMBERS_PER_REQUEST} members per request.`);
  const ids = raw.map((m) => (m && typeof m === 'object' ? (m as { value?: unknown }).value : undefined));
  if (ids.some((v) => typeof v !== 'string' || !v)) throw badValue('Each member needs a "value": the id of a User.');
  return [...new Set(ids as string[])];
}

export async function readGroupOrThrow(ctx: SyncContext, rawId: string, withMembers: boolean): Promise<{ group: DirectoryGroup; members?: string[] }> {
  if (!ULID.test(rawId)) throw notFound('Group');
  const db = ctx.db;
  const items = await queryAll(db, {
    KeyConditionExpression: withMembers ? 'PK = :pk' : 'PK = :pk AND SK = :sk',
    ExpressionAttributeValues: { ':pk': keys.groupPartition(db.tenantId, rawId), ...(withMembers ? {} : { ':sk': 'GROUP' }) },
    ConsistentRead: true,
  });
  const item = items.find((i) => i.type === 'directoryGroup');
  if (!item) throw notFound('Group');
  return { group: toDirectoryGroup(item), ...(withMembers ? { members: items.filter((i) => i.type === 'groupMember').map((i) => String(i.userId)) } : {}) };
}

export function groupResource(g: DirectoryGroup, members: string[] | undefined, select: AttributeSelection = {}): Record<string, unknown> {
  const SCIMMY = scimmy();
  const full = {
    schemas: [GROUP_SCHEMA],
    id: g.groupId,
    displayName: g.displayName,
    ...(g.externalId ? { externalId: g.externalId } : {}),
    ...(members ? { members: members.map((value) => ({ value, $ref: `${scimBaseUrl()}/Users/${value}`, type: 'User' })) } : {}),
    meta: { resourceType: 'Group', created: g.createdAt, lastModified: g.updatedAt, location: `${scimBaseUrl()}/Groups/${g.groupId}`, version: weakEtag(g.version) },
  };
  const shaped = JSON.parse(JSON.stringify(new SCIMMY.Schemas.Group(full, 'out', `${scimBaseUrl()}/Groups`, attributeFilter(select)))) as Record<string, unknown>;
  return { schemas: full.schemas, id: g.groupId, ...shaped };
}

export async function createDirectoryGroup(ctx: SyncContext, body: unknown): Promise<{ group: DirectoryGroup; members: string[] }> {
  const input = readGroupInput(body);
  await assertUsers(ctx, input.members ?? []);
  const now = new Date().toISOString();
  const group: DirectoryGroup = { groupId: ulid(), displayName: input.displayName, ...(input.externalId ? { externalId: input.externalId } : {}), memberCount: 0, version: 1, createdAt: now, updatedAt: now };
  const db = ctx.db;
  await transaction(db)
    .add({ Put: { TableName: db.tableName, Item: directoryGroupItem(db.tenantId, group), ConditionExpression: 'attribute_not_exists(PK)' } })
    .add({ Put: { TableName: db.tableName, Item: groupNameClaimItem(db.tenantId, group.displayName, group.groupId), ConditionExpression: 'attribute_not_exists(PK)' } }, () =>
      taken(`A group named "${group.displayName.slice(0, 100)}" already exists.`),
    )
    .send();
  // The group exists from here: a member who left meanwhile is recorded, not answered (the IdP
  // would retry a create that worked and meet its own name).
  let after = group;
  await afterCommit(ctx, `POST /Groups ${group.displayName}`, async () => {
    await countResources(db, 'groupCount', 1);
    after = await changeMembers(ctx, group, input.members ?? [], []);
  });
  const { members = [] } = after === group && (input.members ?? []).length > 0 ? await readGroupOrThrow(ctx, group.groupId, true) : { members: input.members ?? [] };
  return { group: after, members };
}

/** Members named in a request must be Users of this tenant: checked before anything is written. */
async function assertUsers(ctx: SyncContext, ids: string[]) {
  const bad = ids.find((id) => !ULID.test(id));
  if (bad !== undefined) throw badValue(`"${bad.slice(0, 40)}" is not the id of a User here.`);
  const found = new Set((await batchGet(ctx.db, ids.map((u) => keys.directoryUser(ctx.db.tenantId, u)), { projection: ['userId'] })).map((i) => String(i.userId)));
  const missing = ids.find((id) => !found.has(id));
  if (missing) throw badValue(`"${missing}" is not the id of a User here.`);
}

/** PUT: name, externalId and the whole member list as sent. */
export async function replaceDirectoryGroup(ctx: SyncContext, rawId: string, body: unknown, ifMatch: string | null) {
  const input = readGroupInput(body);
  await assertUsers(ctx, input.members ?? []);
  return withRereads(ifMatch, async () => {
    const { group, members = [] } = await readGroupOrThrow(ctx, rawId, true);
    checkIfMatch(ifMatch, group.version);
    let current = await renameGroup(ctx, group, input.displayName, input.externalId);
    const wanted = new Set(input.members ?? []);
    const held = new Set(members);
    current = await changeMembers(ctx, current, [...wanted].filter((m) => !held.has(m)), members.filter((m) => !wanted.has(m)), Boolean(ifMatch));
    return { group: current, members: [...wanted] };
  });
}

const groupDefinition = () => scimmy().Schemas.Group.definition;

/** Operations with paths and value members spelled as declared (RFC 7643 §2.1). */
function canonicalOperations(ops: PatchOperation[]): PatchOperation[] {
  return ops.map((o) => {
    if (!o.path) return { ...o, value: canonicalResourceOrValue(o.value) };
    const { path, node } = canonicalPath(groupDefinition(), o.path);
    return { ...o, path, value: canonicalValue(node, o.value) };
  });
}

const canonicalResourceOrValue = (v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? canonicalResource(groupDefinition(), v as Record<string, unknown>) : v);

export async function patchDirectoryGroup(ctx: SyncContext, rawId: string, body: unknown, ifMatch: string | null): Promise<DirectoryGroup> {
  const ops = canonicalOperations(readPatchBody(body));
  return withRereads(ifMatch, () => patchOnce(ctx, rawId, ops, ifMatch));
}

async function patchOnce(ctx: SyncContext, rawId: string, ops: PatchOperation[], ifMatch: string | null): Promise<DirectoryGroup> {
  const needsMembers = ops.some((o) => o.op === 'replace' && (o.path?.toLowerCase() === 'members' || hasKey(o.value, 'members')) || (o.op === 'remove' && o.path?.toLowerCase() === 'members' && o.value === undefined));
  const read = await readGroupOrThrow(ctx, rawId, needsMembers);
  checkIfMatch(ifMatch, read.group.version);
  let displayName = read.group.displayName;
  let externalId = read.group.externalId;
  const members = new Set(read.members ?? []);
  const add = new Set<string>();
  const remove = new Set<string>();
  const addAll = (ids: string[]) => ids.forEach((id) => (add.add(id), remove.delete(id)));
  const removeAll = (ids: string[]) => ids.forEach((id) => (remove.add(id), add.delete(id)));

  for (const o of ops) {
    const path = o.path?.toLowerCase();
    const memberFilter = o.path?.match(/^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i);
    if (memberFilter) {
      if (o.op !== 'remove') throw badValue('Only remove may target members[value eq "…"].');
      removeAll([memberFilter[1]!]);
    } else if (path === 'members') {
      if (o.op === 'add') addAll(memberIds(o.value));
      else if (o.op === 'remove') removeAll(o.value === undefined || o.value === null ? [...members] : memberIds(o.value));
      else {
        const wanted = new Set(memberIds(o.value));
        removeAll([...members].filter((m) => !wanted.has(m)));
        addAll([...wanted]);
      }
    } else if (path === 'displayname') {
      if (o.op === 'remove' || typeof o.value !== 'string' || !o.value.trim()) throw badValue('displayName must be a non-empty string.');
      displayName = o.value.trim();
    } else if (path === 'externalid') {
      externalId = o.op === 'remove' || (o.op === 'replace' && o.value === null) ? undefined : typeof o.value === 'string' ? o.value : externalId;
    } else if (!path && o.value && typeof o.value === 'object' && o.op !== 'remove') {
      for (const [key, value] of Object.entries(o.value as Record<string, unknown>)) {
        const k = key.toLowerCase();
        // Okta sends the group's own id with a rename.
        if (k === 'id' || k === 'schemas') continue;
        if (k === 'displayname' && typeof value === 'string' && value.trim()) displayName = value.trim();
        else if (k === 'externalid') externalId = typeof value === 'string' && value ? value : undefined;
        else if (k === 'members') {
          if (o.op === 'add') addAll(memberIds(value));
          else {
            const wanted = new Set(memberIds(value));
            removeAll([...members].filter((m) => !wanted.has(m)));
            addAll([...wanted]);
          }
        } else throw badValue(`"${key.slice(0, 60)}" cannot be changed on a Group.`);
      }
    } else {
      throw new ScimError(400, `The path "${(o.path ?? '').slice(0, 80)}" is not supported on a Group.`, 'invalidPath');
    }
  }
  if (add.size + remove.size > MAX_MEMBERS_PER_REQUEST) throw badValue(`At most ${MAX_MEMBERS_PER_REQUEST} member changes per request.`);
  if (keyBytes(displayName) > KEY_TEXT_MAX_BYTES) throw badValue(`displayName is longer than ${KEY_TEXT_MAX_BYTES} bytes.`);
  if (externalId !== undefined && (typeof externalId !== 'string' || keyBytes(externalId) > KEY_TEXT_MAX_BYTES)) throw badValue(`externalId is a string of at most ${KEY_TEXT_MAX_BYTES} bytes.`);
  await assertUsers(ctx, [...add]);
  const group = await renameGroup(ctx, read.group, displayName, externalId);
  return changeMembers(ctx, group, [...add], [...remove], Boolean(ifMatch));
}

const hasKey = (v: unknown, key: string) => Boolean(v && typeof v === 'object' && Object.keys(v).some((k) => k.toLowerCase() === key));

async function renameGroup(ctx: SyncContext, g: DirectoryGroup, displayName: string, externalId: string | undefined): Promise<DirectoryGroup> {
  if (displayName === g.displayName && externalId === g.externalId) return g;
  const db = ctx.db;
  const next: DirectoryGroup = { ...g, displayName, ...(externalId ? { externalId } : { externalId: undefined }), version: g.version + 1, updatedAt: new Date().toISOString() };
  if (!externalId) delete next.externalId;
  const tx = transaction(db).add(
    { Put: { TableName: db.tableName, Item: directoryGroupItem(db.tenantId, next), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': g.version } } },
    (stored) => (stored ? versionMismatch() : notFound('Group')),
  );
  if (nameKey(displayName) !== nameKey(g.displayName)) {
    tx.add({ Delete: { TableName: db.tableName, Key: groupNameClaimKey(db.tenantId, g.displayName) } });
    tx.add({ Put: { TableName: db.tableName, Item: groupNameClaimItem(db.tenantId, displayName, g.groupId), ConditionExpression: 'attribute_not_exists(PK)' } }, () =>
      taken(`A group named "${displayName.slice(0, 100)}" already exists.`),
    );
  }
  if ((await tx.send()) === 'retry') throw busy();
  return next;
}

/**
 * Adds and removes members. Each link is written only if it is not there yet (removed only if it
 * is), each added member must be a User of this tenant still provisioned, and the group's count
 * and version move in the same transactions, so the count stays exact under concurrent requests:
 * a batch that meets a link another request just wrote is worked out again. Then the people
 * touched are placed, when a rule reads groups.
 */
async function changeMembers(ctx: SyncContext, g: DirectoryGroup, addIds: string[], removeIds: string[], pinned = false): Promise<DirectoryGroup> {
  if (addIds.length === 0 && removeIds.length === 0) return g;
  const db = ctx.db;
  for (const id of addIds) if (!ULID.test(id)) throw badValue(`"${id.slice(0, 40)}" is not the id of a User here.`);
  let group = g;
  const added = new Set<string>();
  const removed = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const existing = new Set(
      (await batchGet(db, [...addIds, ...removeIds].filter((id) => ULID.test(id)).map((u) => keys.groupMember(db.tenantId, g.groupId, u)))).map((i) => String(i.userId)),
    );
    const toAdd = addIds.filter((u) => !existing.has(u));
    const toRemove = removeIds.filter((u) => existing.has(u));
    const batches: { add: string[]; remove: string[] }[] = [];
    for (let i = 0; i < toAdd.length; i += MEMBERS_PER_TX) batches.push({ add: toAdd.slice(i, i + MEMBERS_PER_TX), remove: [] });
    for (let i = 0; i < toRemove.length; i += REMOVALS_PER_TX) batches.push({ add: [], remove: toRemove.slice(i, i + REMOVALS_PER_TX) });
    let raced = false;
    for (const b of batches) {
      if ((await memberBatch(ctx, group, b, pinned)) === 'retry') {
        raced = true;
        break;
      }
      b.add.forEach((u) => added.add(u));
      b.remove.forEach((u) => removed.add(u));
      group = { ...group, version: group.version + 1, memberCount: group.memberCount + b.add.length - b.remove.length, updatedAt: new Date().toISOString() };
    }
    if (!raced) break;
    if (attempt >= RETRY_LIMITS.redecide) throw busy();
    await backoff(attempt);
  }
  if (ctx.config.rules.groups.length > 0 || ctx.config.rules.groupNames) {
    await mapLimit([...added, ...removed], 4, (u) => placePerson(ctx, u));
  }
  return group;
}

/**
 * One transaction of member links and the group's count; 'retry' when a link changed meanwhile.
 * Pinned (the request sent If-Match), it is conditioned on the group's version as well: 412.
 */
async function memberBatch(ctx: SyncContext, g: DirectoryGroup, b: { add: string[]; remove: string[] }, pinned: boolean): Promise<'written' | 'retry'> {
  const db = ctx.db;
  const tx = transaction(db);
  for (const u of b.add) {
    tx.add(
      { ConditionCheck: { TableName: db.tableName, Key: keys.directoryUser(db.tenantId, u), ConditionExpression: '#state = :live', ExpressionAttributeNames: { '#state': 'state' }, ExpressionAttributeValues: { ':live': 'live' } } },
      () => badValue(`"${u}" is not the id of a User here.`),
    );
    const [member, link] = groupMemberItems(db.tenantId, g.groupId, u);
    tx.add({ Put: { TableName: db.tableName, Item: member, ConditionExpression: 'attribute_not_exists(PK)' } }, () => 'retry');
    tx.add({ Put: { TableName: db.tableName, Item: link } });
  }
  for (const u of b.remove) {
    tx.add({ Delete: { TableName: db.tableName, Key: keys.groupMember(db.tenantId, g.groupId, u), ConditionExpression: 'attribute_exists(PK)' } }, () => 'retry');
    tx.add({ Delete: { TableName: db.tableName, Key: keys.userGroup(db.tenantId, u, g.groupId) } });
  }
  tx.add(
    {
      Update: {
        TableName: db.tableName, Key: keys.directoryGroup(db.tenantId, g.groupId),
        UpdateExpression: 'ADD memberCount :n SET version = version + :one, updatedAt = :now',
        ConditionExpression: pinned ? 'version = :v' : 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':n': b.add.length - b.remove.length, ':one': 1, ':now': new Date().toISOString(), ...(pinned ? { ':v': g.version } : {}) },
      },
    },
    (stored) => (stored ? versionMismatch() : notFound('Group')),
  );
  return tx.send();
}

/**
 * DELETE: the links first, then the group and its name claim, conditioned on the version whose
 * members were read (a member added meanwhile moves it: the links are read again). With If-Match
 * every one of those transactions is conditioned on that version: a stale one answers 412, and
 * a change meeting a delete midway stops it (the links gone so far stay gone).
 */
export async function deleteDirectoryGroup(ctx: SyncContext, rawId: string, ifMatch: string | null = null): Promise<void> {
  const db = ctx.db;
  const touched = new Set<string>();
  for (let attempt = 1; ; attempt++) {
    const { group, members = [] } = await readGroupOrThrow(ctx, rawId, true);
    checkIfMatch(ifMatch, group.version);
    members.forEach((u) => touched.add(u));
    const stillAt = (stored: Record<string, unknown> | undefined) => (!stored ? notFound('Group') : ifMatch ? versionMismatch() : 'retry');
    const groupKey = keys.directoryGroup(db.tenantId, group.groupId);
    const links = members.flatMap((u) => [
      { Delete: { TableName: db.tableName, Key: keys.groupMember(db.tenantId, group.groupId, u) } },
      { Delete: { TableName: db.tableName, Key: keys.userGroup(db.tenantId, u, group.groupId) } },
    ]);
    for (let i = 0; i < links.length; i += 96) {
      const tx = transaction(db).add(links.slice(i, i + 96));
      if (ifMatch) tx.add({ ConditionCheck: { TableName: db.tableName, Key: groupKey, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': group.version } } }, stillAt);
      await tx.send();
    }
    const gone = await transaction(db)
      .add({ Delete: { TableName: db.tableName, Key: groupKey, ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': group.version } } }, stillAt)
      .add({ Delete: { TableName: db.tableName, Key: groupNameClaimKey(db.tenantId, group.displayName) } })
      .send();
    if (gone === 'written') break;
    if (attempt >= RETRY_LIMITS.redecide) throw busy();
    await backoff(attempt);
  }
  await countResources(db, 'groupCount', -1);
  if (ctx.config.rules.groups.length > 0 || ctx.config.rules.groupNames) await mapLimit([...touched], 4, (u) => placePerson(ctx, u));
}
