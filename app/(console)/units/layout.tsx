// /units/* – the tree browser beside every unit page. The layout stays mounted while the person
// moves between units, so the tree keeps what it has expanded and loaded; on a full page load it
// opens with the requested unit's ancestors expanded.
import { headers } from 'next/headers';
import { Suspense } from 'react';
import { actorContext } from '@/lib/api/with-actor';
import { REQUEST_PATH_HEADER } from '@/lib/auth';
import { loadTree } from '@/lib/screens/tree';
import { JobTray } from '@/components/tree/job-tray';
import { TreeBrowser } from '@/components/tree/tree-browser';
import { TreeProvider } from '@/components/tree/tree-provider';
import { TreeSearch } from '@/components/tree/tree-search';
import { SidePane } from '@/components/shell/side-drawer';

export default async function UnitsLayout({ children }: { children: React.ReactNode }) {
  const ctx = await actorContext();
  // Layouts don't receive their pages' params; proxy.ts passes the requested path along.
  const requested = /^\/units\/([0-9A-HJKMNP-TV-Z]{26})/.exec((await headers()).get(REQUEST_PATH_HEADER) ?? '')?.[1];
  const tree = await loadTree(ctx, requested);
  return (
    // A tenant switch re-renders this layout for another tenant: start a fresh tree.
    <TreeProvider key={ctx.actor.tenantId} initial={tree}>
      <div className="flex h-full min-h-96">
        {/* Below tablet width the pane is a drawer, opened from the header. */}
        <SidePane label="Organization tree and search">
          {/* The pane's parts hydrate apart from the page (React yields between boundaries), so
              no single task holds the main thread for the whole console. Were one to arrive
              after the first paint, it fills the pane's own column: nothing else moves. */}
          <div className="p-3">
            <Suspense>
              <TreeSearch />
            </Suspense>
          </div>
          <Suspense>
            <TreeBrowser />
          </Suspense>
          <JobTray />
        </SidePane>
        <div className="min-w-0 flex-1 overflow-auto [scrollbar-gutter:stable]">{children}</div>
      </div>
    </TreeProvider>
  );
}
