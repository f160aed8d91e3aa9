// The two import formats, documented where people choose the file. Mirrors lib/bulk
// (parse-import.ts, plan-units.ts, plan-memberships.ts): change both together.
import type { ImportKind } from '@/lib/bulk/parse-import';

const code = 'rounded bg-zinc-100 px-1 font-mono text-xs dark:bg-zinc-800';

export function CsvFormatHelp({ kind }: { kind: ImportKind }) {
  return kind === 'units' ? (
    <div className="space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
      <p>
        One unit per line. Column <code className={code}>path</code>: the names from below the top unit down to the unit, separated by{' '}
        <code className={code}>/</code> — or columns <code className={code}>parent_path</code> and <code className={code}>name</code>.
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>A parent must exist already or be created on an earlier line; put parents before their children.</li>
        <li>Units that already exist are skipped, so importing an export again changes nothing. Names are matched ignoring case.</li>
        <li>A <code className={code}>/</code> inside a name is written <code className={code}>\/</code> (and a backslash <code className={code}>\\</code>). Quote names with commas: <code className={code}>&quot;Sales, Europe&quot;</code>.</li>
        <li>Other columns (such as an export’s ids and counts) are ignored.</li>
      </ul>
      <pre className="overflow-x-auto rounded-md bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-900">{'path\nEngineering\nEngineering/Platform\nEngineering/Platform/Cloud\n"Sales, Europe"'}</pre>
    </div>
  ) : (
    <div className="space-y-2 text-sm text-zinc-700 dark:text-zinc-300">
      <p>
        One membership per line. Columns <code className={code}>unit_path</code>, <code className={code}>email</code>, <code className={code}>name</code>,{' '}
        <code className={code}>role</code> (owner, admin, manager or member), and optionally <code className={code}>custom_roles</code>: keys of
        the organization’s custom roles, separated by <code className={code}>;</code> (at most 10).
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li>An empty <code className={code}>unit_path</code> is the top unit; owner and admin can only be given there.</li>
        <li>The unit must exist: import units first. People already in the unit are skipped.</li>
        <li>People not yet in the organization are added right away and sign in with single sign-on; give their <code className={code}>name</code>.</li>
        <li>You can only give roles you could give in the console (only owners add owners; a custom role only where you hold all it gives).</li>
      </ul>
      <pre className="overflow-x-auto rounded-md bg-zinc-50 p-2 font-mono text-xs dark:bg-zinc-900">{'unit_path,email,name,role\n,ada@example.com,Ada Lovelace,admin\nEngineering/Platform,grace@example.com,Grace Hopper,manager'}</pre>
    </div>
  );
}
