// Status: when the IdP last synced, how many users and groups it provisioned, and what went
// wrong lately (refused requests, placements that could not be made), newest first.
import { RelativeTime } from '@/components/audit/relative-time';
import type { DirectoryConfig, DirectoryErrorEntry } from '@/lib/scim';
import { plural } from '@/lib/text/plural';
import { Card } from './card';

export function StatusCard({ config, errors, now }: { config: DirectoryConfig; errors: DirectoryErrorEntry[]; now: string }) {
  return (
    <Card id="directory-status" title="Status">
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-zinc-600 dark:text-zinc-400">Last sync</dt>
        <dd>{config.lastSyncAt ? <RelativeTime iso={config.lastSyncAt} serverNow={now} /> : 'No request yet'}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Users</dt>
        <dd>{plural(config.userCount, 'user')}</dd>
        <dt className="text-zinc-600 dark:text-zinc-400">Groups</dt>
        <dd>{plural(config.groupCount, 'group')}</dd>
      </dl>
      <h3 id="directory-errors" className="text-sm font-semibold">Recent errors</h3>
      {errors.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No errors</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table aria-labelledby="directory-errors" className="w-full text-sm">
            <thead className="bg-zinc-50 text-left text-xs uppercase tracking-wide text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">Time</th>
                <th scope="col" className="px-3 py-2 font-medium">Request</th>
                <th scope="col" className="px-3 py-2 font-medium">Status</th>
                <th scope="col" className="px-3 py-2 font-medium">Detail</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {errors.map((e, i) => (
                <tr key={`${e.at}-${i}`}>
                  <td className="px-3 py-2 whitespace-nowrap"><RelativeTime iso={e.at} serverNow={now} /></td>
                  <td className="px-3 py-2 font-mono text-xs break-all">{e.request}</td>
                  {/* Status 0: a placement the rules asked for that could not be made (the request itself succeeded). */}
                  <td className="px-3 py-2">{e.status === 0 ? 'placement' : e.status}</td>
                  <td className="px-3 py-2">{e.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
