// The units of the organization's tree (app/api/v1/units/**): read, create, rename, move and
// delete one, and the reads behind the tree browser and the move dialog.
import { z } from 'zod';
import type { DeleteResult, SubtreeCounts } from '../../org';
import type { DestinationHit } from '../../screens/move-destinations';
import type { ChildrenPage, MovePicker, TreeData } from '../../screens/tree';
import type { UnitRow } from '../../screens/unit-view';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes, jobStarted, nextCursor, pickerUnit, unitRow } from './schemas';

const tag = 'Units';
const params = z.object({ unitId: field.id('unit') });

const childrenPage = describes<ChildrenPage>()(
  z.object({
    parentId: z.string(),
    items: z.array(pickerUnit),
    nextCursor,
    pinned: z
      .array(unitRow)
      .optional()
      .meta({ description: 'Units on the way to the selected unit that this first page does not hold.' }),
  }).meta({ id: 'ChildrenPage' }),
);

const treeView = describes<TreeData>()(
  z.object({
    tops: z.array(unitRow).meta({ description: "Where the caller's view starts: the top unit, or their topmost units." }),
    pages: z.array(childrenPage).meta({ description: 'The first page of children of every unit shown expanded.' }),
    selectedId: z.string().optional().meta({ description: 'The unit asked for, when the caller may see it.' }),
    scopes: z
      .union([z.literal('all'), z.array(z.string())])
      .meta({ description: "Where the caller may move units: `all`, or the paths of the units they manage." }),
  }).meta({ id: 'TreeView' }),
);

const movePicker = describes<MovePicker>()(
  z.object({ unit: unitRow, tops: z.array(pickerUnit).meta({ description: "Where the picker's tree starts." }) }).meta({ id: 'MovePicker' }),
);

const destination = describes<DestinationHit>()(pickerUnit.extend({ parentName: z.string().optional() }).meta({ id: 'MoveDestination' }));

const subtreeCounts = describes<SubtreeCounts>()(
  z.object({ units: z.int().meta({ description: 'Including the unit itself.' }), memberships: z.int() }).meta({ id: 'SubtreeCounts' }),
);

const deleted = describes<Extract<DeleteResult, { kind: 'deleted' }>>()(
  z
    .object({ kind: z.literal('deleted'), units: z.int(), memberships: z.int() })
    .meta({ id: 'UnitDeleted', description: 'What was removed: units including this one, and their memberships.' }),
);

/** The move route's answer when the move is done in one transaction. */
const moved = describes<{ kind: 'moved'; unit: UnitRow }>()(z.object({ kind: z.literal('moved'), unit: unitRow }).meta({ id: 'UnitMoved' }));

const needsVersion = 'Conditioned on `expectedVersion`: a change made since answers 409 `unit.versionConflict`.';
const mayBecomeJob = 'A subtree too large for one transaction becomes a job: 202 with its `jobId`, to poll at `GET /api/v1/jobs/{jobId}`.';

export const units = {
  create: operation({
    method: 'post', path: '/api/v1/units', operationId: 'createUnit', tag,
    summary: 'Create a unit',
    description: 'Creates a unit named `name` under `parentId`. Needs `unit.create` on the parent.',
    body: z.strictObject({ parentId: field.id('unit'), name: field.text(400) }),
    status: 201, idempotent: true, response: unitRow, errors: ['notFound', 'conflict', 'limit'],
  }),
  get: operation({
    method: 'get', path: '/api/v1/units/{unitId}', operationId: 'getUnit', tag,
    summary: 'Get a unit', description: 'Needs `tree.read` on the unit.',
    params, response: unitRow, errors: ['notFound'],
  }),
  rename: operation({
    method: 'patch', path: '/api/v1/units/{unitId}', operationId: 'renameUnit', tag,
    summary: 'Rename a unit',
    description: `Needs \`unit.rename\`. ${needsVersion} Renaming the top unit renames the organization.`,
    params, body: z.strictObject({ name: field.text(400), expectedVersion: field.version }),
    response: unitRow, errors: ['notFound', 'conflict'],
  }),
  delete: operation({
    method: 'delete', path: '/api/v1/units/{unitId}', operationId: 'deleteUnit', tag,
    summary: 'Delete a unit',
    description:
      `Needs \`unit.delete\`. ${needsVersion} A unit with sub-units or members is deleted only with ` +
      `\`recursive=true\` (else 409 \`unit.notEmpty\`), with everything below it. ${mayBecomeJob}`,
    params,
    query: z.object({ expectedVersion: field.versionParam, recursive: z.enum(['true', 'false']).optional() }),
    response: deleted,
    errors: ['notFound', 'conflict'],
    accepted: jobStarted,
  }),
  tree: operation({
    method: 'get', path: '/api/v1/units/{unitId}/tree', operationId: 'getUnitTree', tag,
    summary: 'Open the tree on a unit',
    description:
      "The tree browser opened on a unit: the caller's top units, and the first page of children of each unit " +
      'on the way down to it. Needs `tree.read` on each unit shown.',
    params, response: treeView,
  }),
  counts: operation({
    method: 'get', path: '/api/v1/units/{unitId}/counts', operationId: 'countUnitSubtree', tag,
    summary: 'Count what a recursive delete removes',
    description: "For a delete's confirmation; eventually consistent. Needs `unit.delete` on the unit.",
    params, response: subtreeCounts, errors: ['notFound'],
  }),
  children: operation({
    method: 'get', path: '/api/v1/units/{unitId}/children', operationId: 'listUnitChildren', tag,
    summary: "List a unit's sub-units",
    description:
      'A page of sub-units, by name. Needs `tree.read` on the unit. With `moving`, each row also says ' +
      'whether that unit may be moved there (`canMoveHere`).',
    params,
    query: z.object({
      cursor: field.cursor.optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
      moving: field.id('unit').optional(),
    }),
    response: childrenPage, errors: ['notFound'],
  }),
  movePicker: operation({
    method: 'get', path: '/api/v1/units/{unitId}/move', operationId: 'getMovePicker', tag,
    summary: 'Start the move picker',
    description: "The unit and the units the move picker's tree starts from. Needs `tree.read` on the unit.",
    params, response: movePicker, errors: ['notFound'],
  }),
  move: operation({
    method: 'post', path: '/api/v1/units/{unitId}/move', operationId: 'moveUnit', tag,
    summary: 'Move a unit',
    description: `Moves the unit, with everything below it, under \`newParentId\`. Needs \`unit.move\` over both ends. ${needsVersion} ${mayBecomeJob}`,
    params, body: z.strictObject({ newParentId: field.id('unit'), expectedVersion: field.version }),
    response: moved,
    errors: ['notFound', 'conflict'],
    accepted: jobStarted,
  }),
  destinations: operation({
    method: 'get', path: '/api/v1/units/{unitId}/destinations', operationId: 'searchMoveDestinations', tag,
    summary: 'Search where a unit may move',
    description:
      'Units named like `q` (the start of any word) that this unit may be moved into, at most 20. ' +
      'Needs `tree.read` on the unit; each hit is one the caller may read and move it to.',
    params, query: z.object({ q: field.text(400) }),
    response: z.array(destination), errors: ['notFound'],
  }),
};
