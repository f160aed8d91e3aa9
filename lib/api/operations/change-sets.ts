// Reorganizations (app/api/v1/change-sets/**): change sets drafted, previewed, reviewed, applied
// (now or at a set time) and reverted. See docs/reorganizations.md. A person or an API key acts
// on a set through an administering role on a part of the tree it touches, or as its author.
import { z } from 'zod';
import { operationInput, STATUSES, type ChangeSetDetail, type ChangeSetView, type Preview } from '../../change-sets';
import { field } from '../../validation';
import { operation } from '../operation';
import { actor, describes, nextCursor, role } from './schemas';

const tag = 'Reorganizations';
const params = z.object({ setId: field.id('change set') });
const opParams = params.extend({ seq: z.string().regex(/^[1-9][0-9]{0,5}$/, 'is not an operation number').transform(Number) });
const versionQuery = z.object({ expectedVersion: field.versionParam });

const operationIn = operationInput.meta({
  id: 'ChangeSetOperationInput',
  description: 'One change: `createUnit` (optionally with the new unit’s id, so later operations can name it), `renameUnit`, `moveUnit`, `deleteUnit` (with everything below it), `addMember`, `removeMember`, `moveMember` (keeps the role), `changeRole`.',
});
const storedOperation = z.union([
  z.object({ kind: z.literal('createUnit'), parentId: z.string(), name: z.string(), unitId: z.string() }),
  z.object({ kind: z.literal('renameUnit'), unitId: z.string(), name: z.string() }),
  z.object({ kind: z.literal('moveUnit'), unitId: z.string(), parentId: z.string() }),
  z.object({ kind: z.literal('deleteUnit'), unitId: z.string() }),
  z.object({
    kind: z.literal('addMember'), userId: z.string(), unitId: z.string(), role,
    roles: z.array(z.string()).optional().meta({ description: 'In an inverse: the custom roles the membership held.' }),
    person: z.object({ email: z.string(), name: z.string() }).optional(),
  }),
  z.object({ kind: z.literal('removeMember'), userId: z.string(), unitId: z.string() }),
  z.object({ kind: z.literal('moveMember'), userId: z.string(), fromUnitId: z.string(), unitId: z.string() }),
  z.object({ kind: z.literal('changeRole'), userId: z.string(), unitId: z.string(), role }),
]).meta({ id: 'ChangeSetOperation' });

const error = z.object({ code: z.string(), message: z.string() });
const setFields = {
  setId: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(STATUSES).meta({ description: '`draft` → (`scheduled`) → `applying` → `applied`, or `failed` (nothing changed, see `run.error`); `rejected` by a reviewer (editable again).' }),
  author: actor,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.int().meta({ description: 'Send back as `expectedVersion` with a change.' }),
  operationCount: z.int(),
  scheduledAt: z.string().optional(),
  lastError: error.optional().meta({ description: 'Why its scheduled start was refused (it is a draft again).' }),
  run: z.object({ phase: z.string(), next: z.int(), locked: z.int(), startedAt: z.string(), by: actor, error: error.optional() }).optional(),
  appliedAt: z.string().optional(),
  revertOf: z.string().optional(),
  revertedBy: z.string().optional(),
};
const changeSet = describes<ChangeSetView>()(z.object(setFields).meta({ id: 'ChangeSet' }));
const detail = describes<ChangeSetDetail>()(
  z.object({
    ...setFields,
    operations: z.array(z.object({ seq: z.int(), op: storedOperation, text: z.string(), addedBy: actor, addedAt: z.string() })),
    outsideOperations: z.int().optional().meta({ description: 'Operations left out because they touch only units outside the caller\'s view (owners and admins see every one).' }),
    reviews: z.array(z.object({
      userId: z.string(), name: z.string(), decision: z.enum(['approve', 'reject']), comment: z.string(), at: z.string(),
      current: z.boolean().meta({ description: 'It reviewed the operations as they stand; an edit since makes it history.' }),
    })),
  }).meta({ id: 'ChangeSetDetail' }),
);

