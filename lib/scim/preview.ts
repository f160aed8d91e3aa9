// Rules before and after they are enabled (the console's Directory sync screen).
//
// Preview: what the rules would create, add, change and remove, computed with the same planner
// that places people (./place-people.ts) but without writing, from listings rather than one
// Query per person: every SCIM User (GSI2), every membership of the tenant (T7's member tree,
// GSI1), and the members of the groups the rules read (one Query per group). At 10,000 people
// that is ≈ 25 Query pages plus one per group read.
// Apply: after the rules are saved, the people are placed page by page (20 a request, the
// console drives the pages, as the CSV import does), each with the ordinary writes.
import 'server-only';
import { INDEX, keys, queryAll, type TenantDb } from '../db';
import { toMembership, type Membership } from '../members/membership-items';
import { unitLabels } from '../org';
import { mapLimit } from '../org/map-limit';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { directoryActor, readSyncSettings, rulesGuard, type DirectoryConfig, type Provider } from './directory-config';
import { toDirectoryGroup, type DirectoryGroup } from './group-item';
import { placePerson, planPerson, type PersonState, type PlannedChange, type SyncContext } from './place-people';
import type { DirectoryRules } from './rules';
import { toDirectoryUser } from './user-item';
import { badRules, rulesChanged } from './errors';

export interface PreviewPerson {
  userName: string;
  displayName: string;
  changes: { kind: PlannedChange['kind']; unit: string; role: string; from?: string; roles: string[]; fromRoles?: string[]; reason: string }[];
}

export interface DirectoryPreview {
  /** The rules' version the preview was computed against (enable sends it back). */
  version: number;
  people: number;
  peopleChanged: number;
  adds: number;
  removes: number;
  roleChanges: number;
  /** Units the rules would create, as paths of names. */
  unitsToCreate: string[];
  /** The first people with changes, for the admin to read. */
  samples: PreviewPerson[];
  problems: string[];
}

const SAMPLES = 50;

export async function listDirectoryGroups(db: TenantDb): Promise<DirectoryGroup[]> {
  const out = await db.client.send(
    new QueryCommand({ TableName: db.tableName, IndexName: INDEX.gsi2, KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi2.directoryGroups(db.tenantId) }, Limit: 500 }),
  );
  return (out.Items ?? []).map(toDirectoryGroup);
}

export async function previewDirectoryRules(db: TenantDb, input: { provider: Provider; rules: DirectoryRules }): Promise<DirectoryPreview> {
  const { config, rootUnitId } = await readSyncSettings(db);
  const draft: DirectoryConfig = { ...config, provider: input.provider, rules: input.rules };
  const ctx: SyncContext = { db, config: draft, actor: directoryActor(draft), rootUnitId, units: new Map(), createUnits: false };

  const [userItems, membershipItems, groupLinks] = await Promise.all([
    queryAll(db, { IndexName: INDEX.gsi2, KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi2.directoryUsers(db.tenantId) } }),
    queryAll(db, { IndexName: INDEX.gsi1, KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi1.memberTree(db.tenantId) } }),
    groupMembers(db, input.rules),
  ]);
  const byUser = new Map<string, Membership[]>();
  for (const m of membershipItems.map(toMembership)) byUser.set(m.userId, [...(byUser.get(m.userId) ?? []), m]);

  const preview: DirectoryPreview = { version: config.version, people: userItems.length, peopleChanged: 0, adds: 0, removes: 0, roleChanges: 0, unitsToCreate: [], samples: [], problems: [] };
  const creating = new Set<string>();
  const planned: { state: PersonState; changes: PlannedChange[] }[] = [];
  await mapLimit(userItems, 8, async (item) => {
    const user = toDirectoryUser(item);
    const state: PersonState = { user, memberships: byUser.get(user.userId) ?? [], groupIds: groupLinks.get(user.userId) ?? [] };
    const { changes, failures } = await planPerson(ctx, state);
    preview.problems.push(...failures.slice(0, 5).map((f) => `${user.userName}: ${f}`));
    if (changes.length === 0) return;
    planned.push({ state, changes });
    for (const c of changes) {
      if (c.kind === 'add') preview.adds++;
      else if (c.kind === 'remove') preview.removes++;
      else preview.roleChanges++;
      if (c.unitPath) creating.add(c.unitPath.join(' / '));
    }
  });
  preview.peopleChanged = planned.length;
  preview.unitsToCreate = [...creating].sort();
  preview.problems = preview.problems.slice(0, 20);
  planned.sort((a, b) => a.state.user!.userName.localeCompare(b.state.user!.userName));
  const shown = planned.slice(0, SAMPLES);
  const labels = await unitLabels(db, shown.flatMap((p) => p.changes.filter((c) => !c.unitPath).map((c) => c.unitId)));
  preview.samples = shown.map(({ state, changes }) => ({
    userName: state.user!.userName,
    displayName: state.user!.displayName,
    changes: changes.map((c) => ({ kind: c.kind, unit: c.unitPath ? c.unitPath.join(' / ') : (labels.get(c.unitId)?.name ?? 'a unit'), role: c.role, ...(c.from ? { from: c.from } : {}), roles: c.roles, ...(c.fromRoles ? { fromRoles: c.fromRoles } : {}), reason: c.reason })),
  }));
  return preview;
}

