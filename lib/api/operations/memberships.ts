// A unit's members (app/api/v1/members/units/[unitId]/**): list them, add someone already in the
// organization, change a member's role, remove a member from the unit; set the custom roles a
// member holds on the unit (app/api/v1/units/[unitId]/members/[userId]/roles).
import { z } from 'zod';
import { KEY_MAX_LENGTH, ROLE_LIMITS } from '../../authz';
import { ROLES } from '../../members';
import type { UnitMembersPage } from '../../screens/unit-members';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes, membershipRow, nextCursor } from './schemas';

const tag = 'Memberships';
const params = z.object({ unitId: field.id('unit') });
const memberParams = z.object({ unitId: field.id('unit'), userId: field.id('user') });

/**
 * Custom role keys sent with a membership: more than a tenant can define is refused here; past
 * the per-membership limit, the domain answers `roles.limit`.
 */
const customRoles = z
  .array(z.string('must be a role key').max(KEY_MAX_LENGTH, `must be at most ${KEY_MAX_LENGTH} characters`))
  .max(ROLE_LIMITS.rolesPerTenant, `must list at most ${ROLE_LIMITS.rolesPerTenant} roles`)
  .meta({ description: `Custom role keys (\`GET /api/v1/roles\`) held beside the built-in \`role\`, each once, at most ${ROLE_LIMITS.rolesPerMembership}.` });

const unitMembersPage = describes<UnitMembersPage>()(
  z.object({ scope: z.enum(['direct', 'subtree']), rows: z.array(membershipRow), nextCursor }).meta({ id: 'UnitMembersPage' }),
);

export const memberships = {
  list: operation({
    method: 'get', path: '/api/v1/members/units/{unitId}', operationId: 'listUnitMembers', tag,
    summary: "List a unit's members",
    description:
      "A page of the unit's members: held on the unit itself (`scope=direct`, the default) or anywhere below " +
      'it (`subtree`). Needs `members.read` on the unit.',
    params, query: z.object({ scope: z.enum(['direct', 'subtree']).optional(), cursor: field.cursor.optional() }),
    response: unitMembersPage, errors: ['notFound'],
  }),
  add: operation({
    method: 'post', path: '/api/v1/members/units/{unitId}', operationId: 'addUnitMember', tag,
    summary: 'Add a member to a unit',
    description:
      'Adds someone already in the organization with `role`, and with `roles` (custom roles) beside it. Needs `membership.add` ' +
      'for that role on the unit, and `role.assign` for each custom role (400 `roles.unknownRole`, `roles.limit`).',
    params, body: z.strictObject({ userId: field.id('user'), role: z.enum(ROLES), roles: customRoles.optional() }),
    status: 201, idempotent: true, response: membershipRow, errors: ['notFound', 'conflict'],
  }),
  changeRole: operation({
    method: 'patch', path: '/api/v1/members/units/{unitId}/{userId}', operationId: 'changeMemberRole', tag,
    summary: "Change a member's role",
    description:
      'Needs `membership.changeRole` from the current role to the new one. Conditioned on `expectedVersion` ' +
      "(409 `membership.versionConflict`); the organization's last owner keeps their role (409 `membership.lastOwner`).",
    params: memberParams, body: z.strictObject({ role: z.enum(ROLES), expectedVersion: field.version }),
    response: membershipRow, errors: ['notFound', 'conflict'],
  }),
  remove: operation({
    method: 'delete', path: '/api/v1/members/units/{unitId}/{userId}', operationId: 'removeUnitMember', tag,
    summary: 'Remove a member from a unit',
    description: 'Needs `membership.remove`, and `role.assign` for each custom role the membership holds (removing it takes them away). ' +
      'Conditioned on `expectedVersion` (409 `membership.versionConflict`).',
    params: memberParams, body: z.strictObject({ expectedVersion: field.version }),
    errors: ['notFound', 'conflict'],
  }),
  setRoles: operation({
    method: 'put', path: '/api/v1/units/{unitId}/members/{userId}/roles', operationId: 'setMemberRoles', tag,
    summary: 'Set the custom roles a member holds on a unit',
    description:
      'Replaces the custom roles the membership holds beside its built-in role (an empty list: none). Needs `role.assign` ' +
      'on the unit for each role added or taken away: only roles whose every permission the caller holds over the role’s reach. ' +
      'Each key must be a role of the organization, listed once, at most ' + ROLE_LIMITS.rolesPerMembership + ' ' +
      '(400 `roles.unknownRole`, `roles.duplicateRole`, `roles.limit`). Conditioned on `expectedVersion` (409 `membership.versionConflict`).',
    params: memberParams, body: z.strictObject({ roles: customRoles, expectedVersion: field.version }),
    response: membershipRow, errors: ['notFound', 'conflict'],
  }),
};
