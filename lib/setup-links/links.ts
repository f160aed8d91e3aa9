// Setup links: what an owner or admin sends the customer's IT admin, who has no Arbor account,
// to set up sign-in (the SSO connection, domains, directory sync) and nothing else.
//
// A link is `<app>/setup/arbor_setup_<43 base64url characters>` (256 random bits), shown once.
// Arbor keeps only its SHA-256, in two items, with the lifecycle every bearer credential shares
// (lib/bearer-credentials):
// - P5, platform: `TOKEN#<hash>` / `TOKEN` (kind `setup`) → tenant, link id, label, expiry (also
//   its TTL), and once opened the hash of the one browser session it belongs to;
// - tenant: `T#<t>#SETUP` / `LINK#<linkId>` → label, creator, expiry, when it was opened, when
//   revoked, version: the settings list, and the fact every write through the link is
//   conditioned on (a revocation changes its version).
import 'server-only';
import { ulid } from 'ulid';
import { z } from 'zod';
import { auditEntryPut } from '../audit';
import { issueSecret, putAccessToken, revokeAccessToken } from '../bearer-credentials';
import { actorIdentity, confirmDecision, getItem, itemParser, keys, queryAll, storedActor, TTL_ATTRIBUTE, transaction, type AuditActor, type PlatformDb, type TenantDb } from '../db';
import { config } from '../config';
import { validateLabel } from '../validation';
import { badSetupLinkLabel, badSetupLinkLifetime, setupLinkNotFound, tooManySetupLinks } from './errors';

export const SETUP_TOKEN_PREFIX = 'arbor_setup_';
export const MAX_SETUP_LINK_DAYS = 7;
const MAX_OPEN_LINKS = 5;
/** The tenant-side entry outlives its expiry a little, so the list can say "expired". */
const LISTED_AFTER_EXPIRY_SECONDS = 7 * 86_400;


export interface SetupLink {
  linkId: string;
  label: string;
  createdAt: string;
  createdBy: AuditActor;
  /** When the link stops working (its platform item's TTL too). */
  validUntil: string;
  openedAt?: string;
  revokedAt?: string;
  version: number;
}

export type SetupLinkStatus = 'waiting' | 'opened' | 'expired' | 'revoked';

export const setupLinkStatus = (l: SetupLink, now = Date.now()): SetupLinkStatus =>
  l.revokedAt ? 'revoked' : Date.parse(l.validUntil) <= now ? 'expired' : l.openedAt ? 'opened' : 'waiting';

const parseLink = itemParser('setupLink', z.object({
  linkId: z.string(), label: z.string(), createdAt: z.string(), createdBy: storedActor, validUntil: z.string(),
  openedAt: z.string().optional(), revokedAt: z.string().optional(), version: z.number(), tokenHash: z.string(),
}));

export async function listSetupLinks(db: TenantDb): Promise<SetupLink[]> {
  const items = await queryAll(db, { KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.setupLinkPartition(db.tenantId) }, ConsistentRead: true });
  return items.map(parseLink).map(({ tokenHash: _hash, ...link }) => link).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Creates a link; its URL (with the secret) is in this answer and nowhere else. */
export async function createSetupLink(db: TenantDb, platform: PlatformDb, actor: AuditActor, input: { label: unknown; days?: number }): Promise<{ url: string; link: SetupLink }> {
  const label = validateLabel(input.label, badSetupLinkLabel);
  const days = input.days ?? 3;
  if (!Number.isInteger(days) || days < 1 || days > MAX_SETUP_LINK_DAYS) throw badSetupLinkLifetime(MAX_SETUP_LINK_DAYS);
  const open = (await listSetupLinks(db)).filter((l) => setupLinkStatus(l) === 'waiting' || setupLinkStatus(l) === 'opened');
  if (open.length >= MAX_OPEN_LINKS) throw tooManySetupLinks(MAX_OPEN_LINKS);

  const { secret: token, tokenHash } = issueSecret(SETUP_TOKEN_PREFIX);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + days * 86_400_000);
  const link: SetupLink = { linkId: ulid(), label, createdAt: now.toISOString(), createdBy: actorIdentity(actor), validUntil: expiresAt.toISOString(), version: 1 };
  // Listed (in the transaction bound to the decision) before its secret works: a link that works is
  // always one the owners can see and revoke.
  await transaction(db)
    .add({ Put: { TableName: db.tableName, Item: { ...keys.setupLink(db.tenantId, link.linkId), type: 'setupLink', ...link, tokenHash, [TTL_ATTRIBUTE]: Math.floor(expiresAt.getTime() / 1000) + LISTED_AFTER_EXPIRY_SECONDS } } })
    .add(auditEntryPut(db, { actor, action: 'setupLink.create', target: { type: 'tenant', id: db.tenantId, label }, after: { label, validUntil: link.validUntil } }))
    .send();
  await putAccessToken(platform, tokenHash, {
    kind: 'setup', tenantId: db.tenantId, linkId: link.linkId, label, createdAt: link.createdAt, linkExpiresAt: link.validUntil, expiresAt,
  });
  return { url: `${config().ARBOR_APP_URL.replace(/\/+$/, '')}/setup/${token}`, link };
}

/** Revokes a link: its platform item goes (the link and any session from it stop at once). */
export async function revokeSetupLink(db: TenantDb, platform: PlatformDb, actor: AuditActor, linkId: string): Promise<void> {
  const item = await getItem(db, keys.setupLink(db.tenantId, linkId));
  if (!item || item.revokedAt) throw setupLinkNotFound();
  const link = parseLink(item);
  await confirmDecision(db);
  await revokeAccessToken(platform, link.tokenHash);
  const now = new Date().toISOString();
  await transaction(db)
    .add({
      Update: {
        TableName: db.tableName, Key: keys.setupLink(db.tenantId, linkId),
        UpdateExpression: 'SET revokedAt = :now, version = version + :one', ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':now': now, ':one': 1, ':v': link.version },
      },
    }, () => setupLinkNotFound())
    .add(auditEntryPut(db, { actor, action: 'setupLink.revoke', target: { type: 'tenant', id: db.tenantId, label: link.label }, after: { label: link.label } }))
    .send();
}
