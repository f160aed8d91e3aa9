// /settings – the organization's name and size, who may approve their own change sets, and for
// owners the danger zone: delete the organization (single sign-on and domains have their own tabs).
import { actorContext } from '@/lib/api/with-actor';
import { loadSettings } from '@/lib/screens/settings';
import { ChangeSetApprovals } from '@/components/settings/change-set-approvals';
import { DeleteOrganization } from '@/components/settings/delete-organization';
import { OrganizationNameForm } from '@/components/settings/organization-name-form';
import { SettingsFrame } from '@/components/settings/settings-frame';
import { loadOrRefuse, ScreenRefusal } from '@/components/shell/screen-refusal';

export const metadata = { title: 'Settings – Arbor' };

export default async function SettingsPage() {
  const ctx = await actorContext();
  const result = await loadOrRefuse(() => loadSettings(ctx));
  if (result.refusal) return <ScreenRefusal {...result.refusal} />;
  const view = result.data;
  return (
    <SettingsFrame>
      <OrganizationNameForm name={view.tenant.name} version={view.tenant.version} canRename={view.canRename} />
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {view.tenant.unitCount.toLocaleString('en')} of {view.tenant.unitLimit.toLocaleString('en')} units used · {view.tenant.ownerCount === 1 ? '1 owner' : `${view.tenant.ownerCount} owners`}
      </p>
      <ChangeSetApprovals on={view.tenant.ownersApproveOwnChangeSets} version={view.tenant.version} canEdit={view.canRename} />
      {view.canDelete && <DeleteOrganization name={view.tenant.name} deletion={view.deletion} />}
    </SettingsFrame>
  );
}