/** userId → ids of the groups the rules read (mapped groups, or every group for groupNames). */
async function groupMembers(db: TenantDb, rules: DirectoryRules): Promise<Map<string, string[]>> {
  const ids = rules.groupNames ? (await queryAll(db, { IndexName: INDEX.gsi2, KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi2.directoryGroups(db.tenantId) } })).map((i) => String(i.groupId)) : [...new Set(rules.groups.map((g) => g.groupId))];
  const out = new Map<string, string[]>();
  await mapLimit(ids, 8, async (groupId) => {
    const items = await queryAll(db, { KeyConditionExpression: 'PK = :pk AND begins_with(SK, :m)', ExpressionAttributeValues: { ':pk': keys.groupPartition(db.tenantId, groupId), ':m': keys.groupMemberPrefix } });
    for (const i of items) out.set(String(i.userId), [...(out.get(String(i.userId)) ?? []), groupId]);
  });
  return out;
}

export interface ApplyProgress {
  processed: number;
  changed: number;
  nextCursor?: string;
}

const APPLY_PAGE = 20;

/** Places one page of people by the saved rules (version as previewed); the console calls it until no cursor is left. */
export async function applyDirectoryRules(db: TenantDb, input: { expectedVersion: number; cursor?: string }): Promise<ApplyProgress> {
  const { config, rootUnitId } = await readSyncSettings(db);
  if (config.version !== input.expectedVersion) throw rulesChanged();
  const ctx: SyncContext = { db: { ...db, guards: rulesGuard(db, config) }, config, actor: directoryActor(config), rootUnitId, units: new Map(), createUnits: true };
  let start: Record<string, unknown> | undefined;
  if (input.cursor) {
    try {
      start = JSON.parse(Buffer.from(input.cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      throw badRules('The apply cursor is damaged; start again.');
    }
    if (start?.GSI2PK !== keys.gsi2.directoryUsers(db.tenantId)) throw badRules('The apply cursor is damaged; start again.');
  }
  const out = await db.client.send(
    new QueryCommand({ TableName: db.tableName, IndexName: INDEX.gsi2, KeyConditionExpression: 'GSI2PK = :pk', ExpressionAttributeValues: { ':pk': keys.gsi2.directoryUsers(db.tenantId) }, ExclusiveStartKey: start, Limit: APPLY_PAGE }),
  );
  const users = (out.Items ?? []).map(toDirectoryUser);
  const changed = await mapLimit(users, 4, (u) => placePerson(ctx, u.userId));
  const last = out.LastEvaluatedKey;
  return { processed: users.length, changed: changed.filter((c) => c.length > 0).length, ...(last ? { nextCursor: Buffer.from(JSON.stringify(last)).toString('base64url') } : {}) };
}
