// The directory's settings item (`T#<t>#DIRECTORY` / `CONFIG`): which IdP it is, the
// rules that place people in the tree (./rules.ts), the resource counts a ListResponse's
// totalResults needs, and the status the console shows (last sync, recent errors).
//
// Every SCIM request reads it once (one GetItem). Its `version` changes only when an admin saves
// rules, and every write a SCIM request makes is conditioned on the version it read (a
// `WriteFact`, lib/db/write-guards), so no change is placed by rules that were replaced meanwhile.
// lastSyncAt and the counts are bookkeeping: plain updates, no version bump.
import 'server-only';
import { log } from '../observability';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import { z } from 'zod';
import { auditEntryPut } from '../audit';
import { batchGet, itemParser, keys, putItem, transaction, TTL_ATTRIBUTE, updateItem, withoutGuards, type AuditActor, type TenantDb, type WriteGuards } from '../db';
import { toTenantSettings } from '../tenants';
import { tenantNotFound } from '../tenancy/errors';
import { rulesChanged } from './errors';
import { EMPTY_RULES, storedRules, type DirectoryRules } from './rules';

export const PROVIDERS = { entra: 'Entra ID', okta: 'Okta', other: 'SCIM' } as const;
export type Provider = keyof typeof PROVIDERS;

export interface DirectoryConfig {
  provider: Provider;
  rules: DirectoryRules;
  /** 0 while nothing was ever saved. */
  version: number;
  lastSyncAt?: string;
  userCount: number;
  groupCount: number;
}

const parseConfig = itemParser(
  'directoryConfig',
  z.object({
    // The counts may be written before anyone saves rules: the rest is then absent.
    provider: z.enum(['entra', 'okta', 'other']).optional(),
    rules: storedRules.optional(),
    version: z.number().optional(),
    lastSyncAt: z.string().optional(),
    userCount: z.number().optional(),
    groupCount: z.number().optional(),
  }),
);

export async function getDirectoryConfig(db: TenantDb): Promise<DirectoryConfig> {
  const out = await db.client.send(new GetCommand({ TableName: db.tableName, Key: keys.directoryConfig(db.tenantId), ConsistentRead: true }));
  return toDirectoryConfig(out.Item);
}

/** The settings item as read (absent: nothing saved or counted yet). */
function toDirectoryConfig(item: Record<string, unknown> | undefined): DirectoryConfig {
  if (!item) return { provider: 'other', rules: EMPTY_RULES, version: 0, userCount: 0, groupCount: 0 };
  const c = parseConfig(item);
  return {
    provider: c.provider ?? 'other', rules: c.rules ?? EMPTY_RULES, version: c.version ?? 0, ...(c.lastSyncAt ? { lastSyncAt: c.lastSyncAt } : {}),
    userCount: Math.max(0, c.userCount ?? 0), groupCount: Math.max(0, c.groupCount ?? 0),
  };
}

/**
 * What every SCIM request starts from, in one strongly consistent BatchGetItem: the directory's
 * settings and the tenant's (for its root unit, every person's home).
 */
