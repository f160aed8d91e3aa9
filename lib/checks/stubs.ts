// The engine's entry points as the contract names them; each part replaces its own here.
import type { RequestActor } from '../members';
import type { TenantDb } from '../db';
import type { CheckInput, Consistency, MayAsk, SubjectsPage, Subject, UnitsPage, WhatIfAnswer } from './types';

export type { MayAsk } from './types';

const todo = (): never => {
  throw new Error('not built yet');
};

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
