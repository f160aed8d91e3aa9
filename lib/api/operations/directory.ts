// Directory sync (app/api/v1/directory/**): the rules that place the people a company's IdP
// provisions over SCIM (preview, save, apply), and the SCIM bearer tokens. All need `sso.manage`.
import { z } from 'zod';
import { PROVIDERS, type ApplyProgress, type DirectoryConfig, type DirectoryPreview, type DirectoryRules, type Provider } from '../../scim';
import type { DirectoryTokenView } from '../../screens/directory';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes, nextCursor, role } from './schemas';

const tag = 'Directory sync';
const provider = z.enum(Object.keys(PROVIDERS) as [Provider, ...Provider[]]);

const pathRule = { parentUnitId: z.string().optional().meta({ description: 'Where the paths start (the top unit when unset).' }), separator: z.string() };
const directoryRules = describes<DirectoryRules>()(
  z.object({
    groups: z.array(z.object({
      groupId: z.string(), unitId: z.string(), newUnit: z.string().optional(), role,
      roles: z.array(z.string()).optional().meta({ description: 'Custom role keys (Settings → Roles) given on the same unit beside `role`.' }),
    })),
    departments: z.object(pathRule).optional().meta({ description: "The `department` attribute read as a path of units: the person's home." }),
    groupNames: z.object({ ...pathRule, role }).optional().meta({ description: "Every group's name read as a path of units." }),
  }).meta({ id: 'DirectoryRules', description: 'Which units, with which role, the directory places people in.' }),
);

const directoryConfig = describes<DirectoryConfig>()(
  z.object({
    provider,
    rules: directoryRules,
    version: z.int().meta({ description: '0 while nothing was ever saved; send back as `expectedVersion`.' }),
    lastSyncAt: z.string().optional(),
    userCount: z.int(),
    groupCount: z.int(),
  }).meta({ id: 'DirectoryConfig' }),
);

const directoryPreview = describes<DirectoryPreview>()(
  z.object({
    version: z.int().meta({ description: "The rules' version the preview was computed against." }),
    people: z.int(),
    peopleChanged: z.int(),
    adds: z.int(),
    removes: z.int(),
    roleChanges: z.int(),
    unitsToCreate: z.array(z.string()).meta({ description: 'Units the rules would create, as paths of names.' }),
    samples: z.array(
      z.object({
        userName: z.string(),
        displayName: z.string(),
        changes: z.array(
          z.object({
            kind: z.enum(['add', 'roleChange', 'remove']), unit: z.string(), role: z.string(), from: z.string().optional(),
            roles: z.array(z.string()).meta({ description: 'Custom roles held after the change.' }),
            fromRoles: z.array(z.string()).optional().meta({ description: "A role change's custom roles before it." }),
            reason: z.string(),
          }),
        ),
      }),
    ).meta({ description: 'The first people with changes.' }),
    problems: z.array(z.string()),
  }).meta({ id: 'DirectoryPreview' }),
);

const directoryToken = describes<DirectoryTokenView>()(
  z.object({
    tokenId: z.string(),
    label: z.string(),
    hint: z.string().meta({ description: "The secret's last 4 characters." }),
    createdAt: z.string(),
    createdBy: z.string(),
    lastUsedAt: z.string().optional(),
  }).meta({ id: 'DirectoryToken' }),
);

const rulesBody = 'The `rules` take the shape of `DirectoryRules`; the directory never makes owners, and gives only custom roles the organization defined (400 `directory.badRules`).';

export const directory = {
  apply: operation({
    method: 'post', path: '/api/v1/directory/apply', operationId: 'applyDirectoryRules', tag,
    summary: 'Apply the saved rules to a page of people',
    description:
      'Places one page of directory people by the saved rules, at the version enabled (a change meanwhile ' +
      'answers 409 `directory.rulesChanged`). Call again with `nextCursor` as `cursor` until none is left.',
    body: z.strictObject({ expectedVersion: field.version, cursor: field.cursor.optional() }),
    response: describes<ApplyProgress>()(z.object({ processed: z.int(), changed: z.int(), nextCursor }).meta({ id: 'DirectoryApplyProgress' })),
    errors: ['conflict'],
  }),
  preview: operation({
    method: 'post', path: '/api/v1/directory/preview', operationId: 'previewDirectoryRules', tag,
    summary: 'Preview directory rules',
    description: `What the given rules would create, add, change and remove; writes nothing. ${rulesBody}`,
    body: z.strictObject({ provider, rules: z.unknown() }),
    response: z.object({ preview: directoryPreview }),
  }),
  saveRules: operation({
    method: 'put', path: '/api/v1/directory/rules', operationId: 'saveDirectoryRules', tag,
    summary: 'Save directory rules',
    description: `Saves the provider and the rules, conditioned on the version previewed (409 \`directory.rulesChanged\`). ${rulesBody}`,
    body: z.strictObject({ provider, rules: z.unknown(), expectedVersion: z.int().min(0, 'must be 0 or more') }),
    response: z.object({ config: directoryConfig }), errors: ['conflict'],
  }),
  listTokens: operation({
    method: 'get', path: '/api/v1/directory/tokens', operationId: 'listDirectoryTokens', tag,
    summary: 'List directory tokens', description: "The organization's SCIM tokens, with their last use (never their secret).",
    personOnly: true,
    response: z.object({ tokens: z.array(directoryToken) }),
  }),
  createToken: operation({
    method: 'post', path: '/api/v1/directory/tokens', operationId: 'createDirectoryToken', tag,
    summary: 'Create a directory token',
    description: 'A SCIM bearer token for the IdP; its secret is in this answer and nowhere else.',
    personOnly: true,
    body: z.strictObject({ label: field.text(240) }),
    status: 201,
    response: z.object({ token: z.string().meta({ description: 'The secret, shown this once.' }), tokenId: z.string() }),
    errors: ['limit'],
  }),
  revokeToken: operation({
    method: 'delete', path: '/api/v1/directory/tokens/{tokenId}', operationId: 'revokeDirectoryToken', tag,
    summary: 'Revoke a directory token', description: 'It stops working at once.',
    personOnly: true,
    params: z.object({ tokenId: field.id('token') }), body: z.strictObject({}).optional(),
    errors: ['notFound'],
  }),
};
