'use client';
// The preview: counts per kind of change, the affected area before and after as charts, the tree
// today beside the tree after as lists (only what the set touches and the way down to it), who
// gains and loses administration of what and why, who loses a membership, and units left
// without a manager.
import { DataTable } from '@/components/ui/data-table';
import type { Preview, TreeRow } from '@/lib/change-sets';
import type { Mark } from '@/lib/change-sets/tree-changes';
import { plural } from '@/lib/text/plural';
import { MARK_TONES } from './planning-tree';
import { BeforeAfter } from './before-after';

const MARKS: Mark[] = ['created', 'renamed', 'moved', 'deleted'];

/** The note of a row, read in its own tree: today "renamed to …" / "moves to …", after "was …" / "was in …". */
function noteText(row: TreeRow, side: 'before' | 'after'): string | undefined {
  if (!row.note) return undefined;
  if (row.marks.includes('renamed')) return side === 'before' ? `renamed to ${row.note}` : `was ${row.note}`;
  if (row.marks.includes('moved')) return side === 'before' ? `moves to ${row.note}` : `was in ${row.note}`;
  return row.note;
}

/**
 * The units below a row that are not rows of their own (nothing the set names): a moved or
 * deleted unit takes them with it; elsewhere they are simply not listed.
 */
function belowText(row: TreeRow): string {
  const n = plural(row.below, 'unit');
  return row.marks.includes('moved') || row.marks.includes('deleted') ? `with the ${n} below it` : `${n} below not shown`;
}

function TreeColumn({ title, rows, side }: { title: string; rows: TreeRow[]; side: 'before' | 'after' }) {
  const id = `tree-${side}`;
  return (
    <div className="min-w-0 space-y-2">
      <h3 id={id} className="text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing changes.</p>
      ) : (
        <ul aria-labelledby={id} className="rounded-lg border border-zinc-200 p-2 text-sm dark:border-zinc-800">
          {rows.map((r) => {
            const note = noteText(r, side);
            return (
              <li key={r.id} className="flex flex-wrap items-center gap-1.5 py-0.5" style={{ paddingLeft: r.depth * 16 }}>
                <span className={r.marks.includes('deleted') ? 'line-through' : ''}>{r.name}</span>
                {r.marks.map((m) => <span key={m} className={`rounded px-1.5 py-0.5 text-xs font-medium ${MARK_TONES[m]}`}>{m}</span>)}
                {note && <span className="text-xs text-zinc-600 dark:text-zinc-400">({note})</span>}
                {r.below > 0 && <span className="text-xs text-zinc-600 dark:text-zinc-400">({belowText(r)})</span>}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function Sub({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

const LOSS_REASON = { removed: 'removed', moved: 'moved', unitDeleted: 'the unit is deleted' } as const;

export function PreviewPanel({ preview }: { preview: Preview }) {
  const { counts } = preview.tree;
  return (
    <div className="space-y-6">
      <p className="text-sm" aria-label="Changes by kind">
        {MARKS.map((m, i) => (
          <span key={m}>
            {i > 0 && ' · '}
            <span className="font-medium tabular-nums">{counts[m]}</span> {m}
          </span>
        ))}
      </p>
      <BeforeAfter pictures={preview.pictures} />
      <div className="grid gap-4 md:grid-cols-2">
        <TreeColumn title="Tree today" rows={preview.tree.before} side="before" />
        <TreeColumn title="Tree after" rows={preview.tree.after} side="after" />
      </div>

      <Sub id="access-impact" title="Access impact per person">
        {preview.people.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Nobody gains or loses administration of any unit.</p>
        ) : (
          <DataTable caption="Access impact per person" columns={['Person', 'Gains', 'Loses']}>
            {preview.people.map((p) => (
              <tr key={p.userId} className="align-top">
                <td className="px-3 py-2">
                  <p className="font-medium">{p.name || p.email}</p>
                  {p.name && <p className="text-xs text-zinc-600 dark:text-zinc-400">{p.email}</p>}
                </td>
                <td className="px-3 py-2">
                  <ul className="space-y-1">
                    {p.gains.map((g) => <li key={g.unitId} className="text-emerald-800 dark:text-emerald-300">{g.reason} <span className="text-xs text-zinc-600 dark:text-zinc-400">({plural(g.units, 'unit')})</span></li>)}
                  </ul>
                </td>
                <td className="px-3 py-2">
                  <ul className="space-y-1">
                    {p.losses.map((l) => <li key={l.unitId} className="text-red-800 dark:text-red-300">{l.reason} <span className="text-xs text-zinc-600 dark:text-zinc-400">({plural(l.units, 'unit')})</span></li>)}
                  </ul>
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Sub>

      <Sub id="memberships-lost" title="Memberships lost">
        {preview.membershipsLost.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Nobody leaves a unit.</p>
        ) : (
          <DataTable caption="Memberships lost" columns={['Person', 'Unit', 'Why']}>
            {preview.membershipsLost.map((m) => (
              <tr key={`${m.userId}:${m.unitId}`}>
                <td className="px-3 py-2">{m.name || m.email}</td>
                <td className="px-3 py-2">{m.unitName}</td>
                <td className="px-3 py-2">{m.reason === 'moved' && m.toUnitName ? `moved to ${m.toUnitName}` : LOSS_REASON[m.reason]}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Sub>

      <Sub id="unmanaged" title="Units left without a manager">
        {preview.unmanaged.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">Every unit that has a manager keeps one.</p>
        ) : (
          <ul className="list-disc pl-5 text-sm">
            {preview.unmanaged.map((u) => <li key={u.unitId}>{u.unitName}{u.units > 1 ? ` and ${plural(u.units - 1, 'unit')} below it` : ''}</li>)}
          </ul>
        )}
      </Sub>
    </div>
  );
}
