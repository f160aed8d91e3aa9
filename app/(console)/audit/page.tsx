// /audit – the organization's history, newest first (owners and admins).
import { actorContext } from '@/lib/api/with-actor';
import { loadTenantAudit } from '@/lib/screens/audit';
import { AuditList } from '@/components/audit/audit-list';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Audit log – Arbor' };

export default async function AuditPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadTenantAudit(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <main className="mx-auto max-w-4xl space-y-4 p-6">
      <div>
        <h1 className="text-2xl font-semibold">Audit log</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Every change to units, memberships, invitations and settings, newest first.</p>
      </div>
      <AuditList initial={result.data} />
    </main>
  );
}
