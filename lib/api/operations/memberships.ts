// A unit's members (app/api/v1/members/units/[unitId]/**): list them, add someone already in the
// organization, change a member's role, remove a member from the unit.
import { z } from 'zod';
import { ROLES } from '../../members';
import type { UnitMembersPage } from '../../screens/unit-members';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes, membershipRow, nextCursor } from './schemas';

const tag = 'Memberships';
const params = z.object({ unitId: field.id('unit') });
const memberParams = z.object({ unitId: field.id('unit'), userId: field.id('user') });

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
    description: 'Adds someone already in the organization with `role`. Needs `membership.add` for that role on the unit.',
    params, body: z.strictObject({ userId: field.id('user'), role: z.enum(ROLES) }),
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
    description: 'Needs `membership.remove`. Conditioned on `expectedVersion` (409 `membership.versionConflict`).',
    params: memberParams, body: z.strictObject({ expectedVersion: field.version }),
    errors: ['notFound', 'conflict'],
  }),
};
