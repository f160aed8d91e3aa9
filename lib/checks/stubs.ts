// The engine's entry points as the contract names them; each part replaces its own here.
import type { TenantDb } from '../db';
import type { BatchResult, CheckInput, CheckOptions, CheckResult } from './types';

/** Whether the caller may ask about the unit at `unitPath` (access.explain there), so lists keep to it. */
export type MayAsk = (unit: { id: string; path: string }, userId?: string) => boolean;

const todo = (): never => {
  throw new Error('not built yet');
};

/** One check (part A). Throws check.subjectNotFound / check.unitNotFound / check.unknownPermission / check.badToken. */
export async function check(_db: TenantDb, _input: CheckInput, _options: CheckOptions & { mayAsk: MayAsk }): Promise<CheckResult> {
  return todo();
}

/** Up to CHECK_LIMITS.batch checks, each answered or its error (part A). */
export async function checkBatch(_db: TenantDb, _inputs: CheckInput[], _options: CheckOptions & { mayAsk: MayAsk }): Promise<BatchResult> {
  return todo();
}
