// Setting or clearing a person's manager, refusing loops of managers even under concurrency.
//
// The chain is walked up from the chosen manager, one GetItem per step (≤ MAX_CHAIN), and the
// write is conditioned on every line it read being unchanged (its version; for the top of the
// chain, still no line), on both profiles existing and on the person's own line as read (or as
// the caller last saw it: a 409 then). Two concurrent writes A→B and B→A each read the other's
// line as absent and check it still is, so DynamoDB lets at most one of them land; the other is
// walked again and refused as a loop.
import 'server-only';
import { auditEntryPut } from '../audit';
import { batchGet, getItem, keys, transaction, type AuditActor, type TenantDb, type TransactItem } from '../db';
import { versionConflict } from '../errors';
import { badLineVersion, chainTooDeep, lineBusy, lineCycle, managerNotFound, OUTSIDE_VIEW, personNotFound } from './errors';
import { lineItem, toReportingLine } from './line-item';
import type { LineChange, LinePerson } from './line-change';
import { MAX_CHAIN, type ReportingLine } from './types';

export interface SetManagerOptions {
  source: ReportingLine['source'];
  /** The line's version the caller saw; a change since answers `reportingLine.versionConflict`. */
  expectedVersion?: number;
  /**
   * Of these people, those the caller may see: a refusal names only them (the others as
   * "someone outside your view"). Absent: the caller sees everyone.
   */
  visible?: Visible;
}

export type Visible = (userIds: string[]) => Promise<ReadonlySet<string>>;

/** Rebuilt from fresh reads this many times when a line it read changed meanwhile. */
const ATTEMPTS = 3;

/** The line after the change, or null when the person has no manager now. */
export async function setManager(db: TenantDb, actor: AuditActor, change: LineChange, options: SetManagerOptions): Promise<ReportingLine | null> {
  const expected = options.expectedVersion;
  if (expected !== undefined && (!Number.isInteger(expected) || expected < 1)) throw badLineVersion();
  let { person, manager } = change;
  for (let attempt = 1; ; attempt++) {
    const current = person.line;
    if (expected !== undefined && current?.version !== expected) throw versionConflict('reportingLine', current?.version, current ?? null);
    if ((current?.managerId ?? null) === (manager?.userId ?? null)) return current ?? null;
    const chain = manager ? await walkUp(db, person, manager, options.visible) : [];
    const outcome = await write(db, actor, person, manager, chain, options);
    if (outcome !== 'retry') return outcome;
    if (attempt >= ATTEMPTS) throw lineBusy();
    // Read again: the person's line (for its version) and the manager's (the chain's first step).
    const [line, top] = await Promise.all([readLine(db, person.userId), manager ? readLine(db, manager.userId) : undefined]);
    person = { ...person, line };
    if (manager) manager = { ...manager, line: top };
  }
}

/** Refuses, without writing, a change that would close a loop or make the chain too long (a directory's pre-check). */
export async function checkChain(db: TenantDb, change: LineChange, visible?: Visible): Promise<void> {
  if (change.manager) await walkUp(db, change.person, change.manager, visible);
}

/** One line read on the way up: whose it is and its version, or absent at the top of the chain. */
interface ChainStep {
  userId: string;
  line?: ReportingLine;
}

async function readLine(db: TenantDb, userId: string): Promise<ReportingLine | undefined> {
  const item = await getItem(db, keys.reportingLine(db.tenantId, userId));
  return item ? toReportingLine(item) : undefined;
}

