'use client';
// The unit page's layout: place and name (renamed in place), edit actions, sub-units, members,
// who can administer it, and its history. Members and history are panels with their own data
// and headings (components/members, components/audit). Everything here renders from the
// console's one copy of the units (useLiveUnitPage), so edits show at once.
import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import type { UnitPage } from '@/lib/screens/unit-page';
import { plural } from '@/lib/text/plural';
import { AdministratorsList } from './administrators-list';
import { SubUnitsList } from './sub-units-list';
import { UnitActions } from './unit-actions';
import { UnitBreadcrumb } from './unit-breadcrumb';
import { UnitGone } from './unit-gone';
import { UnitTitle } from './unit-title';
import { useLiveUnitPage } from './use-live-unit-page';

function Section({ title, id, children, aside }: { title: string; id: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

export function UnitScreen({ page, members, history }: { page: UnitPage; members?: ReactNode; history?: ReactNode }) {
  const { unit, breadcrumb, children, administrators, gone } = useLiveUnitPage(page);
  if (gone) return <UnitGone />;
  return (
    <main className="mx-auto max-w-5xl space-y-8 px-4 py-5 sm:px-6">
      <header className="space-y-2">
        <UnitBreadcrumb crumbs={breadcrumb} current={unit.name} />
        <div className="flex flex-wrap items-start justify-between gap-3">
          {/* At least 16rem for the name: on a phone the actions wrap below it instead of squeezing it. */}
          <div className="min-w-0 flex-[1_1_16rem]">
            <UnitTitle key={unit.id} unit={unit} canRename={page.can.rename} />
          </div>
          <UnitActions key={unit.id} unit={unit} can={page.can} />
        </div>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {unit.parentId === null ? 'Top unit of the organization · ' : ''}
          {plural(unit.childCount, 'sub-unit')} · {plural(unit.memberCount, 'direct member')}
          {unit.locked ? ' · being moved or deleted' : ''}
          {' · '}
          <Link href={`/chart?focus=${unit.id}`} className="font-medium text-emerald-700 hover:underline dark:text-emerald-400">Show in chart</Link>
        </p>
      </header>

      <Section title="Sub-units" id="sub-units">
        <SubUnitsList items={children.items} more={children.more} total={unit.childCount} canCreate={page.can.create} />
      </Section>

      {members}

      {administrators && (
        <Section title="Who can administer this unit" id="administrators">
          <AdministratorsList people={administrators} unitName={unit.name} />
        </Section>
      )}

      {history}
    </main>
  );
}
