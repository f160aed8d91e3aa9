// The organization's settings (app/api/v1/settings, settings/setup-links/**): its name, and the
// setup links that let an outside IT admin configure single sign-on for a while.
import { z } from 'zod';
import type { SetupLinkView } from '../../screens/setup-links';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes } from './schemas';

const tag = 'Setup links';

const setupLink = describes<SetupLinkView>()(
  z.object({
    linkId: z.string(),
    label: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    expiresAt: z.string(),
    openedAt: z.string().optional(),
    status: z.enum(['waiting', 'opened', 'expired', 'revoked']),
  }).meta({ id: 'SetupLink' }),
);

const deletion = z.object({
  dueAt: z.string().meta({ description: 'When the deletion starts (ISO time); owners may cancel it until then.' }),
  scheduledAt: z.string(),
}).meta({ id: 'OrganizationDeletion' });

export const settings = {
  renameOrganization: operation({
    method: 'patch', path: '/api/v1/settings', operationId: 'renameOrganization', tag: 'Organization',
    summary: 'Rename the organization',
    description:
      'Renames the organization (and its top unit). Conditioned on `expectedVersion` (409 `tenant.versionConflict`). ' +
      'Needs `tenant.settings.update` (owners and admins).',
    body: z.strictObject({ name: field.text(400), expectedVersion: field.version }),
    response: z.object({ name: z.string(), version: z.int() }), errors: ['conflict'],
  }),
  setChangeSetApproval: operation({
    method: 'patch', path: '/api/v1/settings/change-set-approvals', operationId: 'setChangeSetApproval', tag: 'Organization',
    summary: 'Let owners approve their own change sets, or not',
    description:
      'Four eyes by default: the author of a change set cannot approve it where someone else administers the area ' +
      '(where nobody else can, their approval counts). With `ownersApproveOwnChangeSets` an owner\'s approval of their own ' +
      'set counts on every area. Conditioned on `expectedVersion` (409 `tenant.versionConflict`); audited. ' +
      'Needs `tenant.settings.update` (owners and admins).',
    body: z.strictObject({ ownersApproveOwnChangeSets: z.boolean(), expectedVersion: field.version }),
    response: z.object({ ownersApproveOwnChangeSets: z.boolean(), version: z.int() }), errors: ['conflict'],
  }),
  scheduleDeletion: operation({
    method: 'post', path: '/api/v1/settings/deletion', operationId: 'scheduleOrganizationDeletion', tag: 'Organization',
    summary: "Schedule the organization's deletion",
    description:
      'Marks the organization for deletion after the grace period (`ARBOR_TENANT_DELETION_GRACE_DAYS`, default 7 days); ' +
      'every owner gets mail, and any owner may cancel until then. `confirmName` must be the organization\'s name ' +
      '(400 `offboarding.nameMismatch`). Needs `tenant.delete` (owners).',
    personOnly: true,
    body: z.strictObject({ confirmName: field.text(400) }),
    status: 201,
    response: deletion,
    errors: ['conflict'],
  }),
  cancelDeletion: operation({
    method: 'delete', path: '/api/v1/settings/deletion', operationId: 'cancelOrganizationDeletion', tag: 'Organization',
    summary: "Cancel the organization's scheduled deletion",
    description: 'Only during the grace period: once the deletion has started it answers 409 `offboarding.alreadyStarted`. Needs `tenant.delete` (owners).',
    personOnly: true,
    errors: ['conflict'],
  }),
  listSetupLinks: operation({
    method: 'get', path: '/api/v1/settings/setup-links', operationId: 'listSetupLinks', tag,
    summary: 'List setup links', description: "The organization's setup links (never their secret). Needs `sso.manage`.",
    personOnly: true,
    response: z.object({ links: z.array(setupLink) }),
  }),
  createSetupLink: operation({
    method: 'post', path: '/api/v1/settings/setup-links', operationId: 'createSetupLink', tag,
    summary: 'Create a setup link',
    description:
      'A link for an IT admin to set up single sign-on, domains and directory sync for `days` days; its URL is ' +
      'in this answer only, and opens in one browser only. Needs `sso.manage`.',
    personOnly: true,
    body: z.strictObject({ label: field.text(240), days: z.int().optional() }),
    status: 201,
    response: z.object({ url: z.string().meta({ description: 'The link, shown this once.' }), link: setupLink }),
    errors: ['limit'],
  }),
  revokeSetupLink: operation({
    method: 'delete', path: '/api/v1/settings/setup-links/{linkId}', operationId: 'revokeSetupLink', tag,
    summary: 'Revoke a setup link', description: 'Its session ends at once. Needs `sso.manage`.',
    personOnly: true,
    params: z.object({ linkId: field.id('setup link') }),
    errors: ['notFound'],
  }),
};
