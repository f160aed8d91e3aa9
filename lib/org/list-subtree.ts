// T4: a whole subtree in path order, one Query page of GSI1 (`begins_with` the unit's path),
// with an opaque, signed cursor bound to the unit (`T4:<tenant>:<unit>`).
//
// Later pages take the subtree's path from the cursor's key (every path below the unit holds its
// id), so each is one Query and stays on the subtree the listing began with. A page that meets a
// move in progress, or an index still propagating a move (a unit listed without its parent),
// answers `tree.moveInProgress` instead of a page that could repeat or skip units; see
// docs/data-model.md, "Moves".
import 'server-only';
import { decodeCursor, INDEX, keys, pageSize, queryPage, type Page, type TenantDb, UNIT_PATH } from '../db';
import { badCursor } from '../db/errors';
import { validateId } from '../validation';
import { getUnitOrThrow } from './get-unit';
import { guardTreePage } from './job-view';
import { SUBTREE_PAGE, type PageOptions } from './tree-pages';
import { toUnit, type Unit } from './unit-item';
import { badPath, treeMoveInProgress } from './errors';

/** `unit` is an id, or the unit the caller has just read (saves the GetItem of the first page). */
export async function listSubtree(
  db: TenantDb,
  unit: string | Pick<Unit, 'id' | 'path'>,
  options: PageOptions = {},
): Promise<Page<Unit>> {
  const id = validateId(typeof unit === 'string' ? unit : unit.id, 'unit');
  const scope = `T4:${db.tenantId}:${id}`;
  const start = decodeCursor(scope, options.cursor);
  const path = start ? resumedPath(start, id) : typeof unit === 'string' ? (await getUnitOrThrow(db, id)).path : unit.path;
  if (!UNIT_PATH.test(path) || !path.endsWith(`/${id}/`)) throw badPath();

  const page = await queryPage(
    db,
    {
      IndexName: INDEX.gsi1,
      KeyConditionExpression: 'GSI1PK = :pk AND begins_with(GSI1SK, :path)',
      ExpressionAttributeValues: { ':pk': keys.gsi1.tree(db.tenantId), ':path': path },
    },
    { limit: pageSize(options.limit, SUBTREE_PAGE), scope, start },
  );
  const units = (await guardTreePage(db, page.items)).map(toUnit);
  // The first page starts with the unit itself; if the index doesn't have it there, the unit is
  // mid-move (its descendants not yet rewritten) or the index hasn't caught up.
  if (!start && units[0]?.path !== path) throw treeMoveInProgress();
  assertNoOrphans(units, path, start?.GSI1SK as string | undefined);
  return { items: units, nextCursor: page.nextCursor };
}

/** The subtree's path as the previous page had it: the cursor key's path up to the unit's id. */
function resumedPath(start: Record<string, unknown>, id: string): string {
  const after = start.GSI1SK;
  const at = typeof after === 'string' ? after.indexOf(`/${id}/`) : -1;
  if (typeof after !== 'string' || at < 0) throw badCursor();
  return after.slice(0, at + id.length + 2);
}

/**
 * In path order a parent sorts before its children, so within the range this page covers every
 * unit's parent must be on the page. One that is not means the index is mid-way through a
 * change that moved it (index updates land item by item, even for one transaction).
 */
function assertNoOrphans(units: Unit[], scopePath: string, startAfter: string | undefined) {
  const paths = new Set(units.map((u) => u.path));
  for (const u of units) {
    if (u.path === scopePath) continue;
    const parentPath = u.path.slice(0, u.path.length - u.id.length - 1);
    if (paths.has(parentPath)) continue;
    if (startAfter === undefined || parentPath > startAfter) throw treeMoveInProgress();
  }
}
