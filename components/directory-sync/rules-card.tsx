'use client';
// Rules: how directory people are placed in the tree (departments as paths, group names as
// paths, groups mapped to units). Nothing changes until the admin previews the rules as they
// stand in the form and enables exactly those; editing the form after a preview asks for a new one.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toaster';
import { call } from '@/lib/api/client';
import type { DirectoryConfig, DirectoryPreview } from '@/lib/scim';
import type { DirectoryGroupView } from '@/lib/screens/directory';
import type { CustomRoleChoice } from '@/components/members/custom-role-picker';
import type { UnitOption } from '@/lib/screens/members';
import { plural } from '@/lib/text/plural';
import { Card } from './card';
import { GroupMappings } from './group-mappings';
import { PathRuleFields } from './path-rule-fields';
import { PreviewPanel } from './preview-panel';
import { draftFromRules, GROUP_NAME_ROLES, rulesFromDraft, type RulesDraft } from './rules-draft';
import { useEnableRules } from './use-enable-rules';

export interface RulesCardProps {
  config: DirectoryConfig;
  groups: DirectoryGroupView[];
  customRoles: CustomRoleChoice[];
  root: UnitOption;
  units: Record<string, UnitOption>;
}

export function RulesCard({ config, groups, customRoles, root, units }: RulesCardProps) {
  const router = useRouter();
  const [draft, setDraft] = useState<RulesDraft>(() => draftFromRules(config.rules, units, root));
  const [problem, setProblem] = useState<string>();
  const [previewing, setPreviewing] = useState(false);
  const [preview, setPreview] = useState<{ key: string; result: DirectoryPreview } | null>(null);
  const { state, enable, reset } = useEnableRules();

  const built = rulesFromDraft(draft, root);
  // What a preview was computed for: enabling is offered only while the form still says that.
  const formKey = JSON.stringify({ provider: config.provider, rules: built.rules ?? null });
  const current = preview && preview.key === formKey ? preview.result : null;
  const working = previewing || state.kind === 'saving' || state.kind === 'placing';

  function edit(next: RulesDraft) {
    setDraft(next);
    setProblem(undefined);
    if (state.kind === 'failed') reset();
  }

  async function runPreview() {
    if (!built.rules) return setProblem(built.problem);
    setPreviewing(true);
    setProblem(undefined);
    reset();
    try {
      const { preview: result } = await call('directory.preview', { body: { provider: config.provider, rules: built.rules } });
      setPreview({ key: formKey, result });
    } catch (e) {
      setProblem(e instanceof Error ? e.message : 'Could not preview the rules.');
    } finally {
      setPreviewing(false);
    }
  }

  async function runEnable() {
    if (!current || !built.rules) return;
    const result = await enable({ provider: config.provider, rules: built.rules, previewedVersion: current.version });
    if (!result) {
      setPreview(null);
      return;
    }
    setPreview(null);
    toast.success(`Directory rules enabled: ${plural(result.done, 'person', 'people')} placed, ${plural(result.changed, 'person', 'people')} changed.`);
    router.refresh();
  }

  return (
    <Card
      id="directory-rules"
      title="Rules"
      description="How people from the directory are placed in the tree. Without rules, everyone joins the top unit as a member. Units created here are marked as managed by directory sync."
    >
      <PathRuleFields
        name="department"
        checkboxLabel="Build units from the department attribute"
        help="A department such as Engineering/Platform places the person in Platform under Engineering (created when missing), as a member. It is their home unit."
        value={draft.departments}
        onChange={(departments) => edit({ ...draft, departments })}
        rootName={root.name}
      />
      <PathRuleFields
        name="group name"
        checkboxLabel="Build units from group names"
        help="Every group’s name is read as a path the same way (Sales/EMEA), and its members placed there."
        value={draft.groupNames}
        onChange={(groupNames) => edit({ ...draft, groupNames })}
        rootName={root.name}
        roles={GROUP_NAME_ROLES}
      />
      <GroupMappings groups={groups} customRoles={customRoles} value={draft.groups} onChange={(mappings) => edit({ ...draft, groups: mappings })} />

      {problem && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{problem}</p>}
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={runPreview} disabled={working}>
          {previewing ? 'Previewing…' : 'Preview changes'}
        </Button>
        <Button variant="primary" onClick={runEnable} disabled={!current || working}>
          Enable these rules
        </Button>
        {!current && !working && <span className="text-xs text-zinc-600 dark:text-zinc-400">Preview the rules as they stand to enable them.</span>}
      </div>
      <div role="status" className="text-sm">
        {state.kind === 'saving' && 'Saving the rules…'}
        {state.kind === 'placing' && `Placing people… ${state.done.toLocaleString('en')} done`}
      </div>
      {state.kind === 'failed' && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{state.message}</p>}
      {current && <PreviewPanel preview={current} />}
    </Card>
  );
}