const mark = z.enum(['created', 'renamed', 'moved', 'deleted']);
const treeRow = z.object({ id: z.string(), name: z.string(), depth: z.int(), marks: z.array(mark), note: z.string().optional(), below: z.int() });
const pictureSide = z.object({
  units: z.array(z.object({
    id: z.string(), parentId: z.string().nullable(), name: z.string(), marks: z.array(mark), note: z.string().optional(),
    below: z.int().meta({ description: 'Units below it the picture does not draw.' }),
    memberCount: z.int().optional(), childCount: z.int().optional().meta({ description: 'Both left out on units outside the caller\'s view.' }),
  })).meta({ description: 'Parents before children; the first is the picture\'s top (parentId null).' }),
  more: z.int().meta({ description: 'Units of the area left out: a side draws at most 300 cards.' }),
});
const accessChange = z.object({ unitId: z.string(), unitName: z.string(), units: z.int(), reason: z.string() });
const preview = describes<Preview>()(
  z.object({
    conflicts: z.array(z.object({ seq: z.int(), changes: z.array(z.string()) })).meta({ description: 'Operations drafted on facts the live tree no longer has: re-confirm or drop each.' }),
    problems: z.array(z.object({ seq: z.int(), messages: z.array(z.string()) })),
    tree: z.object({ counts: z.object({ created: z.int(), renamed: z.int(), moved: z.int(), deleted: z.int() }), before: z.array(treeRow), after: z.array(treeRow) }),
    pictures: z.object({ before: pictureSide, after: pictureSide }).meta({
      description: 'The affected area on each side: the smallest subtree holding every changed unit and the parents it leaves and joins, the ways down to them and one level of context.',
    }),
    people: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), gains: z.array(accessChange), losses: z.array(accessChange) })),
    membershipsLost: z.array(z.object({
      userId: z.string(), name: z.string(), email: z.string(), unitId: z.string(), unitName: z.string(),
      reason: z.enum(['removed', 'moved', 'unitDeleted']), toUnitName: z.string().optional(),
    })),
    unmanaged: z.array(z.object({ unitId: z.string(), unitName: z.string(), units: z.int() })),
    approvals: z.object({
      areas: z.array(z.object({
        unitId: z.string(), unitName: z.string(), operations: z.array(z.int()),
        approvers: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), role: z.string(), unitName: z.string() }))
          .meta({ description: 'Everyone whose approval would count on this area; the author only where theirs counts.' }),
        author: z.enum(['onlyApprover', 'ownerSetting', 'fourEyes']).optional().meta({
          description: 'Set when the author administers the area: `fourEyes` their own approval does not count (someone else administers it); `onlyApprover` it counts, nobody else can approve; `ownerSetting` it counts, they are an owner and the organization allows it.',
        }),
        approvedBy: z.object({ userId: z.string(), name: z.string(), self: z.boolean().optional() }).optional(),
      })),
      complete: z.boolean(),
      ownersSelfApprove: z.boolean().meta({ description: "The organization's setting `ownersApproveOwnChangeSets`: an owner's approval of their own set counts on every area." }),
      rejectedBy: z.object({ userId: z.string(), name: z.string(), comment: z.string() }).optional(),
    }),
    clean: z.boolean(),
  }).meta({ id: 'ChangeSetPreview' }),
);

const details = { name: field.text(400), description: field.text(4000).optional().meta({ description: 'At most 1,000 characters; line breaks allowed.' }) };