/** From the manager up to the top; refuses a loop back to the person and a chain too long. */
async function walkUp(db: TenantDb, person: LinePerson, manager: LinePerson, visible?: Visible): Promise<ChainStep[]> {
  const steps: ChainStep[] = [{ userId: manager.userId, ...(manager.line ? { line: manager.line } : {}) }];
  for (let line = manager.line; line; ) {
    if (line.managerId === person.userId) throw lineCycle(await names(db, [person.userId, ...steps.map((s) => s.userId), person.userId], visible));
    // The person, their manager and everyone above: the new chain would be this long.
    if (steps.length + 1 >= MAX_CHAIN) throw chainTooDeep(MAX_CHAIN);
    // A loop already above (never written by this path, but data can arrive otherwise): retrying
    // cannot help, so name it for someone to break.
    const top = line.managerId;
    const from = steps.findIndex((s) => s.userId === top);
    if (from >= 0) throw lineCycle(await names(db, [...steps.slice(from).map((s) => s.userId), top], visible), true);
    const next = await readLine(db, line.managerId);
    steps.push({ userId: line.managerId, ...(next ? { line: next } : {}) });
    line = next;
  }
  return steps;
}

/**
 * The people of a loop by name (their email when unnamed), for the refusal: one BatchGetItem,
 * beside the caller's visibility of them. Someone the caller may not see is not named.
 */
async function names(db: TenantDb, userIds: string[], visible?: Visible): Promise<string[]> {
  const unique = [...new Set(userIds)];
  const [found, seen] = await Promise.all([
    batchGet(db, unique.map((u) => keys.tenantUser(db.tenantId, u)), { projection: ['userId', 'name', 'email'] }),
    visible?.(unique),
  ]);
  const byId = new Map(found.map((p) => [String(p.userId), String(p.name || p.email || p.userId)]));
  return userIds.map((u) => (seen && !seen.has(u) ? OUTSIDE_VIEW : byId.get(u) ?? u));
}

async function write(
  db: TenantDb, actor: AuditActor, person: LinePerson, manager: LinePerson | undefined, chain: ChainStep[], options: SetManagerOptions,
): Promise<ReportingLine | null | 'retry'> {
  const t = db.tenantId;
  const current = person.line;
  const now = new Date().toISOString();
  const next: ReportingLine | null = manager
    ? { userId: person.userId, managerId: manager.userId, version: (current?.version ?? 0) + 1, source: options.source, updatedAt: now }
    : null;
  const lineKey = keys.reportingLine(t, person.userId);
  const asRead = current
    ? { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': current.version } }
    : { ConditionExpression: 'attribute_not_exists(PK)' };
  // The caller's own version changed: a conflict to show; otherwise a line read meanwhile changed: read again.
  const lineChanged = (stored: Record<string, unknown> | undefined) =>
    options.expectedVersion !== undefined ? versionConflict('reportingLine', stored ? Number(stored.version) : undefined, stored ? toReportingLine(stored) : null) : 'retry';
  const lineWrite: TransactItem = next
    ? { Put: { TableName: db.tableName, Item: lineItem(t, next), ...asRead } }
    : { Delete: { TableName: db.tableName, Key: lineKey, ...asRead } };
  const exists = (userId: string): TransactItem => ({
    ConditionCheck: { TableName: db.tableName, Key: keys.tenantUser(t, userId), ConditionExpression: 'attribute_exists(PK)' },
  });
  const unchanged = (step: ChainStep): TransactItem => ({
    ConditionCheck: {
      TableName: db.tableName,
      Key: keys.reportingLine(t, step.userId),
      ...(step.line
        ? { ConditionExpression: '#version = :version', ExpressionAttributeNames: { '#version': 'version' }, ExpressionAttributeValues: { ':version': step.line.version } }
        : { ConditionExpression: 'attribute_not_exists(PK)' }),
    },
  });
  const tx = transaction(db)
    .add(lineWrite, lineChanged)
    .add(exists(person.userId), () => personNotFound());
  if (manager) tx.add(exists(manager.userId), () => managerNotFound());
  tx.add(chain.map(unchanged), () => 'retry');
  tx.add(
    auditEntryPut(db, {
      actor,
      action: 'reportingLine.change',
      target: { type: 'person', id: person.userId, label: person.email },
      ...(person.units[0] ? { unitId: person.units[0].id } : {}),
      before: { managerId: current?.managerId ?? null },
      after: { userId: person.userId, managerId: manager?.userId ?? null, previousManagerId: current?.managerId ?? null, source: options.source },
    }),
  );
  return (await tx.send()) === 'retry' ? 'retry' : next;
}
