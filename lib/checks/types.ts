// The check API's shapes (docs/checks.md): who is asked about, how fresh the answer must be, and
// what comes back. The operation contracts (lib/api/operations/checks.ts) describe these exactly.
import type { Reach, Role } from '../authz';

/** Who a check is about: exactly one of Arbor's user id, the email, or the directory's external id. */
export type Subject = { userId: string } | { email: string } | { externalId: string };

/**
 * How fresh a check's answer must be (Zanzibar's consistency, SpiceDB's Consistency):
 * - `fullyConsistent` (the default): sees every write acknowledged before the check was asked;
 * - `atLeastAsFresh`: sees every write up to the token's (a write's `Arbor-Consistency-Token`, or
 *   an earlier answer's `consistencyToken`); a cached copy read after it may answer;
 * - `minimizeLatency`: a cached copy at most `maxStalenessSeconds` old may answer.
 */
export type Consistency =
  | { mode: 'fullyConsistent' }
  | { mode: 'atLeastAsFresh'; token: string }
  | { mode: 'minimizeLatency'; maxStalenessSeconds?: number };

export interface CheckInput {
  subject: Subject;
  /** One of Arbor's permissions (`unit.create`) or the tenant's own (`expenses.approve`). */
  permission: string;
  unitId: string;
}

export interface CheckOptions {
  /** Answer why (the grants, or the refusal's message): one more read, of the granting units' names. */
  explain?: boolean;
  consistency?: Consistency;
}

/** One membership and role giving the permission at the unit asked about. */
export interface GrantExplained {
  unitId: string;
  unitName: string;
  unitPath: string;
  /** The membership's built-in role. */
  role: Role;
  /** The custom role that gives it; absent when the built-in role does. */
  customRole?: { key: string; name: string };
  /** How far the role reaches from `unitId`. */
  reach: Reach;
}

export type Explanation =
  | { grantedBy: GrantExplained; grants: GrantExplained[] }
  | { reason: 'permissionNotHeld' | 'unitGone'; message: string };

export interface CheckResult {
  allowed: boolean;
  subject: { userId: string };
  permission: string;
  unitId: string;
  /** The moment the answer stands at: send it back as `atLeastAsFresh` to ask no older. */
  consistencyToken: string;
  explanation?: Explanation;
}

/** A batch item that could not be checked: the error body's shape (lib/errors/http.ts). */
export interface CheckItemError {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

export interface BatchResult {
  /** One per check asked, in the same order. */
  results: (CheckResult | CheckItemError)[];
  consistencyToken: string;
}

/** Where a subject holds a permission: the top-most units reached, each with how far below. */
export interface ReachedUnit {
  unitId: string;
  unitName: string;
  unitPath: string;
  /** `subtree`: the unit and everything below it; `unit`: the unit only; `below`: everything below it, not the unit. */
  scope: Reach;
}

export interface UnitsPage {
  items: ReachedUnit[];
  nextCursor?: string;
  consistencyToken: string;
}

export interface SubjectHolding {
  userId: string;
  name: string;
  email: string;
  /** The nearest membership and role giving it there (as an explanation names it). */
  grantedBy: GrantExplained;
}

export interface SubjectsPage {
  items: SubjectHolding[];
  nextCursor?: string;
  consistencyToken: string;
}

export interface Verdict {
  allowed: boolean;
  explanation?: Explanation;
}

/** One check before and after a draft change set. */
export interface WhatIfResult {
  subject: { userId: string };
  permission: string;
  unitId: string;
  before: Verdict;
  after: Verdict;
  /** The answer differs after the change set. */
  changed: boolean;
}

export interface WhatIfAnswer {
  results: (WhatIfResult | CheckItemError)[];
  /** The change set's operations as checked against (its `opsVersion`). */
  opsVersion: number;
}

/**
 * Whether the caller may ask about the unit (access.explain there, about `userId`), so lists keep
 * to it. A predicate may throw the refusal itself (a single check then answers it); one answering
 * false gets access.explain's refusal in the rule's words.
 */
export type MayAsk = (unit: { id: string; path: string }, userId?: string) => boolean;
