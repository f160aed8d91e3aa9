// Feedback and finish: the top bar shows while a navigation is on its way, sign-out says it is
// pending, the 404 page leads back, a signed-in person opening /sign-in lands in the console,
// the last owner is offered nothing they can't do (and told why), and the icons are served.
import type { Page, Route } from '@playwright/test';
import { expect, test } from './support/test';
import { createTreeTenant, type TreeTenant } from './support/console-tree-tenant';
import { signIn } from './support/sign-in';
import { heading, tree } from './support/console-locators';

let t: TreeTenant;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  t = await createTreeTenant();
});

const progress = (page: Page) => page.getByRole('progressbar', { name: 'Loading the page' });

/** Holds the matching requests until release() (a slow server, without a fixed sleep). */
async function holdRequests(page: Page, matches: (route: Route) => boolean) {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/*', async (route) => {
    if (holding && matches(route)) held.push(route);
    else await route.fallback();
  });
  return {
    count: () => held.length,
    release: async () => {
      holding = false;
      await Promise.all(held.splice(0).map((r) => r.fallback()));
    },
  };
}

test('the top bar shows from the click until the unit is on screen', async ({ page }) => {
  await signIn(page, t.people.owner, t.password);
  await expect(heading(page, t.name)).toBeVisible();
  // Next fetches the new page's server components with an `rsc` header: hold those.
  const slow = await holdRequests(page, (r) => r.request().headers()['rsc'] === '1' && r.request().url().includes('/units/'));
  await tree(page).getByRole('treeitem', { name: 'Sales', exact: true }).getByRole('link').click();
  await expect(progress(page)).toBeVisible();
  await expect.poll(slow.count).toBeGreaterThan(0);
  await slow.release();
  await expect(heading(page, 'Sales')).toBeVisible();
  await expect(progress(page)).toBeHidden();
});

test('sign-out says it is pending at once', async ({ page }) => {
  await signIn(page, t.people.member, t.password);
  await expect(page.getByTestId('active-tenant')).toBeVisible();
  const slow = await holdRequests(page, (r) => r.request().method() === 'POST' && Boolean(r.request().headers()['next-action']));
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Signing out…' })).toBeDisabled();
  await expect(progress(page)).toBeVisible();
  await slow.release();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('a page that does not exist is a 404 with the way back; /sign-in while signed in opens the console', async ({ page }) => {
  await signIn(page, t.people.owner, t.password);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(heading(page, 'This page doesn’t exist')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the console' }).click();
  await expect(heading(page, t.name)).toBeVisible();

  await page.goto('/sign-in');
  await expect(page).toHaveURL(new RegExp(`/units/${t.rootUnitId}$`));
  await expect(heading(page, t.name)).toBeVisible();
});

test('the last owner is offered no other role and no removal, and is told why', async ({ page }) => {
  await signIn(page, t.people.owner, t.password);
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('link', { name: t.names.owner })).toBeVisible();
  await expect(members.getByText('Only owner: make someone else an owner to change this')).toBeVisible();
  await expect(members.getByRole('button', { name: `Role of ${t.names.owner} in ${t.name}` })).toHaveCount(0);
  await expect(members.getByRole('button', { name: `Remove ${t.names.owner} from ${t.name}` })).toHaveCount(0);

  await members.getByRole('link', { name: t.names.owner }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${t.names.owner}`) })).toBeVisible();
  await expect(page.getByText('You are the organization’s only owner')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove from organization' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Remove ${t.names.owner} from ${t.name}` })).toHaveCount(0);
});

test('the favicon and app icons are served and declared', async ({ page, request }) => {
  for (const [path, type] of [
    ['/favicon.ico', 'image/'],
    ['/icon.svg', 'image/svg+xml'],
    ['/icon-192.png', 'image/png'],
    ['/icon-512.png', 'image/png'],
    ['/apple-touch-icon.png', 'image/png'],
    ['/manifest.webmanifest', 'application/manifest+json'],
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toContain(type);
  }
  await page.goto('/sign-in');
  await expect(page.locator('link[rel="icon"][href="/icon.svg"]')).toHaveCount(1);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/apple-touch-icon.png');
});
