// What a change of someone's reporting line is decided and written on: the person and the chosen
// manager as stored, each read with one strongly consistent Query of their partition (their
// profile, their memberships' units, their own line), in parallel. The units are the decision's
// place (lib/authz `reportingLine.change`); the manager's line is the first step of the chain walk.
import 'server-only';
import type { UnitRef } from '../authz';
import { keys, queryAll, type TenantDb } from '../db';
import { validateId } from '../validation';
import { managerNotFound, personNotFound, selfManager } from './errors';
import { toReportingLine } from './line-item';
import type { ReportingLine } from './types';

export interface LinePerson {
  userId: string;
  name: string;
  email: string;
  /** Every unit they belong to, with its path as stored on the membership. */
  units: UnitRef[];
  /** Their own line, when they have a manager. */
  line?: ReportingLine;
}

export interface LineChange {
  person: LinePerson;
  /** The chosen manager; absent when the line is being cleared. */
  manager?: LinePerson;
}

/** The person's partition read once, or undefined when they are not in this tenant. */
export async function readLinePerson(db: TenantDb, userId: string): Promise<LinePerson | undefined> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.userPartition(db.tenantId, userId) },
    ConsistentRead: true,
  });
  const profile = items.find((i) => i.type === 'tenantUser');
  if (!profile) return undefined;
  const units = items
    .filter((i) => i.type === 'membership' && typeof i.unitId === 'string' && typeof i.unitPath === 'string')
    .map((i): UnitRef => ({ id: String(i.unitId), path: String(i.unitPath) }));
  const line = items.find((i) => i.type === 'reportingLine');
  return {
    userId,
    name: typeof profile.name === 'string' ? profile.name : '',
    email: typeof profile.email === 'string' ? profile.email : '',
    units,
    ...(line ? { line: toReportingLine(line) } : {}),
  };
}

/** Reads both people; refuses a person or manager not in this tenant, and a person as their own manager. */
export async function readLineChange(db: TenantDb, rawUserId: string, rawManagerId: string | null): Promise<LineChange> {
  const userId = validateId(rawUserId, 'user');
  const managerId = rawManagerId === null ? null : validateId(rawManagerId, 'user');
  if (managerId === userId) throw selfManager();
  const [person, manager] = await Promise.all([readLinePerson(db, userId), managerId ? readLinePerson(db, managerId) : undefined]);
  if (!person) throw personNotFound();
  if (managerId && !manager) throw managerNotFound();
  return { person, ...(manager ? { manager } : {}) };
}

/** The place of the `reportingLine.change` decision. */
export const lineChangePlace = (change: LineChange) => ({
  userId: change.person.userId,
  units: change.person.units,
  managerUnits: change.manager?.units ?? [],
  clearing: !change.manager,
});
