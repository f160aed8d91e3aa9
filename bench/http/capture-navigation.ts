// The request a browser makes when a person clicks a unit in the tree: captured from Chromium on
// the production build (a unit page open, a click on another unit's row), so the bench replays
// exactly what the router sends (its RSC headers and the state tree naming the layouts it
// already has, which the server then does not render again).
import { chromium } from '@playwright/test';

export interface CapturedNavigation {
  from: string;
  url: string;
  headers: Record<string, string>;
}

export async function captureTreeNavigation(appUrl: string, cookie: string, fromPath: string): Promise<CapturedNavigation> {
  const browser = await chromium.launch({ executablePath: process.env.ARBOR_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(cookie.split('; ').map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: appUrl };
    }));
    const page = await context.newPage();
    await page.goto(appUrl + fromPath);
    const tree = page.getByRole('tree', { name: 'Organization tree' });
    await tree.waitFor();
    await page.getByRole('heading', { level: 1 }).waitFor();
    const current = fromPath.split('/').pop();
    const links = tree.locator('a[href^="/units/"]');
    // The tree is virtualized: its rows appear once it has hydrated and measured its viewport.
    await tree.locator(`a[href^="/units/"]:not([href$="/${current}"])`).first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    const target = hrefs.find((h) => !h.endsWith(`/${current}`));
    if (!target) throw new Error(`the tree on ${fromPath} shows no other unit to click`);
    const navigation = page.waitForRequest((r) => r.headers()['rsc'] === '1' && !r.headers()['next-router-prefetch'] && new URL(r.url()).pathname === target);
    // Straight to the click (no hover pause), so the request is the navigation, not a prefetch.
    await tree.locator(`a[href="${target}"]`).first().dispatchEvent('click');
    const request = await navigation;
    const headers = Object.fromEntries(Object.entries(await request.allHeaders()).filter(([k]) => !k.startsWith(':')));
    return { from: fromPath, url: request.url(), headers };
  } finally {
    await browser.close();
  }
}
