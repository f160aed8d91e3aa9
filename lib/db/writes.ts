// Single-item writes: the only PutItem, UpdateItem and DeleteItem Arbor sends. A write made for a
// decision (its db carries the decision's facts, write-guards.ts) is sent as a transaction, the
// facts joined to its condition or added as ConditionChecks, exactly as every transaction is: a
// single-item write is never a way around a decision. A write that is not the decided change
// (bookkeeping, a worker's lease) says so with withoutGuards(db).
//
// A failed condition of the write's own is an answer, not an exception: `written: false`, with the
// item as it was stored when the caller asked for it (ReturnValuesOnConditionCheckFailure).
import {
  DeleteCommand, PutCommand, UpdateCommand,
  type DeleteCommandInput, type PutCommandInput, type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { writerOf, type TenantDb } from './context';
import { isConditionFailure, transactWrite, type TransactItem } from './transactions';

/** What a write needs: a db (tenant or platform) and, when it was decided, the decision's facts. */
export type WriteDb = Pick<TenantDb, 'client' | 'tableName' | 'guards'>;

export type PutInput = Omit<PutCommandInput, 'TableName'>;
export type UpdateInput = Omit<UpdateCommandInput, 'TableName'>;
export type DeleteInput = Omit<DeleteCommandInput, 'TableName'>;

export type WriteOutcome =
  | { written: true; /** What ReturnValues asked for (never on a guarded write). */ attributes?: Record<string, unknown> }
  | { written: false; /** The item as stored, when ReturnValuesOnConditionCheckFailure asked for it and it existed. */ stored?: Record<string, unknown> };

type Kind = 'Put' | 'Update' | 'Delete';
const COMMANDS = { Put: PutCommand, Update: UpdateCommand, Delete: DeleteCommand } as const;

export const putItem = (db: WriteDb, input: PutInput) => writeItem(db, 'Put', input);
export const updateItem = (db: WriteDb, input: UpdateInput) => writeItem(db, 'Update', input);
export const deleteItem = (db: WriteDb, input: DeleteInput) => writeItem(db, 'Delete', input);

/** The conditional write's answer as a boolean: true when written, false when its condition failed. */
export const written = async (outcome: Promise<WriteOutcome>): Promise<boolean> => (await outcome).written;

async function writeItem(db: WriteDb, kind: Kind, input: PutInput | UpdateInput | DeleteInput): Promise<WriteOutcome> {
  const facts = db.guards?.facts() ?? [];
  if (facts.length > 0) return guardedWrite(db, kind, input);
  const Command = COMMANDS[kind] as new (i: unknown) => PutCommand;
  try {
    const out = await writerOf(db).send(new Command({ ...input, TableName: db.tableName }));
    return { written: true, ...(out.Attributes ? { attributes: out.Attributes } : {}) };
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
    const item = (e as { Item?: Record<string, AttributeValue> }).Item;
    return { written: false, ...(item ? { stored: unmarshall(item) } : {}) };
  }
}

/** The write and the decision's facts, in one transaction (transactions.ts joins the facts). */
async function guardedWrite(db: WriteDb, kind: Kind, input: PutInput | UpdateInput | DeleteInput): Promise<WriteOutcome> {
  const { ReturnValues, ...rest } = input as PutInput & { ReturnValues?: string };
  // A transaction returns no values: a write that needs them is bookkeeping, not the decided change.
  if (ReturnValues && ReturnValues !== 'NONE') throw new Error(`${kind} with ReturnValues ${ReturnValues} cannot carry a decision's facts: use withoutGuards(db)`);
  const item = { [kind]: { ...rest, TableName: db.tableName } } as TransactItem;
  const failed = await transactWrite(db, [item]);
  if (!failed) return { written: true };
  const stored = failed[0]?.item;
  return { written: false, ...(stored ? { stored } : {}) };
}