export async function readSyncSettings(db: TenantDb): Promise<{ config: DirectoryConfig; rootUnitId: string }> {
  const items = await batchGet(db, [keys.directoryConfig(db.tenantId), keys.tenantSettings(db.tenantId)]);
  const tenant = items.find((i) => i.SK === 'TENANT');
  if (!tenant) throw tenantNotFound();
  const stored = items.find((i) => i.SK === 'CONFIG');
  // The first request of a directory stores version 0, so its writes can be conditioned on it.
  if (!stored) {
    // Stored before anything is decided on it; another request storing it first is the same.
    await putItem(withoutGuards(db), {
      Item: { ...keys.directoryConfig(db.tenantId), type: 'directoryConfig', tenantId: db.tenantId, version: 0, userCount: 0, groupCount: 0 },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
  }
  return { config: toDirectoryConfig(stored), rootUnitId: toTenantSettings(tenant).rootUnitId };
}

/** Who the audit trail names for the directory's changes: "Directory sync (Entra ID)". */
export const directoryActor = (config: Pick<DirectoryConfig, 'provider'>): AuditActor => ({
  userId: 'directory',
  email: 'directory@arbor',
  name: `Directory sync (${PROVIDERS[config.provider]})`,
});

/**
 * The rules a request decided with, as a condition of each of its writes, beside the facts the
 * request's own entry point bound (an admin's granting membership, when an admin applies rules).
 */
export function rulesGuard(db: TenantDb, config: DirectoryConfig): WriteGuards {
  const key = keys.directoryConfig(db.tenantId);
  // Version 0 (never saved) is stored too (readSyncSettings), so it is held like any other.
  const facts = [{ key, expect: { version: config.version }, changed: 'grant' as const }];
  const outer = db.guards;
  return {
    facts: () => [...(outer?.facts() ?? []), ...facts],
    sent: () => outer?.sent(),
  };
}

/** Saves provider and rules, conditioned on the version the admin previewed. */
export async function saveDirectoryConfig(db: TenantDb, actor: AuditActor, input: { provider: Provider; rules: DirectoryRules; expectedVersion: number }): Promise<DirectoryConfig> {
  const current = await getDirectoryConfig(db);
  if (current.version !== input.expectedVersion) throw rulesChanged();
  const version = current.version + 1;
  const now = new Date().toISOString();
  await transaction(db)
    .add(
      {
        Update: {
          TableName: db.tableName,
          Key: keys.directoryConfig(db.tenantId),
          UpdateExpression: 'SET #type = :type, tenantId = :t, #provider = :p, #rules = :r, #version = :v, updatedAt = :now',
          ConditionExpression: input.expectedVersion === 0 ? 'attribute_not_exists(#version) OR #version = :read' : '#version = :read',
          ExpressionAttributeNames: { '#type': 'type', '#provider': 'provider', '#rules': 'rules', '#version': 'version' },
          ExpressionAttributeValues: {
            ':type': 'directoryConfig', ':t': db.tenantId, ':p': input.provider, ':r': input.rules, ':v': version, ':now': now,
            ':read': input.expectedVersion,
          },
        },
      },
      () => rulesChanged(),
    )
    .add(auditEntryPut(db, { actor, action: 'directory.rulesUpdate', target: { type: 'directory', id: 'rules', label: PROVIDERS[input.provider] }, before: { rules: current.rules }, after: { provider: input.provider, rules: input.rules } }))
    .send();
  return { ...current, provider: input.provider, rules: input.rules, version };
}

/**
 * Counts for totalResults, moved after each committed create or delete: bookkeeping of a change
 * already made under the request's facts, so it does not carry them again.
 */
export async function countResources(db: TenantDb, field: 'userCount' | 'groupCount', by: number): Promise<void> {
  await updateItem(withoutGuards(db), {
    Key: keys.directoryConfig(db.tenantId), UpdateExpression: 'SET #type = :type, tenantId = :t ADD #f :by',
    ExpressionAttributeNames: { '#f': field, '#type': 'type' }, ExpressionAttributeValues: { ':by': by, ':type': 'directoryConfig', ':t': db.tenantId },
  });
}

/** Records that the IdP synced, at most once a minute (the console shows it to the minute). Bookkeeping. */
export async function noteSync(db: TenantDb, config: DirectoryConfig): Promise<void> {
  if (config.lastSyncAt && Date.now() - Date.parse(config.lastSyncAt) < 60_000) return;
  await updateItem(withoutGuards(db), { Key: keys.directoryConfig(db.tenantId), UpdateExpression: 'SET lastSyncAt = :now', ExpressionAttributeValues: { ':now': new Date().toISOString() } })
    .catch(() => undefined);
}

// ---- recent errors (the status panel) ----

const ERROR_DAYS = 30;
const errorUlid = monotonicFactory();

export interface DirectoryErrorEntry {
  at: string;
  /** What the IdP asked: `PATCH /Users/<id>`, or the placement that failed. */
  request: string;
  status: number;
  detail: string;
}

const parseError = itemParser('directoryError', z.object({ at: z.string(), request: z.string(), status: z.number(), detail: z.string() }));

export async function recordDirectoryError(db: TenantDb, entry: Omit<DirectoryErrorEntry, 'at'>): Promise<void> {
  const now = new Date();
  // The record of a refusal: no decision stands behind it.
  await putItem(withoutGuards(db), {
    Item: {
      ...keys.directoryError(db.tenantId, errorUlid(now.getTime())), type: 'directoryError', tenantId: db.tenantId,
      at: now.toISOString(), request: entry.request.slice(0, 200), status: entry.status, detail: entry.detail.slice(0, 500),
      [TTL_ATTRIBUTE]: Math.floor(now.getTime() / 1000) + ERROR_DAYS * 86_400,
    },
  }).catch((e) => log.error({ err: e }, 'scim: could not record a directory error'));
}

/** The newest errors: one Query, newest first. */
export async function listDirectoryErrors(db: TenantDb, limit = 20): Promise<DirectoryErrorEntry[]> {
  const out = await db.client.send(
    new QueryCommand({
      TableName: db.tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      FilterExpression: 'attribute_not_exists(#ttl) OR #ttl > :now',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':pk': keys.directoryPartition(db.tenantId), ':sk': keys.directoryErrorPrefix, ':now': Math.floor(Date.now() / 1000) },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(parseError);
}
