// Who holds a custom role, and where (app/api/v1/roles/[roleKey]/holders): a page of the
// memberships carrying it, in tree order.
import { z } from 'zod';
import { KEY_MAX_LENGTH, ROLE_KEY_PATTERN } from '../../authz';
import { ROLE_HOLDERS_PAGE, type RoleHoldersPage } from '../../members';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes, nextCursor, role } from './schemas';

const roleKey = z
  .string()
  .max(KEY_MAX_LENGTH, `must be at most ${KEY_MAX_LENGTH} characters`)
  .regex(ROLE_KEY_PATTERN, 'is not a role key')
  .meta({ description: 'The custom role’s key.' });

const holdersPage = describes<RoleHoldersPage>()(
  z.object({
    items: z.array(
      z.object({
        userId: z.string(),
        name: z.string(),
        email: z.string(),
        unitId: z.string(),
        unitName: z.string(),
        unitPath: z.string().meta({ description: 'The ids from the top unit down to the unit: `/<root>/…/<id>/`.' }),
        role,
        roles: z.array(z.string()).meta({ description: 'Every custom role held on the unit, the one asked for among them.' }),
      }).meta({ id: 'RoleHolder' }),
    ),
    nextCursor,
  }).meta({ id: 'RoleHoldersPage' }),
);

/** The `roles` area's holders operation (its other operations: ./roles.ts, lib/roles). */
export const roles = {
  holders: operation({
    method: 'get', path: '/api/v1/roles/{roleKey}/holders', operationId: 'listRoleHolders', tag: 'Roles',
    summary: 'List who holds a custom role, and where',
    description:
      'A page of the memberships holding the role, in tree order (unit path, then person), each with the built-in role ' +
      'and every custom role held there. A page may come back short with `nextCursor` set: follow it. Needs `members.list` ' +
      '(owners and admins). An unknown key answers 400 `roles.unknownRole`.',
    params: z.object({ roleKey }),
    query: z.object({
      cursor: field.cursor.optional(),
      limit: z
        .string()
        .regex(/^[1-9][0-9]{0,3}$/, 'must be a whole number from 1')
        .transform(Number)
        .pipe(z.int().max(ROLE_HOLDERS_PAGE.max, `must be at most ${ROLE_HOLDERS_PAGE.max}`))
        .optional()
        .meta({ description: `Rows per page, at most ${ROLE_HOLDERS_PAGE.max} (default ${ROLE_HOLDERS_PAGE.default}).` }),
    }),
    response: holdersPage,
  }),
};
