// The console's landmarks as a person finds them: the organization tree, a unit's row in it, and
// the page's heading.
import type { Page } from '@playwright/test';

export const tree = (page: Page) => page.getByRole('tree', { name: 'Organization tree' });
export const treeRow = (page: Page, name: string) => tree(page).getByRole('treeitem', { name, exact: true });
export const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });
