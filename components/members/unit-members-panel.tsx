'use client';
// The members section of a unit page: direct members with their roles (T6) or everyone in the
// subtree (T7), a page at a time; add an existing member, invite by email, change a role
// (conflicts resolved with the person), remove. What the actor may do comes from the server.
import { Field, Label, Switch } from '@headlessui/react';
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/toaster';
import { useUnitName } from '@/components/tree/tree-provider';
import { call } from '@/lib/api/client';
import type { MemberRowView, MemberScope, PendingInvitations, UnitMembersPage, UnitMembersPermissions, UnitSummary } from '@/lib/screens/unit-members';
import { AddMemberDialog } from './add-member-dialog';
import { InviteDialog } from './invite-dialog';
import { MemberRowControls } from './member-row-controls';
import { PendingInvitationsList } from './pending-invitations';
import { useAdministratorsRecheck } from '@/components/units/use-administrators-recheck';

export interface UnitMembersPanelProps {
  unit: UnitSummary;
  /** First page of direct members, from loadUnitMembers. */
  initial: UnitMembersPage;
  permissions: UnitMembersPermissions;
  /** The unit's pending invitations, for those who may invite here. */
  pending?: PendingInvitations;
}

const rowKey = (r: MemberRowView) => `${r.unitId}/${r.userId}`;

export function UnitMembersPanel({ unit, initial, permissions, pending }: UnitMembersPanelProps) {
  // The name as the console knows it now (renamed on this page a moment ago).
  const unitName = useUnitName(unit.id, unit.name);
  const router = useRouter();
  // A role given or taken here can change who administers the unit (and those below it).
  const recheckAdministrators = useAdministratorsRecheck();
  const [page, setPage] = useState<UnitMembersPage>(initial);
  const [loading, setLoading] = useState(false);
  const [dialog, setDialog] = useState<'add' | 'invite' | null>(null);
  const subtree = page.scope === 'subtree';

  async function load(scope: MemberScope, cursor?: string) {
    setLoading(true);
    try {
      const next = await call('memberships.list', { params: { unitId: unit.id }, query: { scope, ...(cursor ? { cursor } : {}) } });
      setPage((prev) => (cursor ? { ...next, rows: [...prev.rows, ...next.rows] } : next));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not load the members.');
    } finally {
      setLoading(false);
    }
  }

  async function changed(row: MemberRowView) {
    setPage((p) => ({ ...p, rows: p.rows.map((r) => (rowKey(r) === rowKey(row) ? row : r)) }));
    await recheckAdministrators();
    router.refresh();
  }

  async function removed(row: MemberRowView) {
    setPage((p) => ({ ...p, rows: p.rows.filter((r) => rowKey(r) !== rowKey(row)) }));
    await recheckAdministrators();
    router.refresh();
  }

  async function added(row: MemberRowView) {
    // Direct members are listed by user id, not by name: a new one goes on top until the next load.
    if (page.scope === 'direct' || row.unitId === unit.id) setPage((p) => ({ ...p, rows: [row, ...p.rows.filter((r) => rowKey(r) !== rowKey(row))] }));
    await recheckAdministrators();
    router.refresh();
  }

  return (
    <section aria-labelledby={`members-${unit.id}`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`members-${unit.id}`} className="text-lg font-semibold">
          Members
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <Field className="flex items-center gap-2">
            <Switch
              checked={subtree}
              onChange={(on: boolean) => load(on ? 'subtree' : 'direct')}
              disabled={loading}
              className="group relative inline-flex h-5 w-9 shrink-0 cursor-pointer rounded-full bg-zinc-300 transition-colors data-checked:bg-emerald-700 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-emerald-600 dark:bg-zinc-700 dark:data-checked:bg-emerald-600"
            >
              <span aria-hidden="true" className="pointer-events-none mt-0.5 ml-0.5 inline-block size-4 rounded-full bg-white shadow transition-transform group-data-checked:translate-x-4" />
            </Switch>
            <Label className="text-sm">Everyone in this subtree</Label>
          </Field>
          {permissions.addRoles.length > 0 && (
            <Button size="sm" onClick={() => setDialog('add')}>
              Add member
            </Button>
          )}
          {permissions.inviteRoles.length > 0 && (
            <Button size="sm" variant="primary" onClick={() => setDialog('invite')}>
              Invite
            </Button>
          )}
        </div>
      </div>

      {page.rows.length === 0 ? (
        <EmptyState title={subtree ? 'Nobody in this subtree yet' : `Nobody belongs to ${unitName} directly`}>
          {permissions.inviteRoles.length > 0 ? 'Invite someone by email, or add a member of the organization.' : undefined}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table className="table-stack w-full text-sm">
            <caption className="sr-only">{subtree ? `Everyone in ${unitName} and below` : `Direct members of ${unitName}`}</caption>
            <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Name</th>
                <th scope="col" className="px-3 py-2 font-medium">Email</th>
                {subtree && <th scope="col" className="px-3 py-2 font-medium">Unit</th>}
                <th scope="col" className="px-3 py-2 text-right font-medium">Role</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {page.rows.map((row) => (
                <tr key={rowKey(row)}>
                  <td className="px-3 py-2">
                    <Link href={`/members/${row.userId}`} className="font-medium hover:underline focus-visible:underline">
                      {row.name || row.email}
                    </Link>
                    {row.isSelf && <span className="ml-1 text-xs text-zinc-600 dark:text-zinc-400">(you)</span>}
                  </td>
                  <td className="px-3 py-2 text-zinc-700 dark:text-zinc-300">{row.email}</td>
                  {subtree && (
                    <td data-label="Unit" className="px-3 py-2">
                      {row.unitId === unit.id ? (
                        <span>{row.unitName}</span>
                      ) : (
                        <Link href={`/units/${row.unitId}`} className="hover:underline">
                          {row.unitName}
                        </Link>
                      )}
                    </td>
                  )}
                  <td className="px-3 py-2">
                    <MemberRowControls row={row} onChanged={changed} onRemoved={() => removed(row)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.nextCursor && (
        <Button size="sm" onClick={() => load(page.scope, page.nextCursor)} disabled={loading}>
          {loading ? 'Loading…' : 'Show more'}
        </Button>
      )}

      {pending && <PendingInvitationsList unitName={unit.name} pending={pending} onChanged={() => router.refresh()} />}

      {permissions.addRoles.length > 0 && (
        <AddMemberDialog
          open={dialog === 'add'}
          onClose={() => setDialog(null)}
          target={{ unit: { id: unit.id, name: unit.name, addRoles: permissions.addRoles, customRoles: permissions.addCustomRoles } }}
          onAdded={added}
        />
      )}
      {permissions.inviteRoles.length > 0 && (
        <InviteDialog
          open={dialog === 'invite'}
          onClose={() => setDialog(null)}
          unit={{ id: unit.id, name: unit.name, parents: [], addRoles: permissions.addRoles, inviteRoles: permissions.inviteRoles }}
          fixedUnit
          onInvited={() => router.refresh()}
        />
      )}
    </section>
  );
}
