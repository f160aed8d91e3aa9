// The organization's people (app/api/v1/members, members/[userId], members/bulk, members/units):
// the people list, one person's memberships, removing someone from the organization, bulk
// changes, and the unit picker of the add and invite dialogs.
import { z } from 'zod';
import { BULK_MAX, PEOPLE_SORTS, ROLES, type BulkOutcome } from '../../members';
import type { MemberPageView } from '../../screens/member-page';
import type { MemberListInvitation, MemberListMember, MembersPageView, PersonOption } from '../../screens/members';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes, membershipRow, nextCursor, role, unitOption } from './schemas';

const tag = 'Members';
const params = z.object({ userId: field.id('user') });

const memberListMember = describes<MemberListMember>()(
  z.object({
    kind: z.literal('member'),
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    units: z.int().meta({ description: 'How many units they belong to.' }),
    unitRoles: z
      .array(z.object({ unitId: z.string(), unitName: z.string(), role }))
      .meta({ description: 'Their highest roles, named (at most 2; `units` counts all).' }),
    joinedAt: z.string().optional(),
    lastSignInAt: z.string().optional(),
  }).meta({ id: 'MemberListMember' }),
);

const memberListInvitation = describes<MemberListInvitation>()(
  z.object({
    kind: z.literal('invitation'),
    id: z.string(),
    email: z.string(),
    role,
    unitId: z.string(),
    unitName: z.string(),
    expiresAt: z.string(),
    invitedBy: z.string(),
    version: z.int(),
    canRenew: z.boolean(),
    canRevoke: z.boolean(),
  }).meta({ id: 'MemberListInvitation' }),
);

const membersPage = describes<MembersPageView>()(
  z.object({
    rows: z.array(z.discriminatedUnion('kind', [memberListMember, memberListInvitation])),
    nextCursor,
    query: z.string().meta({ description: "The search the page answers ('' for the whole list)." }),
    view: z.object({
      sort: z.enum(PEOPLE_SORTS),
      role: role.optional(),
      unit: z.object({ id: z.string(), name: z.string() }).optional(),
    }),
  }).meta({ id: 'MembersPage' }),
);

/** The answer with `forUnit`. */
const peopleToAdd = describes<{ people: PersonOption[] }>()(
  z.object({ people: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })) }).meta({ id: 'PeopleToAdd' }),
);

const memberPage = describes<MemberPageView>()(
  z.object({
    user: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
    memberships: z.array(membershipRow.extend({ parents: z.array(z.string()).meta({ description: 'Names from the top unit down to the parent.' }) })),
    hidden: z.int().meta({ description: 'Memberships the caller may not see.' }),
    canRemoveFromOrganization: z.boolean(),
    canErase: z.boolean().meta({ description: "The caller may erase this person's personal data (owners, not about themselves)." }),
    canPlace: z.boolean(),
    isSelf: z.boolean(),
  }).meta({ id: 'MemberPage' }),
);

const bulkOutcome = describes<BulkOutcome>()(
  z
    .union([
      z.object({ userId: z.string(), ok: z.literal(true) }),
      z.object({ userId: z.string(), ok: z.literal(false), code: z.string(), message: z.string() }),
    ])
    .meta({ id: 'BulkOutcome' }),
);

const userIds = z.array(field.id('user')).min(1).max(BULK_MAX);

export const members = {
  list: operation({
    method: 'get', path: '/api/v1/members', operationId: 'listMembers', tag,
    summary: 'List or search the members',
    description:
      "A page of the organization's people and pending invitations, sorted by `sort`, narrowed to a `role` or " +
      'a `unit`, or those whose name or email starts with `q`. Needs `members.list` (owners and admins).\n\n' +
      'With `forUnit`, answers instead the people matching `q` who may be added to that unit (`PeopleToAdd`): ' +
      'anyone who may add members there; a manager finds people by exact email only.',
    query: z.object({
      q: field.text(400).optional(), cursor: field.cursor.optional(), forUnit: field.id('unit').optional(),
      sort: z.enum(PEOPLE_SORTS).optional(), role: z.enum(ROLES).optional(), unit: field.id('unit').optional(),
    }),
    response: z.union([membersPage, peopleToAdd]), errors: ['notFound'],
  }),
  get: operation({
    method: 'get', path: '/api/v1/members/{userId}', operationId: 'getMember', tag,
    summary: "Get a person's memberships",
    description: "One person's units and roles: all for owners and admins, else those in units whose members the caller may read.",
    params, response: memberPage, errors: ['notFound'],
  }),
  removeFromOrganization: operation({
    method: 'delete', path: '/api/v1/members/{userId}', operationId: 'removeMemberFromOrganization', tag,
    summary: 'Remove a person from the organization',
    description: 'Removes every membership they hold. Needs `members.list` and `membership.remove` on each membership.',
    params,
    response: z.object({ removed: z.int().meta({ description: 'Memberships removed.' }) }),
    errors: ['notFound', 'conflict'],
  }),
  erase: operation({
    method: 'post', path: '/api/v1/members/{userId}/erase', operationId: 'eraseMember', tag, personOnly: true,
    summary: "Erase a person's personal data",
    description:
      'A data-subject request: removes every membership, the profile, sessions, directory records and invitations of ' +
      'the person, and rewrites the audit entries naming them to "Erased person" (the events stay). Cannot be undone. ' +
      '`confirmEmail` must be their email address. Needs `person.erase` (owners); the last owner cannot be erased. ' +
      'See docs/privacy.md.',
    params,
    body: z.strictObject({ confirmEmail: field.text(320).meta({ description: "The person's email address, typed to confirm." }) }),
    response: z.object({
      memberships: z.int().meta({ description: 'Memberships removed.' }),
      invitations: z.int().meta({ description: 'Invitations to their address deleted.' }),
      auditEntries: z.int().meta({ description: 'Audit entries rewritten.' }),
    }),
    errors: ['notFound', 'conflict'],
  }),
  bulk: operation({
    method: 'post', path: '/api/v1/members/bulk', operationId: 'bulkChangeMembers', tag,
    summary: 'Change or remove several people at once',
    description:
      'Changes the role of, or removes, up to 100 people: in a unit, or from the organization. Each person is ' +
      'authorized and written as the single-person operation does, and answered on their own (one refusal ' +
      'stops only that person). Needs `members.list`.',
    body: z.discriminatedUnion('action', [
      z.strictObject({ action: z.literal('changeRole'), unitId: field.id('unit'), role: z.enum(ROLES), userIds }),
      z.strictObject({ action: z.literal('remove'), unitId: field.id('unit'), userIds }),
      z.strictObject({ action: z.literal('removeFromOrganization'), userIds }),
    ]),
    idempotent: true,
    response: z.object({ results: z.array(bulkOutcome) }), errors: ['notFound'],
  }),
  placeableUnits: operation({
    method: 'get', path: '/api/v1/members/units', operationId: 'listPlaceableUnits', tag,
    summary: 'Find units to place people in',
    description: 'Units whose name starts with `q` where the caller may add or invite someone, with the roles they may give.',
    query: z.object({ q: field.text(400) }),
    response: z.object({ units: z.array(unitOption) }),
  }),
};
