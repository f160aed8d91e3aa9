// Settings: the change set approval rule (four eyes, and whether owners may approve their own
// sets), beside the organization's other settings; the same control as in a set's Approvals panel.
import { SelfApprovalSetting, type SelfApprovalSettingProps } from '@/components/change-sets/self-approval-setting';

export function ChangeSetApprovals(props: Omit<SelfApprovalSettingProps, 'onSaved'>) {
  return (
    <section aria-labelledby="change-set-approvals" className="space-y-2">
      <h2 id="change-set-approvals" className="text-lg font-semibold">Reorganization approvals</h2>
      <SelfApprovalSetting {...props} />
    </section>
  );
}
