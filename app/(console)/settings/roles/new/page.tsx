// /settings/roles/new – define a role (those who may manage roles).
import { Link } from '@/components/ui/link';
import { actorContext } from '@/lib/api/with-actor';
import { loadRolesScreen } from '@/lib/screens/roles';
import { RoleForm } from '@/components/roles/role-form';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'New role – Arbor' };

export default async function NewRolePage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(async () => {
    await ctx.roleCatalogue();
    ctx.authorize('roles.manage', {});
    return loadRolesScreen(ctx);
  });
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  return (
    <SettingsFrame width="medium">
      <p className="text-sm"><Link className="underline" href="/settings/roles">← Roles</Link></p>
      <h2 className="text-lg font-semibold">New role</h2>
      <RoleForm view={result.data} />
    </SettingsFrame>
  );
}
