// The operations a change set is made of, as stored and as the API takes them. A unit created by
// the set gets its id when the operation is added, so later operations (a move into it, people
// added to it) name it like any unit.
import { z } from 'zod';
import { ulid } from 'ulid';
import { ROLES, type Role } from '../authz/roles';
import { validateUnitName } from '../org/unit-item';
import { validateId } from '../validation';
import { badOperation } from './errors';

const id = z.string().min(1).max(64);
const role = z.enum(ROLES);

export const operationInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('createUnit'), parentId: id, name: z.string(), unitId: id.optional() }),
  z.object({ kind: z.literal('renameUnit'), unitId: id, name: z.string() }),
  z.object({ kind: z.literal('moveUnit'), unitId: id, parentId: id }),
  z.object({ kind: z.literal('deleteUnit'), unitId: id }),
  z.object({ kind: z.literal('addMember'), userId: id, unitId: id, role }),
  z.object({ kind: z.literal('removeMember'), userId: id, unitId: id }),
  z.object({ kind: z.literal('moveMember'), userId: id, fromUnitId: id, unitId: id }),
  z.object({ kind: z.literal('changeRole'), userId: id, unitId: id, role }),
]);

export type OperationInput = z.infer<typeof operationInput>;
/**
 * As stored: a created unit always carries its id. An inverse that puts someone back whose
 * profile went with their last membership also carries who they are, and one that puts back a
 * membership the custom roles it held (never taken from a client).
 */
export type Operation =
  | Exclude<OperationInput, { kind: 'createUnit' | 'addMember' }>
  | { kind: 'createUnit'; parentId: string; name: string; unitId: string }
  | { kind: 'addMember'; userId: string; unitId: string; role: Role; roles?: string[]; person?: { email: string; name: string } };
export type OperationKind = Operation['kind'];

/** Checks and normalizes one operation (ids, names by the bytes they take, roles). */
export function toOperation(raw: unknown): Operation {
  const parsed = operationInput.safeParse(raw);
  if (!parsed.success) throw badOperation('Each operation needs a known kind and its fields (see the API reference).');
  const op = parsed.data;
  const unit = (value: string) => validateId(value, 'unit');
  switch (op.kind) {
    case 'createUnit':
      return { kind: op.kind, parentId: unit(op.parentId), name: validateUnitName(op.name), unitId: op.unitId ? unit(op.unitId) : ulid() };
    case 'renameUnit':
      return { kind: op.kind, unitId: unit(op.unitId), name: validateUnitName(op.name) };
    case 'moveUnit':
      if (op.unitId === op.parentId) throw badOperation('A unit cannot move under itself.');
      return { kind: op.kind, unitId: unit(op.unitId), parentId: unit(op.parentId) };
    case 'deleteUnit':
      return { kind: op.kind, unitId: unit(op.unitId) };
    case 'addMember':
    case 'changeRole':
      return { kind: op.kind, userId: validateId(op.userId, 'user'), unitId: unit(op.unitId), role: op.role };
    case 'removeMember':
      return { kind: op.kind, userId: validateId(op.userId, 'user'), unitId: unit(op.unitId) };
    case 'moveMember':
      if (op.fromUnitId === op.unitId) throw badOperation('Moving someone needs two different units.');
      return { kind: op.kind, userId: validateId(op.userId, 'user'), fromUnitId: unit(op.fromUnitId), unitId: unit(op.unitId) };
  }
}

/** The units an operation names (created ones included). */
export function unitsNamed(op: Operation): string[] {
  switch (op.kind) {
    case 'createUnit':
    case 'moveUnit':
      return [op.unitId, op.parentId];
    case 'moveMember':
      return [op.fromUnitId, op.unitId];
    default:
      return [op.unitId];
  }
}

/** The memberships an operation reads or writes, as `unitId:userId`. */
export function membershipsNamed(op: Operation): string[] {
  switch (op.kind) {
    case 'addMember':
    case 'removeMember':
    case 'changeRole':
      return [memberKey(op.unitId, op.userId)];
    case 'moveMember':
      return [memberKey(op.fromUnitId, op.userId), memberKey(op.unitId, op.userId)];
    default:
      return [];
  }
}

export const memberKey = (unitId: string, userId: string) => `${unitId}:${userId}`;
export const splitMemberKey = (key: string) => {
  const [unitId, userId] = key.split(':');
  return { unitId: unitId!, userId: userId! };
};

/** The people an operation is about. */
export const peopleNamed = (op: Operation): string[] => ('userId' in op ? [op.userId] : []);

export type { Role };
