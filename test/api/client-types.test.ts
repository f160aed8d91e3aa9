// The typed clients of the API derive from one truth, lib/api/operations: the e2e suite's
// (e2e/support/api/schema.d.ts, from the reference), the check client's (clients/typescript/
// schema.d.ts, the reference's check operations) and the console's (lib/api/client.ts, typed by
// the operations themselves, with their methods and paths by name in lib/api/operation-routes.ts).
// Each generated file is regenerated in memory and must equal the committed one, and the console
// calls every operation of the reference at the reference's method and path.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { OPERATION_ROUTES } from '../../lib/api/operation-routes';
import { AREAS } from '../../lib/api/operations';
import { buildOpenApiDocument } from '../../lib/openapi';
import { allOperations } from '../../lib/api/operations';
import { API_TYPES_FILE, CHECK_CLIENT_TYPES_FILE, checksDocument, OPERATION_ROUTES_FILE, renderApiTypes, renderCheckClientTypes, renderOperationRoutes } from '../../scripts/api-types';

function assertCurrent(file: string, name: string, fresh: string) {
  const committed = readFileSync(file, 'utf8');
  if (committed === fresh) return;
  const committedLines = committed.split('\n');
  const freshLines = fresh.split('\n');
  const first = freshLines.findIndex((line, i) => line !== committedLines[i]);
  assert.fail(
    `${name} is out of date with lib/api/operations: run npm run api:types.\n` +
      `First difference at line ${first + 1}:\n  committed: ${committedLines[first] ?? '(end of file)'}\n  generated: ${freshLines[first] ?? '(end of file)'}`,
  );
}

test('e2e/support/api/schema.d.ts is what npm run api:types writes', async () => {
  assertCurrent(API_TYPES_FILE, 'e2e/support/api/schema.d.ts', await renderApiTypes());
});

test('clients/typescript/schema.d.ts is what npm run api:types writes', async () => {
  assertCurrent(CHECK_CLIENT_TYPES_FILE, 'clients/typescript/schema.d.ts', await renderCheckClientTypes());
});

test("the check client's reference holds every check operation and nothing else", () => {
  const described = Object.values(checksDocument().paths ?? {}).flatMap((item) => Object.values(item as Record<string, { operationId?: string }>).map((op) => op.operationId));
  const checks = allOperations.filter((op) => op.check).map((op) => op.operationId);
  assert.ok(checks.length > 0);
  assert.deepEqual([...described].sort(), [...checks].sort());
});

test('lib/api/operation-routes.ts is what npm run api:types writes', () => {
  assertCurrent(OPERATION_ROUTES_FILE, 'lib/api/operation-routes.ts', renderOperationRoutes());
});

test("the console's client calls each operation of the reference by name, at the reference's method and path", () => {
  const documented = Object.entries(buildOpenApiDocument().paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { operationId?: string }>).map(([method, op]) => `${op.operationId} ${method.toUpperCase()} ${path}`),
  );
  const byName = OPERATION_ROUTES as Record<string, readonly [string, string]>;
  const called = Object.entries(AREAS).flatMap(([area, ops]) =>
    Object.entries(ops).map(([key, op]) => {
      const route = byName[`${area}.${key}`];
      return `${op.operationId} ${route?.[0]} ${route?.[1]}`;
    }),
  );
  assert.deepEqual([...called].sort(), [...documented].sort());
});
