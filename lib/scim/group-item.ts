// The SCIM Group item (`T#<t>#SGROUP#<group>` / `GROUP`, type `directoryGroup`), its members
// beside it (`M#<user>`, type `groupMember`) and the person-side link (`T#<t>#USER#<user>` /
// `G#<group>`, type `userGroup`), written together. Links hold ids only, so a group rename
// touches one item. Indexes: GSI2 `T#<t>#SCIMGROUPS` / lower-cased displayName (listing order,
// `displayName eq|sw`; unique through a claim, as Entra matches groups by name); GSI3
// `T#<t>#SCIMEXT#group` / externalId.
import { z } from 'zod';
import { itemParser, keys } from '../db';
import { nameKey } from './user-item';

export interface DirectoryGroup {
  groupId: string;
  displayName: string;
  externalId?: string;
  memberCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export function directoryGroupItem(tenantId: string, g: DirectoryGroup): Record<string, unknown> {
  return {
    ...keys.directoryGroup(tenantId, g.groupId),
    type: 'directoryGroup',
    tenantId,
    groupId: g.groupId,
    displayName: g.displayName,
    displayNameKey: nameKey(g.displayName),
    ...(g.externalId ? { externalId: g.externalId, GSI3PK: keys.gsi3.directoryExternalIds(tenantId, 'group'), GSI3SK: g.externalId } : {}),
    memberCount: g.memberCount,
    version: g.version,
    createdAt: g.createdAt,
    updatedAt: g.updatedAt,
    GSI2PK: keys.gsi2.directoryGroups(tenantId),
    GSI2SK: nameKey(g.displayName),
  };
}

const parseGroup = itemParser(
  'directoryGroup',
  z.object({ groupId: z.string(), displayName: z.string(), externalId: z.string().optional(), memberCount: z.number().optional(), version: z.number(), createdAt: z.string(), updatedAt: z.string() }),
);

export function toDirectoryGroup(item: Record<string, unknown>): DirectoryGroup {
  const g = parseGroup(item);
  return { ...g, memberCount: Math.max(0, g.memberCount ?? 0) };
}

export const groupMemberItems = (tenantId: string, groupId: string, userId: string) => [
  { ...keys.groupMember(tenantId, groupId, userId), type: 'groupMember', tenantId, groupId, userId },
  { ...keys.userGroup(tenantId, userId, groupId), type: 'userGroup', tenantId, groupId, userId },
];
