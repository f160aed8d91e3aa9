// What the rules would do, before they are enabled: the counts, the units they would create,
// the first people with their changes ("+ Engineering / Platform as member (department)"), and
// placements that could not be made.
import type { DirectoryPreview } from '@/lib/scim';
import { plural } from '@/lib/text/plural';

type Change = DirectoryPreview['samples'][number]['changes'][number];

/** A built-in role with the custom roles beside it: "member + budget-approver". */
const withRoles = (role: string, roles: readonly string[] = []) => [role, ...roles].join(' + ');

export function changeLine(c: Change): string {
  if (c.kind === 'add') return `+ ${c.unit} as ${withRoles(c.role, c.roles)} (${c.reason})`;
  if (c.kind === 'remove') return `− ${c.unit} (${c.reason})`;
  return `± ${c.unit}: ${withRoles(c.from ?? '?', c.fromRoles)} → ${withRoles(c.role, c.roles)} (${c.reason})`;
}

export function PreviewPanel({ preview }: { preview: DirectoryPreview }) {
  const nothing = preview.peopleChanged === 0;
  return (
    <section aria-labelledby="directory-preview" className="space-y-4 rounded-lg border border-emerald-200 bg-emerald-50/40 p-4 dark:border-emerald-900 dark:bg-emerald-950/20">
      <h3 id="directory-preview" className="text-base font-semibold">Preview</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-zinc-600 dark:text-zinc-400">People considered</dt>
        <dd>{preview.people.toLocaleString('en')}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">People changed</dt>
        <dd>{preview.peopleChanged.toLocaleString('en')}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Memberships to add</dt>
        <dd>{preview.adds.toLocaleString('en')}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Memberships to remove</dt>
        <dd>{preview.removes.toLocaleString('en')}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Role changes</dt>
        <dd>{preview.roleChanges.toLocaleString('en')}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Units to create</dt>
        <dd>{preview.unitsToCreate.length.toLocaleString('en')}</dd>
      </dl>
      {preview.unitsToCreate.length > 0 && (
        <div>
          <h4 id="directory-preview-units" className="text-sm font-medium">Units to create</h4>
          <ul aria-labelledby="directory-preview-units" className="mt-1 list-disc pl-5 text-sm">
            {preview.unitsToCreate.map((path) => (
              <li key={path}>{path}</li>
            ))}
          </ul>
        </div>
      )}
      {nothing ? (
        <p className="text-sm">Nobody’s units or roles would change.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <table className="w-full text-sm">
            <caption className="px-3 py-2 text-left text-xs text-zinc-600 dark:text-zinc-400">
              {preview.samples.length < preview.peopleChanged
                ? `The first ${plural(preview.samples.length, 'person', 'people')} of ${preview.peopleChanged.toLocaleString('en')} with changes`
                : 'People with changes'}
            </caption>
            <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Person</th>
                <th scope="col" className="px-3 py-2 font-medium">Changes</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {preview.samples.map((p) => (
                <tr key={p.userName}>
                  <td className="px-3 py-2 align-top">
                    <span className="block font-medium">{p.displayName || p.userName}</span>
                    {p.displayName && <span className="block text-xs text-zinc-600 dark:text-zinc-400">{p.userName}</span>}
                  </td>
                  <td className="px-3 py-2">
                    <ul className="space-y-0.5">
                      {p.changes.map((c, i) => (
                        <li key={i}>{changeLine(c)}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {preview.problems.length > 0 && (
        <div>
          <h4 id="directory-preview-problems" className="text-sm font-medium text-amber-900 dark:text-amber-200">Problems</h4>
          <ul aria-labelledby="directory-preview-problems" className="mt-1 list-disc pl-5 text-sm text-amber-900 dark:text-amber-200">
            {preview.problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
