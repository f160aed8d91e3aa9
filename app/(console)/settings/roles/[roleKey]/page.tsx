// /settings/roles/[roleKey] – one role: what it holds and where it reaches.
import { notFound } from 'next/navigation';
import { Link } from '@/components/ui/link';
import { actorContext } from '@/lib/api/with-actor';
import { loadRoleScreen } from '@/lib/screens/roles';
import { RoleSummary } from '@/components/roles/role-summary';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Role – Arbor' };

export default async function RolePage({ params }: { params: Promise<{ roleKey: string }> }) {
  const { roleKey } = await params;
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadRoleScreen(ctx, roleKey));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  if (!result.data) notFound();
  const view = result.data;
  return (
    <SettingsFrame width="medium">
      <p className="text-sm"><Link className="underline" href="/settings/roles">← Roles</Link></p>
      <h2 className="text-lg font-semibold break-words">{view.role.name}</h2>
      <RoleSummary view={view} role={view.role} />
    </SettingsFrame>
  );
}
