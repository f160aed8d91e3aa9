// The tree and the memberships as CSV, produced page by page (T4, then T7 pages of up to 1,000)
// so a large organization streams instead of being held in memory as text. The files import
// back as they are: `path` and `unit_path` are the import columns; the ids and counts after them
// are ignored on import.
import 'server-only';
import { log } from '../observability';
import type { TenantDb } from '../db';
import { isArborError } from '../errors';
import { listSubtreeMembers } from '../members';
import { getUnitOrThrow, type Unit } from '../org';
import { getTenantSettings } from '../tenants/settings';
import { csvLine, formatUnitPath } from './csv';
import { subtreePages } from '../org';
import { jobWait, RETRY_LIMITS } from '../db/retry-policy';

export const UNITS_CSV_COLUMNS = ['path', 'name', 'id', 'parent_id', 'members', 'sub_units', 'created_at'];
export const MEMBERSHIPS_CSV_COLUMNS = ['unit_path', 'email', 'name', 'role', 'custom_roles', 'unit_id', 'user_id', 'since'];

/** A byte-order mark first, so spreadsheet programs read the file as UTF-8 (names, emoji). */
const BOM = '\uFEFF';

/** units.csv: every unit below the top one, parents before children. */
export async function* unitsCsv(db: TenantDb, root: Unit): AsyncGenerator<string> {
  yield BOM + csvLine(UNITS_CSV_COLUMNS);
  const names = new Map<string, string[]>([[root.id, []]]);
  for await (const units of subtreePages(db, root)) {
    let chunk = '';
    for (const u of units) {
      if (u.id === root.id) continue;
      const path = [...(names.get(u.parentId ?? '') ?? []), u.name];
      names.set(u.id, path);
      chunk += csvLine([formatUnitPath(path), u.name, u.id, u.parentId, u.memberCount, u.childCount, u.createdAt]);
    }
    if (chunk) yield chunk;
  }
}

/** memberships.csv: every membership, in tree order (one T4 walk for the unit names first). */
export async function* membershipsCsv(db: TenantDb, root: Unit): AsyncGenerator<string> {
  yield BOM + csvLine(MEMBERSHIPS_CSV_COLUMNS);
  const names = new Map<string, string[]>([[root.id, []]]);
  for await (const units of subtreePages(db, root)) {
    for (const u of units) if (u.id !== root.id) names.set(u.id, [...(names.get(u.parentId ?? '') ?? []), u.name]);
  }
  let cursor: string | undefined;
  do {
    const page = await withRetry(() => listSubtreeMembers(db, root.path, { limit: 1000, cursor }));
    let chunk = '';
    for (const m of page.items) {
      const path = names.get(m.unitId);
      // A unit created after the walk above: its path is unknown here; its id is still written.
      chunk += csvLine([path ? formatUnitPath(path) : '', m.email, m.name, m.role, (m.roles ?? []).join(';'), m.unitId, m.userId, m.createdAt]);
    }
    if (chunk) yield chunk;
    cursor = page.nextCursor;
  } while (cursor);
}

async function withRetry<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (e) {
      if (!(isArborError(e) && e.code === 'tree.moveInProgress') || attempt >= RETRY_LIMITS.jobWait) throw e;
      await jobWait(attempt);
    }
  }
}

/** A generator as a response body stream (UTF-8). */
export function csvStream(lines: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { value, done } = await lines.next();
        if (done) controller.close();
        else controller.enqueue(encoder.encode(value));
      } catch (e) {
        log.error({ err: e }, 'export failed');
        controller.error(e);
      }
    },
    async cancel() {
      await lines.return(undefined);
    },
  });
}

/** The top unit an export starts from, and the organization's name for the file name. */
export async function exportRoot(db: TenantDb) {
  const settings = await getTenantSettings(db);
  return { root: await getUnitOrThrow(db, settings.rootUnitId), name: settings.name };
}

/** A CSV download: attachment named after the organization and the day, never cached. */
export function exportResponse(body: ReadableStream<Uint8Array>, organization: string, what: 'units' | 'memberships') {
  const slug = organization.normalize('NFKD').replace(/[^\w]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'organization';
  const file = `${slug}-${what}-${new Date().toISOString().slice(0, 10)}.csv`;
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${file}"`,
      'cache-control': 'no-store',
    },
  });
}
