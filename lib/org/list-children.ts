// T3: a unit's direct children by name (lower-cased), one Query page of GSI2, with a signed
// cursor bound to the parent. Children only change parent in a move's commit transaction, so
// this list is never torn by a move in progress.
import 'server-only';
import { INDEX, keys, pageSize, queryPage, type Page, type TenantDb } from '../db';
import { validateId } from '../validation';
import { viewUnits } from './job-view';
import { CHILDREN_PAGE, type PageOptions } from './tree-pages';
import { toUnit, type Unit } from './unit-item';

export async function listChildren(db: TenantDb, parentId: string, options: PageOptions = {}): Promise<Page<Unit>> {
  const id = validateId(parentId, 'unit');
  const page = await queryPage(
    db,
    {
      IndexName: INDEX.gsi2,
      KeyConditionExpression: 'GSI2PK = :pk',
      ExpressionAttributeValues: { ':pk': keys.gsi2.children(db.tenantId, id) },
    },
    { limit: pageSize(options.limit, CHILDREN_PAGE), scope: `T3:${db.tenantId}:${id}`, cursor: options.cursor },
  );
  return { items: await viewUnits(db, page.items.map(toUnit)), nextCursor: page.nextCursor };
}
