// /audit – the organization's history, newest first (owners and admins), filtered by actor,
// action, unit and UTC days from the address (?actor=&action=&unit=&from=&to=).
import { actorContext } from '@/lib/api/with-actor';
import { getUnitOrThrow } from '@/lib/org';
import { loadTenantAudit } from '@/lib/screens/audit';
import { auditLineFilter, auditQuery as auditApiQuery } from '@/lib/screens/audit-query';
import { AuditList } from '@/components/audit/audit-list';
import { AuditFilters } from '@/components/audit/audit-filters';
import { auditQuery, type AuditFilterValues } from '@/components/audit/audit-filter-query';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Audit log – Arbor' };

type Params = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === 'string' && v ? v : undefined);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters in the address, each kept only when valid (a bad one is dropped, not a failure). */
function filtersOf(p: Params): AuditFilterValues {
  const actor = one(p.actor);
  const unit = one(p.unit);
  const from = one(p.from);
  const to = one(p.to);
  const candidate: AuditFilterValues = {
    ...(actor ? { actor: { id: actor, label: one(p.actorLabel) ?? actor } } : {}),
    ...(one(p.action) ? { action: one(p.action) } : {}),
    ...(unit ? { unit: { id: unit, name: one(p.unitLabel) ?? 'a unit' } } : {}),
    ...(from && DAY.test(from) ? { from } : {}),
    ...(to && DAY.test(to) ? { to } : {}),
  };
  const parsed = auditApiQuery.safeParse(Object.fromEntries(auditQuery(candidate)));
  return parsed.success ? candidate : {};
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<Params> }) {
  const ctx = await actorContext();
  const filters = filtersOf(await searchParams);
  const query = auditQuery(filters);
  // filtersOf kept only filters the API's own query schema accepts.
  const filter = auditLineFilter(auditApiQuery.parse(Object.fromEntries(query)));
  const result = await loadOrRefuse(async () => {
    const unit = filters.unit ? await getUnitOrThrow(ctx.db, filters.unit.id) : undefined;
    return loadTenantAudit(ctx, { unit, filter });
  });
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  // Each child remounts when the filters change (fresh state); their keys differ, as siblings' must.
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-6">
      <div>
        <h1 className="text-2xl font-semibold">Audit log</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Every change to units, memberships, invitations and settings, newest first.</p>
      </div>
      <AuditFilters key={`filters?${query}`} value={filters} />
      <AuditList key={`list?${query}`} initial={result.data} unitId={filters.unit?.id} filter={Object.values(filter).some(Boolean) ? filter : undefined} />
    </main>
  );
}
