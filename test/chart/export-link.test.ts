// The Export menu's addresses (components/chart/export-link.ts): folds ride in the URL within
// what a request's headers carry; past the limit the export is unfolded, never a silent subset.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ulid } from 'ulid';
import { exportHref, foldsFit } from '../../components/chart/export-link';
import { exportQuery } from '../../lib/api/operations/chart';
import { CHART_LIMITS } from '../../lib/chart';

const ids = (n: number) => Array.from({ length: n }, () => ulid());

test('the most folds an export carries fit in a request line well inside 16 KiB, and the API accepts them', () => {
  const folded = ids(CHART_LIMITS.maxCollapsed);
  const href = exportHref({ kind: 'units', rootId: ulid(), collapsed: folded }, 'pdf', 'letter');
  assert.ok(href.length < 11_500, `${href.length} characters`);
  const query = Object.fromEntries(new URL(href, 'http://arbor.test').searchParams);
  const parsed = exportQuery.parse(query);
  assert.deepEqual(parsed.collapsed, folded);
});

test('more folds than fit: the link exports unfolded from the same top, and says it does not fit', () => {
  const rootId = ulid();
  const folded = ids(CHART_LIMITS.maxCollapsed + 1);
  assert.equal(foldsFit(folded), false);
  const href = exportHref({ kind: 'units', rootId, collapsed: folded }, 'png');
  assert.equal(href, `/api/v1/chart/export?kind=units&format=png&rootId=${rootId}`);
  assert.equal(exportHref({ kind: 'people', collapsed: [] }, 'svg'), '/api/v1/chart/export?kind=people&format=svg');
});
