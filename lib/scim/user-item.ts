// The SCIM User item (`T#<t>#USER#<user>` / `SCIM`, type `directoryUser`) and the claim that keeps
// userNames unique in a tenant. It sits in the person's own partition beside their memberships,
// sessions and group links (`G#<group>`), so one Query reads everything a SCIM request or the
// actor's resolution (T8) needs about them.
//
// Indexes: GSI2 `T#<t>#SCIMUSERS` / lower-cased userName (the listing order, `userName eq|sw`);
// GSI1 `T#<t>#SCIMEMAILS` / `<email> <userId>` (`emails.value eq`); GSI3 `T#<t>#SCIMEXT#user` /
// externalId (`externalId eq`; sparse).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { itemParser, keys, sortKeys, type Key } from '../db';
import type { DirectoryUser } from './user-resource';

export const nameKey = (text: string) => text.normalize('NFKC').toLowerCase();
const nameHash = (text: string) => createHash('sha256').update(nameKey(text)).digest('base64url');

export const userNameClaimKey = (tenantId: string, userName: string): Key => keys.directoryNameClaim(tenantId, 'user', nameHash(userName));
export const groupNameClaimKey = (tenantId: string, displayName: string): Key => keys.directoryNameClaim(tenantId, 'group', nameHash(displayName));

export function directoryUserItem(tenantId: string, u: DirectoryUser): Record<string, unknown> {
  return {
    ...keys.directoryUser(tenantId, u.userId),
    type: 'directoryUser',
    tenantId,
    userId: u.userId,
    userName: u.userName,
    userNameKey: nameKey(u.userName),
    ...(u.externalId ? { externalId: u.externalId, GSI3PK: keys.gsi3.directoryExternalIds(tenantId, 'user'), GSI3SK: u.externalId } : {}),
    active: u.active,
    // `deleting` from the first step of a delete (./delete-user.ts): writes about the person check it.
    state: u.deleting ? 'deleting' : 'live',
    email: u.email,
    emails: u.emails,
    emailsText: u.emails.join(' '),
    displayName: u.displayName,
    displayNameKey: nameKey(u.displayName),
    ...(u.department ? { department: u.department } : {}),
    ...(u.managerId ? { managerId: u.managerId } : {}),
    resource: u.resource,
    version: u.version,
    createdAt: u.createdAt,
    updatedAt: u.updatedAt,
    GSI2PK: keys.gsi2.directoryUsers(tenantId),
    GSI2SK: nameKey(u.userName),
    GSI1PK: keys.gsi1.directoryEmails(tenantId),
    GSI1SK: sortKeys.directoryEmail(u.email, u.userId),
  };
}

const parseUser = itemParser(
  'directoryUser',
  z.object({
    userId: z.string(), userName: z.string(), externalId: z.string().optional(), active: z.boolean(), email: z.string(),
    emails: z.array(z.string()), displayName: z.string(), department: z.string().optional(), managerId: z.string().optional(),
    resource: z.record(z.string(), z.unknown()), version: z.number(), createdAt: z.string(), updatedAt: z.string(),
    state: z.enum(['live', 'deleting']),
  }),
);

export function toDirectoryUser(item: Record<string, unknown>): DirectoryUser {
  const { state, ...u } = parseUser(item);
  return { ...u, ...(state === 'deleting' ? { deleting: true as const } : {}) };
}

export function userNameClaimItem(tenantId: string, userName: string, userId: string) {
  return { ...userNameClaimKey(tenantId, userName), type: 'directoryNameClaim', tenantId, kind: 'user', ownerId: userId };
}

export function groupNameClaimItem(tenantId: string, displayName: string, groupId: string) {
  return { ...groupNameClaimKey(tenantId, displayName), type: 'directoryNameClaim', tenantId, kind: 'group', ownerId: groupId };
}


