// The engine's entry points as the contract names them; each part replaces its own here.
import type { RequestActor } from '../members';
import type { TenantDb } from '../db';
import type { BatchResult, CheckInput, CheckOptions, CheckResult, Consistency, SubjectsPage, Subject, UnitsPage, WhatIfAnswer } from './types';

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

/** Where the subject holds the permission (part C). */
export async function unitsWithPermission(
  _db: TenantDb,
  _input: { subject: Subject; permission: string; cursor?: string; limit?: number; consistency?: Consistency; mayAsk: MayAsk },
): Promise<UnitsPage> {
  return todo();
}

/** Who holds the permission at the unit (part C). */
export async function subjectsWithPermission(
  _db: TenantDb,
  _input: { permission: string; unitId: string; cursor?: string; limit?: number; consistency?: Consistency; mayAsk: MayAsk },
): Promise<SubjectsPage> {
  return todo();
}

/** Each check now and after the draft change set (part C). */
export async function checkAfterChangeSet(
  _db: TenantDb,
  _input: { actor: RequestActor; setId: string; checks: CheckInput[]; explain?: boolean; mayAsk: MayAsk },
): Promise<WhatIfAnswer> {
  return todo();
}
