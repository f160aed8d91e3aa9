'use client';
// The member page's reporting line: the person's manager (set, changed or cleared by whoever may,
// with a person picker), their direct reports (the first page, more on request) and a link to
// them in the people chart. A refusal (a loop of managers, for instance) is shown as the server
// words it, and nothing changed.
import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { Link } from '@/components/ui/link';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { toast } from '@/components/ui/toaster';
import { ApiError, call } from '@/lib/api/client';
import type { ManagerView, PersonRef, ReportsView } from '@/lib/screens/reporting-lines';
import { RemoteCombobox } from './remote-combobox';

export interface ReportingLinePanelProps {
  who: string;
  manager: ManagerView;
  reports: ReportsView;
  /** A unit of the person's, where a manager finds people by their exact email. */
  placeUnitId?: string;
}

const label = (p: PersonRef) => p.name || p.email;

/** People matching what was typed: by name or email for owners and admins, by exact email for managers. */
async function findPeople(q: string, signal: AbortSignal, placeUnitId: string | undefined): Promise<PersonRef[]> {
  const hits = await call('search.search', { query: { q }, signal });
  const people = hits.flatMap((h) => (h.kind === 'member' ? [{ userId: h.userId, name: h.name, email: h.email }] : []));
  if (people.length > 0 || !placeUnitId || !q.includes('@')) return people;
  const found = await call('members.list', { query: { forUnit: placeUnitId, q }, signal }).catch(() => undefined);
  return found && 'people' in found ? found.people : [];
}

export function ReportingLinePanel({ who, manager: initial, reports: firstReports, placeUnitId }: ReportingLinePanelProps) {
  const router = useRouter();
  const [view, setView] = useState(initial);
  const [reports, setReports] = useState(firstReports);
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<PersonRef | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => setView(initial), [initial]);
  useEffect(() => setReports(firstReports), [firstReports]);

  async function save(managerId: string | null) {
    setBusy(true);
    setRefusal(null);
    try {
      const next = await call('reportingLines.setManager', {
        params: { userId: view.userId },
        body: { managerId, ...(view.line ? { expectedVersion: view.line.version } : {}) },
      });
      setView(next);
      setEditing(false);
      setChoice(null);
      toast.success(next.manager ? `${label(next.manager)} is now ${who}’s manager.` : `${who} has no manager now.`);
      router.refresh();
    } catch (e) {
      setRefusal(e instanceof ApiError || e instanceof Error ? e.message : 'The manager was not changed.');
    } finally {
      setBusy(false);
    }
  }

  async function more() {
    if (!reports.nextCursor) return;
    try {
      const page = await call('reportingLines.listReports', { params: { userId: view.userId }, query: { cursor: reports.nextCursor } });
      setReports((r) => ({ items: [...r.items, ...page.items], hidden: r.hidden + page.hidden, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) }));
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not load more reports.');
    }
  }

  const count = reports.items.length + reports.hidden;
  return (
    <section aria-labelledby="member-line" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="member-line" className="text-lg font-semibold">Reporting line</h2>
        <Link href={`/chart?view=people&focus=${view.userId}`} className="text-sm hover:underline">Show in people chart</Link>
      </div>

      {refusal && (
        <Notice tone="error" title="The manager was not changed">
          {refusal}
        </Notice>
      )}

      <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
        <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">Manager</p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <p data-testid="member-manager">
            {view.manager ? (
              <Link href={`/members/${view.manager.userId}`} className="font-medium hover:underline">{label(view.manager)}</Link>
            ) : view.managerHidden ? (
              <span className="text-zinc-600 dark:text-zinc-400">Someone in a unit you can’t see</span>
            ) : (
              <span className="text-zinc-600 dark:text-zinc-400">No manager</span>
            )}
          </p>
          {view.canChange && !editing && (
            <div className="flex gap-2">
              <Button variant="ghost" onClick={() => setEditing(true)}>{view.line ? 'Change' : 'Set manager'}</Button>
              {view.line && (
                <Button variant="ghost" disabled={busy} onClick={() => save(null)}>Clear</Button>
              )}
            </div>
          )}
        </div>
        {editing && (
          <form
            className="mt-3 space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (choice) void save(choice.userId);
            }}
          >
            <RemoteCombobox<PersonRef>
              label={`${who}’s manager`}
              placeholder="Type a name or email"
              value={choice}
              onChange={setChoice}
              search={(q, signal) => findPeople(q, signal, placeUnitId)}
              keyOf={(p) => p.userId}
              display={label}
              renderOption={(p) => (
                <span>
                  {label(p)} <span className="text-xs text-zinc-600 dark:text-zinc-400">{p.email}</span>
                </span>
              )}
              emptyText="Nobody you can choose matches. Managers find people by their exact email."
              autoFocus
            />
            <div className="flex gap-2">
              <Button type="submit" variant="primary" disabled={!choice || busy}>Save manager</Button>
              <Button type="button" variant="ghost" onClick={() => { setEditing(false); setChoice(null); }}>Cancel</Button>
            </div>
          </form>
        )}
      </div>

      <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
        <p className="text-sm font-medium text-zinc-600 dark:text-zinc-400">
          Direct reports{count > 0 ? ` (${count}${reports.nextCursor ? '+' : ''})` : ''}
        </p>
        {reports.items.length === 0 && reports.hidden === 0 ? (
          <p className="mt-1 text-zinc-600 dark:text-zinc-400">Nobody reports to {who}.</p>
        ) : (
          <ul className="mt-1 space-y-1" data-testid="member-reports">
            {reports.items.map((p) => (
              <li key={p.userId} className="min-w-0 truncate">
                <Link href={`/members/${p.userId}`} className="hover:underline">{label(p)}</Link>
              </li>
            ))}
          </ul>
        )}
        {reports.hidden > 0 && (
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
            {reports.hidden === 1 ? 'One more is' : `${reports.hidden} more are`} in units you can’t see.
          </p>
        )}
        {reports.nextCursor && (
          <Button variant="ghost" className="mt-2" onClick={more}>Show more</Button>
        )}
      </div>
    </section>
  );
}
