// An audit trail, newest first, the first page given (lib/screens/audit.ts) and older pages on
// request. Without hooks of its own: on /audit the lines render on the server and only the
// "Show older" control (AuditOlder) and the relative times hydrate; inside the unit page's
// client history it renders in the browser like any client component.
import { EmptyState } from '@/components/ui/empty-state';
import type { AuditPageView } from '@/lib/screens/audit';
import type { AuditQuery } from '@/lib/screens/audit-query';
import { AuditLine } from './audit-line';
import { AuditOlder } from './audit-older';

export interface AuditListProps {
  initial: AuditPageView;
  /** The unit whose history this is; absent for the whole organization. */
  unitId?: string;
  /** Heading shown above the list (omit when the page has its own). */
  title?: string;
  /** The filters the first page answers, kept for later pages. */
  filter?: Omit<AuditQuery, 'unitId'>;
}

export function AuditList({ initial, unitId, title, filter }: AuditListProps) {
  return (
    <section aria-label={title ?? 'History'} className="space-y-3">
      {title && <h2 className="text-lg font-semibold">{title}</h2>}
      {initial.lines.length === 0 ? (
        filter ? (
          <EmptyState title="No changes match these filters">Widen the dates or clear a filter.</EmptyState>
        ) : (
          <EmptyState title="No changes recorded yet">Changes to units and memberships appear here as they happen.</EmptyState>
        )
      ) : (
        <AuditOlder cursor={initial.nextCursor} unitId={unitId} filter={filter}>
          {initial.lines.map((line) => <AuditLine key={line.id} line={line} now={initial.now} unitId={unitId} />)}
        </AuditOlder>
      )}
    </section>
  );
}
