// The organization's roles and permissions (app/api/v1/roles/**, app/api/v1/permissions/**;
// docs/roles.md): list and read them (any member), define, change, preview and delete them
// (`roles.manage`: owners and admins, holding every permission of the role everywhere).
import { z } from 'zod';
import { ARBOR_PERMISSIONS, KEY_MAX_LENGTH, REACHES, ROLE_KEY_PATTERN, ROLE_LIMITS, ROLES, type ArborPermission, type CustomRole, type TenantPermission } from '../../authz';
import type { CatalogueView, RoleChangePreview } from '../../roles';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes } from './schemas';

const tag = 'Roles';
const keyText = `2–${KEY_MAX_LENGTH} characters: lower-case letters and digits, words joined by \`.\`, \`-\` or \`_\`, starting with a letter.`;
const key = (what: string) => z.string(`must be a ${what} key`).max(KEY_MAX_LENGTH, `is not a ${what} key`).regex(ROLE_KEY_PATTERN, `is not a ${what} key`);
const roleParams = z.object({ roleKey: key('role') });
const permissionParams = z.object({ permissionKey: key('permission') });
const reach = z.enum(REACHES).meta({
  id: 'Reach',
  description: "Where a role's power reaches from the unit it is held on: `subtree` that unit and everything below it, `unit` the unit only, `below` only the units below it.",
});
// Up to four times the limit, so a list past the limit is answered with the limit named (400 `roles.limit`).
const permissionList = z.array(z.string().max(KEY_MAX_LENGTH * 2)).max(ROLE_LIMITS.permissionsPerRole * 4);
const description = field.text(ROLE_LIMITS.descriptionLength * 4).meta({ description: `At most ${ROLE_LIMITS.descriptionLength} characters; line breaks allowed.` });

const customRole = describes<CustomRole>()(
  z.object({
    key: z.string().meta({ description: 'Stable; what other systems and `roles` on memberships name it by.' }),
    name: z.string(),
    description: z.string(),
    permissions: z.array(z.string()).meta({ description: "Arbor's permissions and the organization's own, each once." }),
    reach,
    version: z.int().meta({ description: 'Send back as `expectedVersion` with a change or deletion.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  }).meta({ id: 'CustomRole' }),
);

const tenantPermission = describes<TenantPermission>()(
  z.object({ key: z.string(), description: z.string(), createdAt: z.string() }).meta({ id: 'TenantPermission' }),
);

const catalogue = describes<CatalogueView>()(
  z.object({
    builtIn: z.array(z.object({ key: z.enum(ROLES), name: z.string(), description: z.string() })).meta({ description: 'Owner, admin, manager and member: read-only.' }),
    roles: z.array(customRole),
    permissions: z.array(tenantPermission).meta({ description: "The organization's own permissions." }),
    arborPermissions: z.array(z.object({
      key: z.enum(Object.keys(ARBOR_PERMISSIONS) as [ArborPermission, ...ArborPermission[]]).meta({ id: 'ArborPermission' }),
      area: z.string(),
      label: z.string(),
    })).meta({ description: "Arbor's own permissions a role may hold, with the area the console groups them under." }),
    version: z.int().meta({ description: 'The catalogue version: bumped by every change.' }),
    limits: z.object({
      rolesPerTenant: z.int(),
      permissionsPerTenant: z.int(),
      permissionsPerRole: z.int(),
      rolesPerMembership: z.int(),
      nameLength: z.int(),
      descriptionLength: z.int(),
      catalogueBytes: z.int().meta({ description: 'The roles and permissions together, as stored (UTF-8 JSON bytes).' }),
    }).meta({ id: 'RoleLimits' }),
  }).meta({ id: 'RoleCatalogue' }),
);

const preview = describes<RoleChangePreview>()(
  z.object({
    holders: z.int().meta({ description: 'Memberships holding the role (read up to 1,000).' }),
    changes: z.array(z.object({
      userId: z.string(), name: z.string(), email: z.string(), unitId: z.string(), unitName: z.string(),
      gains: z.array(z.string()).meta({ description: 'Permissions the holder would hold somewhere they do not now.' }),
      loses: z.array(z.string()).meta({ description: 'Permissions the holder would no longer hold somewhere they do now.' }),
      reachBefore: reach, reachAfter: reach,
    })).meta({ description: 'Holders whose access changes; owners, admins and holders whose other roles give the same see none.' }),
    truncated: z.boolean().meta({ description: 'More than 1,000 memberships hold the role: the rest were not read.' }),
  }).meta({ id: 'RoleChangePreview' }),
);

export const roles = {
  list: operation({
    method: 'get', path: '/api/v1/roles', operationId: 'listRoles', tag,
    summary: "List the organization's roles and permissions",
    description: 'The built-in roles, the custom roles, the organization\'s permissions, Arbor\'s permissions and the limits. Any member.',
    response: catalogue,
  }),
  create: operation({
    method: 'post', path: '/api/v1/roles', operationId: 'createRole', tag,
    summary: 'Define a role',
    description: `Needs \`roles.manage\` and every permission of the role everywhere. \`key\`: ${keyText} Not a built-in role's name. Past a limit: 400 \`roles.limit\`.`,
    body: z.strictObject({
      key: z.string().max(KEY_MAX_LENGTH * 2).meta({ description: keyText }),
      name: field.text(ROLE_LIMITS.nameLength * 4).meta({ description: `At most ${ROLE_LIMITS.nameLength} characters of visible text.` }),
      description: description.optional(),
      permissions: permissionList,
      reach,
    }),
    status: 201, idempotent: true, response: customRole, errors: ['conflict'],
  }),
  get: operation({
    method: 'get', path: '/api/v1/roles/{roleKey}', operationId: 'getRole', tag,
    summary: 'Read a role', description: 'Any member.',
    params: roleParams, response: customRole, errors: ['notFound'],
  }),
  update: operation({
    method: 'patch', path: '/api/v1/roles/{roleKey}', operationId: 'updateRole', tag,
    summary: 'Change a role',
    description:
      "Needs `roles.manage` and every permission the role will hold everywhere. Its holders' access changes with it " +
      '(see `previewRoleChange` first). Conditioned on `expectedVersion` (409 `roles.versionConflict`).',
    params: roleParams,
    body: z.strictObject({
      name: field.text(ROLE_LIMITS.nameLength * 4).optional(),
      description: description.optional(),
      permissions: permissionList.optional(),
      reach: reach.optional(),
      expectedVersion: field.version,
    }),
    response: customRole, errors: ['notFound', 'conflict'],
  }),
  delete: operation({
    method: 'delete', path: '/api/v1/roles/{roleKey}', operationId: 'deleteRole', tag,
    summary: 'Delete a role',
    description:
      'Needs `roles.manage`. A role people hold needs `replaceWith`: another role\'s key, which its holders hold instead, or `none` ' +
      '(400 `roles.inUse` without it); each of their memberships changes first, as a role change. Conditioned on `expectedVersion` (409 `roles.versionConflict`).',
    params: roleParams,
    query: z.object({
      replaceWith: z.union([z.literal('none'), key('role')]).optional().meta({ description: 'What its holders hold instead: a role key, or `none`.' }),
      expectedVersion: field.versionParam,
    }),
    status: 204, errors: ['notFound', 'conflict'],
  }),
  preview: operation({
    method: 'post', path: '/api/v1/roles/{roleKey}/preview', operationId: 'previewRoleChange', tag,
    summary: "Preview a role's change",
    description: 'Who would gain and lose which permissions, in which units, if the role held `permissions` and reached `reach`. Changes nothing. Needs `roles.manage`.',
    params: roleParams,
    body: z.strictObject({ permissions: permissionList.optional(), reach: reach.optional() }),
    response: preview, errors: ['notFound'],
  }),
};

export const permissions = {
  create: operation({
    method: 'post', path: '/api/v1/permissions', operationId: 'createPermission', tag,
    summary: 'Define a permission of the organization',
    description: `Needs \`roles.manage\`. A permission for the organization's own applications (\`expenses.approve\`); Arbor stores, assigns and explains it, never acts on it. \`key\`: ${keyText} Not one of Arbor's.`,
    body: z.strictObject({ key: z.string().max(KEY_MAX_LENGTH * 2).meta({ description: keyText }), description: description.optional() }),
    status: 201, idempotent: true, response: tenantPermission, errors: ['conflict'],
  }),
  update: operation({
    method: 'patch', path: '/api/v1/permissions/{permissionKey}', operationId: 'updatePermission', tag,
    summary: "Change a permission's description", description: 'Needs `roles.manage`.',
    params: permissionParams, body: z.strictObject({ description }),
    response: tenantPermission, errors: ['notFound', 'conflict'],
  }),
  delete: operation({
    method: 'delete', path: '/api/v1/permissions/{permissionKey}', operationId: 'deletePermission', tag,
    summary: 'Delete a permission of the organization',
    description: 'Needs `roles.manage`. Refused while a role holds it (409 `roles.permissionInUse`).',
    params: permissionParams, status: 204, errors: ['notFound', 'conflict'],
  }),
};
