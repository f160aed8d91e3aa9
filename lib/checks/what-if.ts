// Checks against a draft change set (POST /api/v1/change-sets/{setId}/checks; docs/checks.md,
// "What-if"): each check answered now and as it would be once the set's operations applied. The
// tree after comes from the change set simulator over the live tree, as the set's preview reads
// it (lib/change-sets/preview.ts); each subject's memberships after from their memberships now
// (./project-access.ts); both answers from the same decision, explainPermission. Checks name
// units that exist now: a unit the set creates is not found.
import 'server-only';
import { explainPermission, type ActorAccess, type UnitRef } from '../authz';
import type { ChangeSet } from '../change-sets';
import { readLiveState } from '../change-sets/preview';
import { simulate, type MembershipState, type Tree } from '../change-sets/simulate';
import type { TenantDb } from '../db';
import { readRoleCatalogue } from '../roles';
import { checkUnitNotFound, subjectNotFound } from './errors';
import { askOrThrow } from './decide';
import { assertKnownPermission } from './list-reads';
import { pathIn, projectMemberships } from './project-access';
import { readSubjectAccess, resolveSubject, type SubjectAccess } from './subject-access';
import type { CheckInput, MayAsk, Subject, WhatIfAnswer, WhatIfResult } from './types';
import { itemError, unitGone, verdictOf, type UnitNames } from './verdict';

export interface WhatIfInput {
  /** The set, read and authorized (`changeSet.read`) by the caller. */
  set: ChangeSet;
  checks: CheckInput[];
  explain?: boolean;
  mayAsk: MayAsk;
}

export async function checkAfterChangeSet(db: TenantDb, input: WhatIfInput): Promise<WhatIfAnswer> {
  const [live, catalogue, subjects] = await Promise.all([
    readLiveState(db, input.set),
    readRoleCatalogue(db, { fresh: true }),
    readSubjects(db, input.checks.map((c) => c.subject)),
  ]);
  const roles: MembershipState = new Map([...live.memberships].map(([k, v]) => [k, v?.role ?? null]));
  const sim = simulate(live.tree, roles, live.people, input.set.operations);
  // The simulated trees' units carry their names: an explanation names units from them.
  const namesNow: UnitNames = live.tree.units;
  const namesAfter: UnitNames = sim.after.units;
  const results = input.checks.map((c, i): WhatIfAnswer['results'][number] => {
    try {
      assertKnownPermission(c.permission, catalogue);
      const subject = subjects[i];
      const now = unitIn(live.tree, c.unitId);
      if (!now) throw checkUnitNotFound();
      const after = unitIn(sim.after, c.unitId);
      // Both answers are told, so the caller must be able to ask where the unit is now and where it
      // would be; and only then learns whether the subject is one of the organization's.
      askOrThrow(input.mayAsk, now, subject?.userId);
      if (after) askOrThrow(input.mayAsk, after, subject?.userId);
      if (!subject?.found) throw subjectNotFound();
      const access = (memberships: SubjectAccess['memberships']): ActorAccess => ({ tenantId: db.tenantId, userId: subject.userId, memberships, catalogue });
      const before = verdictOf(explainPermission(access(subject.memberships), c.permission, now), input.explain, catalogue, namesNow);
      const projected = subject.deactivated ? [] : projectMemberships(subject.userId, subject.memberships, input.set.operations, sim);
      const afterVerdict = after ? verdictOf(explainPermission(access(projected), c.permission, after), input.explain, catalogue, namesAfter) : unitGone(now.name ?? 'The unit');
      const result: WhatIfResult = {
        subject: { userId: subject.userId }, permission: c.permission, unitId: c.unitId,
        before, after: afterVerdict, changed: before.allowed !== afterVerdict.allowed,
      };
      return result;
    } catch (e) {
      return itemError(e);
    }
  });
  return { results, opsVersion: input.set.header.opsVersion };
}

function unitIn(tree: Tree, unitId: string): (UnitRef & { name: string }) | undefined {
  const u = tree.units.get(unitId);
  const path = u && pathIn(tree, unitId);
  return u && path ? { id: u.id, path, name: u.name } : undefined;
}

/** Each distinct subject resolved and read once (in parallel); undefined where nobody here has it. */
async function readSubjects(db: TenantDb, subjects: Subject[]): Promise<(SubjectAccess | undefined)[]> {
  const key = (s: Subject) => JSON.stringify(s);
  const distinct = new Map(subjects.map((s) => [key(s), s]));
  const read = new Map(await Promise.all([...distinct].map(async ([k, s]) => {
    const userId = await resolveSubject(db, s);
    return [k, userId ? await readSubjectAccess(db, userId) : undefined] as const;
  })));
  return subjects.map((s) => read.get(key(s)));
}
