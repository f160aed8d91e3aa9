// Answer shapes more than one area returns, as zod schemas for the API reference, and
// `describes`, which ties each answer schema to the type its handler builds. A `.meta({ id })`
// makes the schema a named component of the document.
import { z, type ZodType } from 'zod';
import type { AuditActor } from '../../db';
import { ROLES } from '../../members';
import type { DeleteResult } from '../../org';
import type { UnitOption } from '../../screens/members';
import type { PickerRow } from '../../screens/tree';
import type { MemberRowView } from '../../screens/unit-members';
import type { UnitRow } from '../../screens/unit-view';

/** Object types written out (intersections and interfaces alike), to compare them. */
type Flat<T> = T extends object ? { [K in keyof T]: Flat<T[K]> } : T;
type Identical<A, B> = (<G>() => G extends Flat<A> ? 1 : 2) extends (<G>() => G extends Flat<B> ? 1 : 2) ? true : false;

/**
 * The schema of an answer whose handler returns `T`: it compiles only if the schema's output is
 * exactly `T`, so the reference cannot drift from what the handler builds.
 */
export const describes =
  <T>() =>
  <S extends ZodType>(schema: S & (Identical<z.output<S>, T> extends true ? unknown : { describes: T; butIs: z.output<S> })): S =>
    schema;

export const role = z.enum(ROLES).meta({ id: 'Role', description: 'owner and admin hold the whole organization; a manager administers a unit and its sub-units.' });

/** A list's link to its next page (absent on the last page). */
export const nextCursor = z.string().meta({ description: 'Send back as `cursor` for the next page; absent when nothing follows (a page that ends exactly at the end may still carry one, whose page is then empty).' }).optional();

/** Who did something, as the audit trail and the items' `createdBy` keep it. */
export const actor = describes<AuditActor>()(z.object({ userId: z.string(), email: z.string(), name: z.string().optional() }).meta({ id: 'Actor' }));

export const unitRow = describes<UnitRow>()(
  z.object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable().meta({ description: 'null for the top unit (the organization).' }),
    path: z.string().meta({ description: 'The ids from the top unit down to this one: `/<root>/…/<id>/`.' }),
    depth: z.int(),
    childCount: z.int(),
    memberCount: z.int(),
    version: z.int().meta({ description: 'Send back as `expectedVersion` with a change.' }),
    locked: z.boolean().meta({ description: 'A job (a large move or delete) holds this unit: changes wait for it.' }),
    canEdit: z.boolean().meta({ description: 'The caller may rename, delete or move it.' }),
    canCreate: z.boolean().meta({ description: 'The caller may create units under it.' }),
    managedBy: z.literal('directory').optional().meta({ description: 'Directory sync created it; its next sync may undo a rename.' }),
  }).meta({ id: 'Unit' }),
);

export const pickerUnit = describes<PickerRow>()(
  unitRow
    .extend({ canMoveHere: z.boolean().optional().meta({ description: 'Only in the move picker: the unit being moved may go here.' }) })
    .meta({ id: 'PickerUnit' }),
);

/** A large move or delete became a job (202). */
export const jobStarted = describes<Extract<DeleteResult, { kind: 'job' }>>()(
  z
    .object({ kind: z.literal('job'), jobId: z.string().meta({ description: 'Poll `GET /api/v1/jobs/{jobId}` until `finished`.' }) })
    .meta({ id: 'JobStarted' }),
);

export const unitOption = describes<UnitOption>()(
  z.object({
    id: z.string(),
    name: z.string(),
    parents: z.array(z.string()).meta({ description: 'Names from the top unit down to the parent.' }),
    addRoles: z.array(role).meta({ description: 'Roles the caller may give there by adding an existing member.' }),
    inviteRoles: z.array(role).meta({ description: 'Roles the caller may invite someone to there.' }),
  }).meta({ id: 'UnitOption' }),
);

const customRoleLabel = z.object({ key: z.string(), name: z.string() }).meta({ id: 'CustomRoleLabel' });

export const membershipRow = describes<MemberRowView>()(
  z.object({
    unitId: z.string(),
    unitName: z.string(),
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role,
    roles: z.array(z.string()).optional().meta({ description: 'Custom role keys held beside `role`; absent when none.' }),
    version: z.int().meta({ description: 'Send back as `expectedVersion` with a role change or removal.' }),
    roleOptions: z.array(role).meta({ description: 'Roles the caller may set here, the current one included.' }),
    canRemove: z.boolean(),
    lastOwner: z.boolean().optional().meta({ description: "The organization's only owner: no other role and no removal." }),
    isSelf: z.boolean(),
    managedBy: z.literal('directory').optional().meta({ description: 'Directory sync keeps this membership; its next sync may undo a change.' }),
    customRoles: z.array(customRoleLabel).meta({ description: 'The custom roles held here beside `role`.' }),
    assignableRoles: z.array(customRoleLabel).meta({ description: 'Custom roles the caller may give or take here.' }),
  }).meta({ id: 'Membership' }),
);
