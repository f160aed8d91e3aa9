// /settings/roles/[roleKey] – one role: what it holds and where it reaches, who holds it where,
// and for those who may manage roles its form (a change is previewed first) and deletion.
import { notFound } from 'next/navigation';
import { Link } from '@/components/ui/link';
import { actorContext } from '@/lib/api/with-actor';
import { loadRoleScreen } from '@/lib/screens/roles';
import { DeleteRole } from '@/components/roles/delete-role';
import { RoleForm } from '@/components/roles/role-form';
import { RoleHolders } from '@/components/roles/role-holders';
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
      {view.canManage ? <RoleForm view={view} role={view.role} /> : <RoleSummary view={view} role={view.role} />}
      {view.canSeeHolders && <RoleHolders role={view.role} />}
      {view.canManage && <DeleteRole role={view.role} others={view.roles.filter((r) => r.key !== view.role.key)} />}
    </SettingsFrame>
  );
}
