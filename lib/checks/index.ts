// The check API's domain (docs/checks.md): may a subject do this here, many at once, where a
// subject holds a permission, who holds one on a unit, and the answers after a draft change set.
// Decided by lib/authz (explainPermission), read through the tenant-scoped client only.
import 'server-only';
export { CHECK_LIMITS } from './limits';
export type {
  BatchResult, CheckInput, CheckItemError, CheckOptions, CheckResult, Consistency, Explanation, GrantExplained, MayAsk,
  ReachedUnit, Subject, SubjectHolding, SubjectsPage, UnitsPage, Verdict, WhatIfAnswer, WhatIfResult,
} from './types';
export { check } from './check';
export { checkBatch } from './batch';
export { unitsWithPermission, type UnitsInput } from './list-units';
export { subjectsWithPermission, type SubjectsInput } from './list-subjects';
export { checkAfterChangeSet, type WhatIfInput } from './what-if';
export { mayAskAs, askerOf, type Asker } from './may-ask';
export { checkUnitNotFound, subjectNotFound } from './errors';
export { readSubjectAccess, resolveSubject, toSubject, type SubjectAccess } from './subject-access';
