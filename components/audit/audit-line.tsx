// One line of an audit trail: "Alice renamed Cloud → Cloud Platform · 2 min ago", with the
// recorded before/after on demand. Without hooks, so a page's first lines render on the server
// and the lines loaded later in the browser, from the same code.
import { Link } from '@/components/ui/link';
import type { AuditLineView } from '@/lib/screens/audit';
import { RelativeTime } from './relative-time';

const actorName = (l: AuditLineView) => (l.actor.userId === 'operator' ? 'The operator' : l.actor.name || l.actor.email);

function Change({ line }: { line: AuditLineView }) {
  if (!line.before && !line.after) return null;
  const keys = [...new Set([...Object.keys(line.before ?? {}), ...Object.keys(line.after ?? {})])];
  const show = (v: unknown) => (v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
  return (
    <details className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
      <summary className="cursor-pointer select-none">Details</summary>
      <table className="mt-1">
        <thead className="sr-only">
          <tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k}>
              <th scope="row" className="pr-3 text-left font-medium">{k}</th>
              <td className="pr-3 break-all">{show(line.before?.[k])}</td>
              <td className="break-all">→ {show(line.after?.[k])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** `now`: the server time the line's page was read at; `unitId`: the unit whose history this is (its own link left out). */
export function AuditLine({ line, now, unitId }: { line: AuditLineView; now: string; unitId?: string }) {
  return (
    <li className="px-3 py-2 text-sm">
      <p>
        <span className="font-medium" title={line.actor.email}>{actorName(line)}</span>{' '}
        <span>{line.summary}</span>
        <span className="text-zinc-600 dark:text-zinc-400">
          {' · '}
          <RelativeTime iso={line.at} serverNow={now} />
        </span>
        {(line.changeSetId || line.target?.type === 'changeSet') && (
          <>
            {' · '}
            {/* A change made by applying a reorganization, or a step of the reorganization itself. */}
            <Link href={`/reorganizations/${line.changeSetId ?? line.target!.id}`} className="text-emerald-800 underline underline-offset-2 dark:text-emerald-400">
              {line.changeSetId ? 'part of a reorganization' : 'Open the reorganization'}
            </Link>
          </>
        )}
        {line.unit && line.unit.id !== unitId && (
          <>
            {' · '}
            <Link href={`/units/${line.unit.id}`} className="text-emerald-800 underline underline-offset-2 dark:text-emerald-400">
              Open {line.unit.name}
            </Link>
          </>
        )}
      </p>
      <Change line={line} />
    </li>
  );
}
