'use client';
// /members: everyone in the organization and the pending invitations, searchable by the start
// of a name or an email. The search lives in the address (?q=) so it can be shared and the
// server renders the first page; further pages are fetched here and appended.
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { RoleBadge } from '@/components/ui/role-badge';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toaster';
import { api } from '@/lib/api/client';
import type { MemberListInvitation, MembersScreen, MembersPageView } from '@/lib/screens/members';
import { RelativeTime } from '@/components/audit/relative-time';
import { InviteDialog } from './invite-dialog';

export function MembersDirectory({ screen, now }: { screen: MembersScreen; now: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [page, setPage] = useState<MembersPageView>(screen.page);
  const [query, setQuery] = useState(screen.page.query);
  const [loading, setLoading] = useState(false);
  const [searching, startSearch] = useTransition();
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<MemberListInvitation | null>(null);
  const [busy, setBusy] = useState(false);

  // A new server page (new search, or refresh after a change) replaces what was loaded.
  useEffect(() => setPage(screen.page), [screen.page]);

  // Typing searches after a short pause; the address keeps the search.
  useEffect(() => {
    if (query.trim() === screen.page.query) return;
    const timer = setTimeout(() => {
      const q = query.trim();
      startSearch(() => router.replace(q ? `${pathname}?q=${encodeURIComponent(q)}` : pathname, { scroll: false }));
    }, 300);
    return () => clearTimeout(timer);
  }, [query, screen.page.query, pathname, router]);

  async function more() {
    if (!page.nextCursor) return;
    setLoading(true);
    try {
      const params = new URLSearchParams({ cursor: page.nextCursor, ...(page.query ? { q: page.query } : {}) });
      const next = await api<MembersPageView>(`/api/v1/members?${params}`);
      setPage((p) => ({ ...next, rows: [...p.rows, ...next.rows] }));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not load more people.');
    } finally {
      setLoading(false);
    }
  }

  async function revoke(invitation: MemberListInvitation) {
    setBusy(true);
    try {
      await api(`/api/v1/invitations/${invitation.id}`, { method: 'DELETE', body: { expectedVersion: invitation.version } });
      setPage((p) => ({ ...p, rows: p.rows.filter((r) => !(r.kind === 'invitation' && r.id === invitation.id)) }));
      toast.success(`Revoked the invitation of ${invitation.email}.`);
      setRevoking(null);
      router.refresh();
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not revoke the invitation.');
      setRevoking(null);
    } finally {
      setBusy(false);
    }
  }

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
      <form role="search" onSubmit={(e) => e.preventDefault()} className="max-w-md">
        <TextField
          label="Search members"
          type="search"
          placeholder="Start of a name or email"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          hint={searching ? 'Searching…' : undefined}
        />
      </form>

      {page.rows.length === 0 ? (
        <EmptyState title={page.query ? `Nobody matches “${page.query}”` : 'Nobody here yet'}>
          {page.query ? 'Names and emails are matched from their start.' : 'Invite people by email to get started.'}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table className="table-stack w-full text-sm">
            <caption className="sr-only">{page.query ? `Members matching ${page.query}` : 'Members and pending invitations'}</caption>
            <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Name</th>
                <th scope="col" className="px-3 py-2 font-medium">Email</th>
                <th scope="col" className="px-3 py-2 font-medium">Status</th>
                <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {page.rows.map((row) =>
                row.kind === 'member' ? (
                  <tr key={`m-${row.userId}`}>
                    <td className="px-3 py-2">
                      <Link href={`/members/${row.userId}`} className="font-medium hover:underline">
                        {row.name || row.email}
                      </Link>
                    </td>
                    <td className="px-3 py-2 text-zinc-700 dark:text-zinc-300">{row.email}</td>
                    <td data-label="Memberships" className="px-3 py-2 text-zinc-700 dark:text-zinc-300">{row.units === 1 ? '1 unit' : `${row.units} units`}</td>
                    <td className="px-3 py-2" />
                  </tr>
                ) : (
                  <tr key={`i-${row.id}`} className="bg-amber-50/50 dark:bg-amber-950/20">
                    <td className="px-3 py-2">
                      <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">Invited</span>
                    </td>
                    <td className="px-3 py-2 text-zinc-700 dark:text-zinc-300">{row.email}</td>
                    <td className="px-3 py-2 text-zinc-700 dark:text-zinc-300">
                      <RoleBadge role={row.role} /> of {row.unitName} · expires <RelativeTime iso={row.expiresAt} serverNow={now} />
                    </td>
                    <td className="px-3 py-2 text-right">
                      {row.canRevoke && (
                        <Button size="sm" variant="ghost" onClick={() => setRevoking(row)} aria-label={`Revoke the invitation of ${row.email} to ${row.unitName}`}>
                          Revoke
                        </Button>
                      )}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      {page.nextCursor && (
        <Button onClick={more} disabled={loading}>
          {loading ? 'Loading…' : 'Show more'}
        </Button>
      )}

      {screen.inviteRoles.length > 0 && (
        <InviteDialog open={inviting} onClose={() => setInviting(false)} unit={rootOption} onInvited={() => router.refresh()} />
      )}
      <ConfirmDialog
        open={Boolean(revoking)}
        title={`Revoke the invitation of ${revoking?.email ?? ''}?`}
        description={revoking ? `They will no longer join ${revoking.unitName} when they sign in. You can invite them again later.` : ''}
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={() => revoking && revoke(revoking)}
        onCancel={() => setRevoking(null)}
      />
    </div>
  );
}
