// Holding back a page's server refreshes, for specs that prove an edit shows from its own answer.
import type { Page, Route } from '@playwright/test';

/**
 * Holds back the page's server refreshes (React Server Component requests) until released, so
 * what the page shows meanwhile can only come from the edit's own answer.
 */
export async function holdRefreshes(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route(
    (url) => !url.pathname.startsWith('/api/'),
    (route) => {
      const r = route.request();
      if (holding && r.method() === 'GET' && r.headers()['rsc'] === '1' && !r.headers()['next-router-prefetch']) held.push(route);
      else void route.continue();
    },
  );
  return {
    held: () => held.length,
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}
