// The console's search box (T10): units the actor may see and, for owners and admins, members,
// by name or email prefix, each unit with its parent's name so two "Platform" units can be told
// apart. Its requests are listed in docs/data-model.md ("Screen budgets").
import 'server-only';
import type { ScreenContext } from './screen-context';
import { can, tenantRole } from '../authz';
import { search, SEARCH_PAGE } from '../search';
import { unitLabels } from '../org/unit-labels';

/** Hits shown in the dropdown. */
export const SEARCH_HITS = 12;

export type SearchHit =
  | { kind: 'unit'; id: string; name: string; parentName?: string; childCount: number; memberCount: number }
  | { kind: 'member'; userId: string; name: string; email: string };

export async function searchConsole(ctx: ScreenContext, q: string): Promise<SearchHit[]> {
  ctx.authorize('tenant.read', {});
  const access = ctx.actor;
  const tenantWide = Boolean(tenantRole(access));
  // Everyone else's hits are filtered by visibility afterwards: read more to keep the list useful.
  const results = await search(ctx.db, q, { limit: tenantWide ? SEARCH_HITS : SEARCH_PAGE.max });
  const listsMembers = can(access, 'members.list', {});
  const visible = results
    .filter((r) => (r.kind === 'unit' ? can(access, 'tree.read', { unit: r.unit }) : listsMembers))
    .slice(0, SEARCH_HITS);

  const parents = await unitLabels(ctx.db, visible.flatMap((r) => (r.kind === 'unit' && r.unit.parentId ? [r.unit.parentId] : [])));
  const parentName = new Map([...parents].map(([id, label]) => [id, label.name]));

  return visible.map((r) =>
    r.kind === 'unit'
      ? {
          kind: 'unit',
          id: r.unit.id,
          name: r.unit.name,
          ...(r.unit.parentId && parentName.has(r.unit.parentId) ? { parentName: parentName.get(r.unit.parentId) } : {}),
          childCount: r.unit.childCount,
          memberCount: r.unit.memberCount,
        }
      : { kind: 'member', userId: r.user.userId, name: r.user.name, email: r.user.email },
  );
}
