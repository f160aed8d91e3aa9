'use client';
// /members: everyone in the organization and the pending invitations, with their units and roles,
// joined date and last sign-in; searchable by the start of a name or an email, ordered by email,
// name or joined date, narrowed to a role or a unit. Search, order and filters live in the address
// (?q=&sort=&role=&unit=) so they can be shared and the server renders the first page, whose rows
// arrive as children (PeopleRows, rendered there); further pages are fetched here and appended.
// People can be selected for a bulk role change or removal.
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { MemberListRow, MembersScreen, MembersPageView, UnitOption } from '@/lib/screens/members';
import { inputClass } from '@/components/ui/text-field';
import { BulkMembersDialog, type BulkKind } from './bulk-members-dialog';
import { UnitPicker } from './unit-picker';
import { InviteDialog } from './invite-dialog';
import { PeopleRows } from './people-rows';
import { PeopleSelectionContext } from './people-selection';

export interface PeopleListProps {
  /** The screen without the first page's rows: those come rendered, as children. */
  screen: Omit<MembersScreen, 'page'> & { page: Omit<MembersPageView, 'rows'> };
  /** The first page's members (and the name shown for each), for "select everyone shown". */
  members: { userId: string; label: string }[];
  /** Rows on the first page, members and invitations. */
  rowCount: number;
  now: string;
  children: ReactNode;
}

