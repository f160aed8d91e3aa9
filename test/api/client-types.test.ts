// The e2e suite's typed client is typed from the API reference as the operations declare it now:
// e2e/support/api/schema.d.ts is regenerated in memory and must equal the committed file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { API_TYPES_FILE, renderApiTypes } from '../../scripts/api-types';

test('e2e/support/api/schema.d.ts is what npm run api:types writes', async () => {
  const committed = readFileSync(API_TYPES_FILE, 'utf8');
  const fresh = await renderApiTypes();
  if (committed === fresh) return;
  const committedLines = committed.split('\n');
  const freshLines = fresh.split('\n');
  const first = freshLines.findIndex((line, i) => line !== committedLines[i]);
  assert.fail(
    `e2e/support/api/schema.d.ts is out of date with lib/api/operations: run npm run api:types.\n` +
      `First difference at line ${first + 1}:\n  committed: ${committedLines[first] ?? '(end of file)'}\n  generated: ${freshLines[first] ?? '(end of file)'}`,
  );
});
