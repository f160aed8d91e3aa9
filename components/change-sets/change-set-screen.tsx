'use client';
// /reorganizations/[setId]: the header and its actions, planning mode on the live tree (while
// the set can be edited), the operations, the preview and the approvals. Everything renders
// from useChangeSet, which reads the set and its preview again after each change made here.
import { useMemo, useState, type ReactNode } from 'react';
import { TreeProvider } from '@/components/tree/tree-provider';
import { toast } from '@/components/ui/toaster';
import { ApiError, call } from '@/lib/api/client';
import type { ChangeSetScreen as Screen } from '@/lib/screens/change-sets';
import type { TreeData } from '@/lib/screens/tree';
import type { UnitRow } from '@/lib/screens/unit-view';
import * as changeSets from './change-set-api';
import { ChangeSetHeader } from './change-set-header';
import { ApprovalsPanel } from './approvals-panel';
import { OperationsList } from './operations-list';
import { PlanningTree, type DraftMarks } from './planning-tree';
import { PreviewPanel } from './preview-panel';
import { UnitPlanPanel } from './unit-plan-panel';
import { EDITABLE_STATES, useChangeSet } from './use-change-set';

function Section({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

export function ChangeSetScreen({ screen }: { screen: Screen }) {
  const [tree, setTree] = useState<{ data: TreeData; epoch: number }>({ data: screen.tree, epoch: 0 });
  const state = useChangeSet(screen, () => {
    // Applied (or failed): the live tree changed under the planning tree; read it again.
    const top = tree.data.tops[0]?.id;
    if (!top) return;
    call('units.tree', { params: { unitId: top } })
      .then((data) => setTree((t) => ({ data, epoch: t.epoch + 1 })))
      .catch(() => undefined);
  });
  const { set, preview, busy } = state;
  const [selected, setSelected] = useState<UnitRow>();
  const editable = screen.standing.canChange && EDITABLE_STATES.includes(set.status);
  // The preview's conflicts and problems are about a set not applied yet.
  const current = set.status !== 'applied' && set.status !== 'applying';

  // What the draft does to each live unit, from the tree today (its notes name where and what to).
  const marks: DraftMarks = useMemo(
    () => new Map(preview.tree.before.filter((r) => r.marks.length > 0).map((r) => [r.id, { marks: r.marks, ...(r.note ? { note: r.note } : {}) }])),
    [preview],
  );

  async function move(unit: UnitRow, target: UnitRow) {
    try {
      await state.addOperations([{ kind: 'moveUnit', unitId: unit.id, parentId: target.id }], `Added: move ${unit.name} under ${target.name}.`);
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'The move could not be added. Try again.');
    }
  }

  return (
    <main className="mx-auto max-w-6xl space-y-8 px-4 py-5 sm:px-6">
      <ChangeSetHeader state={state} standing={screen.standing} />

      {editable && (
        <Section id="planning" title="Planning">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Changes made here go into this reorganization, not the live tree. Drag a unit onto another to move it, or select a unit for its actions and people.
          </p>
          <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="flex h-[28rem] flex-col rounded-lg border border-zinc-200 dark:border-zinc-800">
              <TreeProvider key={tree.epoch} initial={tree.data}>
                <PlanningTree marks={marks} selectedId={selected?.id} onSelect={setSelected} editable={busy === null} onMove={(u, t) => void move(u, t)} />
              </TreeProvider>
            </div>
            <div className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
              {selected ? (
                <UnitPlanPanel key={selected.id} unit={selected} editable addOperations={state.addOperations} />
              ) : (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">Select a unit in the tree to draft changes to it and its people.</p>
              )}
            </div>
          </div>
        </Section>
      )}

      <Section id="operations" title="Operations">
        <OperationsList
          set={set}
          preview={preview}
          editable={editable}
          showChecks={current}
          busy={busy !== null}
          onDrop={(seq) => void state.act('drop', (v) => changeSets.dropOperation(set.setId, v, seq), 'Operation dropped.')}
          onReconfirm={(seq) => void state.act('reconfirm', (v) => changeSets.reconfirmOperation(set.setId, v, seq), 'Re-confirmed on today’s tree.')}
        />
      </Section>

      <Section id="preview" title="Preview">
        {current ? (
          <PreviewPanel preview={preview} />
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {set.status === 'applying' ? 'The reorganization is being applied.' : 'This reorganization was applied: the operations above are what it did.'}
          </p>
        )}
      </Section>

      <Section id="approvals" title="Approvals">
        <ApprovalsPanel
          set={set} preview={preview} now={screen.now}
          viewer={{ userId: screen.standing.userId, canReview: screen.standing.canReview }}
          setting={screen.approvalSetting} onSettingSaved={() => void state.refresh()}
        />
      </Section>
    </main>
  );
}