export function PeopleList({ screen, members: firstMembers, rowCount, now, children }: PeopleListProps) {
  const router = useRouter();
  const pathname = usePathname();
  const [later, setLater] = useState<MemberListRow[]>([]);
  const [nextCursor, setNextCursor] = useState(screen.page.nextCursor);
  const [query, setQuery] = useState(screen.page.query);
  const [loading, setLoading] = useState(false);
  const [searching, startSearch] = useTransition();
  const [inviting, setInviting] = useState(false);
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [bulk, setBulk] = useState<BulkKind | null>(null);
  const page = screen.page;
  const view = page.view;

  // A new server page (new search, order or filter, or refresh after a change) replaces what was
  // loaded, and the selection with it.
  useEffect(() => {
    setLater([]);
    setNextCursor(screen.page.nextCursor);
    setSelected(new Map());
  }, [screen.page]);

  /** The address for a search, order and filters (empty ones left out). */
  const addressFor = (next: { q?: string; sort?: string; role?: string; unit?: string }) => {
    // encodeURIComponent, not URLSearchParams: a space stays %20 in the address people share.
    const s = Object.entries(next)
      .filter(([k, v]) => v && !(k === 'sort' && v === 'email'))
      .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
      .join('&');
    return s ? `${pathname}?${s}` : pathname;
  };
  const current = { q: screen.page.query, sort: view.sort, role: view.role, unit: view.unit?.id };
  // Two quick choices (a role, then an order) both count: the second builds on the first's address
  // even before its page has arrived.
  const requested = useRef(current);
  useEffect(() => {
    requested.current = { q: screen.page.query, sort: screen.page.view.sort, role: screen.page.view.role, unit: screen.page.view.unit?.id };
  }, [screen.page]);
  const narrow = (change: Partial<typeof current>) => {
    requested.current = { ...requested.current, ...change };
    const address = addressFor(requested.current);
    startSearch(() => router.replace(address, { scroll: false }));
  };

  // Typing searches after a short pause; the address keeps the search.
  useEffect(() => {
    if (query.trim() === screen.page.query) return;
    const timer = setTimeout(() => {
      const q = query.trim();
      narrow({ q });
    }, 300);
    return () => clearTimeout(timer);
    // `narrow` reads the latest choices from its ref; screen.page and pathname are listed.
  }, [query, screen.page.query, pathname, router]);

  async function more() {
    if (!nextCursor) return;
    setLoading(true);
    try {
      const next = await call('members.list', {
        query: { cursor: nextCursor, ...(page.query ? { q: page.query } : {}), sort: view.sort, role: view.role, unit: view.unit?.id },
      });
      // Without `forUnit` the answer is a page of the directory.
      if ('rows' in next) {
        setLater((rows) => [...rows, ...next.rows]);
        setNextCursor(next.nextCursor);
      }
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not load more people.');
    } finally {
      setLoading(false);
    }
  }

  const members = [...firstMembers, ...later.flatMap((r) => (r.kind === 'member' ? [{ userId: r.userId, label: r.name || r.email }] : []))];
  const shown = rowCount + later.length;
  const selection = {
    selected,
    toggle: (userId: string, label: string, on: boolean) =>
      setSelected((prev) => {
        const next = new Map(prev);
        if (on) next.set(userId, label);
        else next.delete(userId);
        return next;
      }),
  };

  const rootOption = { id: screen.root.id, name: screen.root.name, parents: [], addRoles: [], inviteRoles: screen.inviteRoles };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold">Members</h1>
        {screen.inviteRoles.length > 0 && (
          <Button variant="primary" onClick={() => setInviting(true)}>
            Invite people
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <form role="search" onSubmit={(e) => e.preventDefault()} className="w-full max-w-md">
          <TextField
            label="Search members"
            type="search"
            placeholder="Start of a name or email"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            hint={searching ? 'Searching…' : undefined}
          />
        </form>
        <label className="block text-sm font-medium">
          <span className="mb-1 block">Sort by</span>
          <select className={inputClass} value={view.sort} disabled={Boolean(page.query || view.unit)} onChange={(e) => narrow({ sort: e.target.value as typeof view.sort })}>
            <option value="email">Email</option>
            <option value="name">Name</option>
            <option value="joined">Joined</option>
          </select>
        </label>
        <label className="block text-sm font-medium">
          <span className="mb-1 block">Role</span>
          <select className={inputClass} value={view.role ?? ''} onChange={(e) => narrow({ role: (e.target.value || undefined) as typeof view.role })}>
            <option value="">Any role</option>
            <option value="owner">Owner</option>
            <option value="admin">Admin</option>
            <option value="manager">Manager</option>
            <option value="member">Member</option>
          </select>
        </label>
        <div className="w-full max-w-xs">
          <UnitPicker
            label="In unit"
            value={view.unit ? ({ id: view.unit.id, name: view.unit.name, parents: [], addRoles: [], inviteRoles: [] } satisfies UnitOption) : null}
            onChange={(u) => narrow({ unit: u?.id, q: '' })}
          />
        </div>
        {view.unit && (
          <Button variant="ghost" onClick={() => narrow({ unit: undefined })} aria-label={`Show everyone, not only ${view.unit.name}`}>
            Clear unit
          </Button>
        )}
      </div>

      {selected.size > 0 && (
        <div role="region" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm dark:border-emerald-900 dark:bg-emerald-950/40">
          <span className="font-medium">{selected.size} selected</span>
          <Button size="sm" onClick={() => setBulk('changeRole')}>Change role…</Button>
          <Button size="sm" variant="danger" onClick={() => setBulk('remove')}>Remove…</Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())}>Clear selection</Button>
        </div>
      )}

      {shown === 0 ? (
        <EmptyState title={page.query ? `Nobody matches “${page.query}”` : view.role || view.unit ? 'Nobody matches these filters' : 'Nobody here yet'}>
          {page.query ? 'Names and emails are matched from their start.' : view.role || view.unit ? 'Choose another role or unit.' : 'Invite people by email to get started.'}
        </EmptyState>
      ) : (
        <PeopleSelectionContext value={selection}>
          <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
            <table className="table-stack w-full text-sm">
              <caption className="sr-only">{page.query ? `Members matching ${page.query}` : view.unit ? `Members of ${view.unit.name}` : 'Members and pending invitations'}</caption>
              <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
                <tr>
                  <th scope="col" className="w-8 px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label="Select everyone shown"
                      checked={members.length > 0 && members.every((m) => selected.has(m.userId))}
                      onChange={(e) => setSelected(e.target.checked ? new Map(members.map((m) => [m.userId, m.label])) : new Map())}
                    />
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">Name</th>
                  <th scope="col" className="px-3 py-2 font-medium">Email</th>
                  <th scope="col" className="px-3 py-2 font-medium">Units and roles</th>
                  <th scope="col" className="px-3 py-2 font-medium">Joined</th>
                  <th scope="col" className="px-3 py-2 font-medium">Last sign-in</th>
                  <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {children}
                <PeopleRows rows={later} now={now} mailEnabled={screen.mailEnabled} />
              </tbody>
            </table>
          </div>
        </PeopleSelectionContext>
      )}
      <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
        Showing {shown} {shown === 1 ? 'row' : 'rows'}{nextCursor ? ' · more below' : ''}
      </p>
      {nextCursor && (
        <Button onClick={more} disabled={loading}>
          {loading ? 'Loading…' : 'Show more'}
        </Button>
      )}

      {screen.inviteRoles.length > 0 && (
        <InviteDialog open={inviting} onClose={() => setInviting(false)} unit={rootOption} onInvited={() => router.refresh()} />
      )}
      {bulk && (
        <BulkMembersDialog
          kind={bulk}
          people={[...selected].map(([userId, label]) => ({ userId, label }))}
          unit={view.unit}
          onClose={() => setBulk(null)}
          onDone={(changed) => {
            if (changed.length) {
              setSelected(new Map());
              router.refresh();
            }
          }}
        />
      )}
    </div>
  );
}
