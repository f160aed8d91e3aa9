'use client';
// Who holds a custom role, and where: a page at a time (roles.holders), each row linking to the
// person and the unit.
import { useEffect, useState } from 'react';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/directory-sync/card';
import { EmptyState } from '@/components/ui/empty-state';
import { call, type CallAnswer } from '@/lib/api/client';
import type { CustomRole } from '@/lib/authz/role-catalogue';

type HoldersPage = CallAnswer<'roles.holders'>;

export function RoleHolders({ role }: { role: CustomRole }) {
  const [rows, setRows] = useState<HoldersPage['items']>([]);
  const [cursor, setCursor] = useState<string>();
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function load(after?: string) {
    setBusy(true);
    setError(undefined);
    try {
      const page = await call('roles.holders', { params: { roleKey: role.key }, query: after ? { cursor: after } : {} });
      setRows((prev) => (after ? [...prev, ...page.items] : page.items));
      setCursor(page.nextCursor ?? undefined);
      setLoaded(true);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not load who holds the role.');
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    void load();
    // The role's version: after a change the list is read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [role.key, role.version]);

  return (
    <Card id="role-holders" title="Who holds it" description="Each membership holding this role, and the unit it is held on.">
      {error && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{error}</p>}
      {!loaded && !error && <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>}
      {loaded && rows.length === 0 && <EmptyState title="Nobody holds it yet">Give it to people on a unit’s page.</EmptyState>}
      {rows.length > 0 && (
        <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800" aria-label={`Holders of ${role.name}`}>
          {rows.map((h) => (
            <li key={`${h.unitId}/${h.userId}`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 p-3 text-sm">
              <span className="min-w-0 break-words">
                <Link className="font-medium hover:underline" href={`/members/${h.userId}`}>{h.name || h.email}</Link>
                <span className="block text-xs text-zinc-600 dark:text-zinc-400">{h.email}</span>
              </span>
              <Link className="min-w-0 break-words hover:underline" href={`/units/${h.unitId}`}>{h.unitName}</Link>
            </li>
          ))}
        </ul>
      )}
      {cursor && <Button size="sm" onClick={() => void load(cursor)} disabled={busy}>{busy ? 'Loading…' : 'Show more'}</Button>}
    </Card>
  );
}