export const changeSets = {
  list: operation({
    method: 'get', path: '/api/v1/change-sets', operationId: 'listChangeSets', tag,
    summary: 'List change sets', description: 'Newest first; the caller sees those they drafted and those touching a part of the tree they administer (owners and admins: all).',
    query: z.object({ cursor: field.cursor.optional() }),
    response: z.object({ items: z.array(changeSet), nextCursor }),
  }),
  create: operation({
    method: 'post', path: '/api/v1/change-sets', operationId: 'createChangeSet', tag,
    summary: 'Start a change set', description: 'Needs an administering role (manager or above) somewhere.',
    body: z.strictObject(details), status: 201, response: changeSet, idempotent: true,
  }),
  get: operation({
    method: 'get', path: '/api/v1/change-sets/{setId}', operationId: 'getChangeSet', tag,
    summary: 'Read a change set', description: 'Its operations (in words too) and reviews. Callers who do not see the whole tree get the operations touching a unit they see, units outside their view unnamed; the rest are counted in `outsideOperations`.',
    params, response: detail, errors: ['notFound'],
  }),
  update: operation({
    method: 'patch', path: '/api/v1/change-sets/{setId}', operationId: 'updateChangeSet', tag,
    summary: 'Rename a change set', description: 'Its author and the owners and admins only (403 `authz.changeSet.update`).', params, body: z.strictObject({ ...details, expectedVersion: field.version }),
    response: changeSet, errors: ['notFound', 'conflict'],
  }),
  delete: operation({
    method: 'delete', path: '/api/v1/change-sets/{setId}', operationId: 'deleteChangeSet', tag,
    summary: 'Delete a change set', description: 'A set not applying and never applied; its author and the owners and admins only (403 `authz.changeSet.delete`).',
    params, query: versionQuery, status: 204, errors: ['notFound', 'conflict'],
  }),
  addOperations: operation({
    method: 'post', path: '/api/v1/change-sets/{setId}/operations', operationId: 'addChangeSetOperations', tag,
    summary: 'Add operations',
    description: 'Appended in order, each drafted on the live tree’s facts now. The caller must be allowed to make each change on its own side (the other end of a move only needs to be visible). Any edit asks for fresh reviews and unschedules the set.',
    params, body: z.strictObject({ expectedVersion: field.version, operations: z.array(operationIn).min(1).max(500) }),
    maxBodyBytes: 512 * 1024, response: detail, errors: ['notFound', 'conflict', 'limit'],
  }),
  importOperations: operation({
    method: 'post', path: '/api/v1/change-sets/{setId}/import', operationId: 'importChangeSetOperations', tag,
    summary: 'Add operations from a CSV file',
    description:
      'One row per operation: `action,unit,to,name,email,role`, actions `create` (unit: the new unit’s path), `rename` (name), `move` (to: the new parent’s path, empty for the top unit), `delete`, `add` (email, role), `remove` (email), `move-person` (unit: where they leave, to: where they join, email), `role` (email, role). ' +
      'Units are named by their path below the top unit, as the units export writes them, or by the path an earlier `create` row makes; people by email. ' +
      'A file with any row that can’t become an operation adds nothing: 400 `changeSet.badImport`, `details.rows` says which and why. Otherwise as adding operations.',
    params, body: z.strictObject({ expectedVersion: field.version, csv: z.string().max(2 * 1024 * 1024) }),
    maxBodyBytes: 3 * 1024 * 1024, response: detail, errors: ['notFound', 'conflict', 'limit'],
  }),
  dropOperation: operation({
    method: 'delete', path: '/api/v1/change-sets/{setId}/operations/{seq}', operationId: 'dropChangeSetOperation', tag,
    summary: 'Drop an operation', description: 'Only an operation the caller could draft now (refused as drafting it would be, e.g. 403 `authz.unit.rename`).', params: opParams, query: versionQuery, response: detail, errors: ['notFound', 'conflict'],
  }),
  reconfirmOperation: operation({
    method: 'post', path: '/api/v1/change-sets/{setId}/operations/{seq}/reconfirm', operationId: 'reconfirmChangeSetOperation', tag,
    summary: 'Re-confirm an operation after a conflict', description: 'Takes the live tree’s current facts as the operation’s own. Only an operation the caller could draft now, as dropping one.',
    params: opParams, body: z.strictObject({ expectedVersion: field.version }), response: detail, errors: ['notFound', 'conflict'],
  }),
  preview: operation({
    method: 'get', path: '/api/v1/change-sets/{setId}/preview', operationId: 'previewChangeSet', tag,
    summary: 'Preview a change set',
    description: 'Computed without writing: conflicts with the live tree, what would be refused, the tree before and after, who gains and loses administration of what and why, memberships lost, units left without a manager, and who must approve.',
    params, response: preview, errors: ['notFound'],
  }),
  review: operation({
    method: 'post', path: '/api/v1/change-sets/{setId}/reviews', operationId: 'reviewChangeSet', tag,
    summary: 'Approve or reject',
    description: 'By a person administering a part of the tree the set touches (an approval is a person’s decision: never an API key); a rejection needs a comment (at most 1,000 characters).',
    personOnly: true,
    params, body: z.strictObject({ expectedVersion: field.version, decision: z.enum(['approve', 'reject']), comment: field.text(4000).optional() }),
    response: changeSet, errors: ['notFound', 'conflict'],
  }),
  apply: operation({
    method: 'post', path: '/api/v1/change-sets/{setId}/apply', operationId: 'applyChangeSet', tag,
    summary: 'Apply now, or schedule',
    description: 'Without `at`: starts applying now (202; poll the set until `applied` or `failed`). With `at`: schedules it. Refused (409 `changeSet.notReady`) while conflicts, problems or approvals remain. Its author and the owners and admins only (403 `authz.changeSet.apply`), as unscheduling.',
    params, body: z.strictObject({ expectedVersion: field.version, at: z.iso.datetime({ offset: true }).optional() }),
    response: changeSet, accepted: changeSet, errors: ['notFound', 'conflict'],
  }),
  unschedule: operation({
    method: 'delete', path: '/api/v1/change-sets/{setId}/apply', operationId: 'unscheduleChangeSet', tag,
    summary: 'Unschedule', params, query: versionQuery, response: changeSet, errors: ['notFound', 'conflict'],
  }),
  revert: operation({
    method: 'post', path: '/api/v1/change-sets/{setId}/revert', operationId: 'revertChangeSet', tag,
    summary: 'Revert an applied change set', description: 'Creates a new draft of its inverse, which goes through the same preview and approvals.',
    params, status: 201, response: detail, errors: ['notFound', 'conflict'],
  }),
};
