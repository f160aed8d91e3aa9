// The API reference against the routes, without a server: every /api/v1 route and method is
// documented, every documented operation is the one its route runs with, and the document is
// valid OpenAPI 3.1 that states who may call what.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { AREAS, allOperations, type ListedOperation } from '../../lib/api/operations';
import { buildOpenApiDocument } from '../../lib/openapi';
import { WEBHOOK_EVENT_TYPES } from '../../lib/webhooks';

const ROOT = resolve(import.meta.dirname, '../..');
const API = join(ROOT, 'app/api/v1');
/** Routes the document need not list: the document itself. */
const UNDOCUMENTED = new Set(['GET /api/v1/openapi.json']);

interface RouteFile {
  file: string;
  /** The OpenAPI path: `app/api/v1/units/[unitId]` → `/api/v1/units/{unitId}`. */
  path: string;
  source: string;
  methods: string[];
}

function routeFiles(dir = API): RouteFile[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    if (name !== 'route.ts') return [];
    const source = readFileSync(full, 'utf8');
    const path = `/${relative(join(ROOT, 'app'), dir)}`.replace(/\[(\w+)\]/g, '{$1}');
    const methods = [...source.matchAll(/^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b/gm)].map((m) => m[1]);
    return [{ file: relative(ROOT, full), path, source, methods }];
  });
}

/** The operation a route's method runs with: `export const POST = withActor(units.create, …)`. */
function operationOf(route: RouteFile, method: string): ListedOperation | undefined {
  const call = new RegExp(`^export const ${method} = withActor\\(\\s*(\\w+)\\.(\\w+)\\s*,`, 'm').exec(route.source);
  if (!call) return undefined;
  const [, area, key] = call;
  const imported = new RegExp(`import \\{[^}]*\\b${area}\\b[^}]*\\} from '@/lib/api/operations/(\\w[\\w-]*)'`).test(route.source);
  const ops = (AREAS as Record<string, Record<string, ListedOperation>>)[area];
  return imported ? ops?.[key] : undefined;
}

const doc = buildOpenApiDocument();
type Json = Record<string, unknown>;
const paths = doc.paths as Record<string, Record<string, Json>>;
const routes = routeFiles();

describe('the API reference', () => {
  test('documents every route and method under /api/v1', () => {
    const missing = routes.flatMap((r) =>
      r.methods.filter((m) => !UNDOCUMENTED.has(`${m} ${r.path}`) && !paths[r.path]?.[m.toLowerCase()]).map((m) => `${m} ${r.path} (${r.file})`),
    );
    assert.deepEqual(missing, [], `Routes missing from the document: declare their operation in lib/api/operations and use it in the route:\n${missing.join('\n')}`);
  });

  test('each route runs with the operation documented for its path and method', () => {
    const wrong = routes.flatMap((r) =>
      r.methods
        .filter((m) => !UNDOCUMENTED.has(`${m} ${r.path}`))
        .flatMap((m) => {
          const op = operationOf(r, m);
          if (!op) return [`${m} ${r.path}: not \`withActor(<area>.<operation>, …)\` with an area of lib/api/operations`];
          return op.method === m.toLowerCase() && op.path === r.path ? [] : [`${m} ${r.path} runs with ${op.operationId} (${op.method} ${op.path})`];
        }),
    );
    assert.deepEqual(wrong, [], wrong.join('\n'));
  });

  test('every operation has a unique operationId and a route that exports its method', () => {
    const ids = allOperations.map((op) => op.operationId);
    assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), [], 'duplicate operationIds');
    const exported = new Set(routes.flatMap((r) => r.methods.map((m) => `${m.toLowerCase()} ${r.path}`)));
    const orphans = allOperations.filter((op) => !exported.has(`${op.method} ${op.path}`)).map((op) => `${op.operationId}: ${op.method} ${op.path}`);
    assert.deepEqual(orphans, [], `Operations without a route:\n${orphans.join('\n')}`);
  });

  test('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc as never);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
    assert.equal(doc.openapi, '3.1.0');
  });

  test('person-only operations take a session only; the others an API key or a session', () => {
    for (const op of allOperations) {
      const security = paths[op.path][op.method].security as Json[];
      const schemes = security.flatMap((s) => Object.keys(s));
      assert.deepEqual(schemes, op.personOnly ? ['session'] : ['apiKey', 'session'], op.operationId);
    }
  });

  test('every operation documents the shared refusals, and idempotent ones their key', () => {
    for (const op of allOperations) {
      const documented = paths[op.path][op.method];
      const statuses = Object.keys(documented.responses as Json);
      for (const status of ['400', '401', '403', '429']) assert.ok(statuses.includes(status), `${op.operationId} lacks ${status}`);
      const parameters = JSON.stringify(documented.parameters ?? []);
      assert.equal(parameters.includes('#/components/parameters/IdempotencyKey'), op.idempotent === true, op.operationId);
    }
  });

  test('a list that takes a cursor answers the next one', () => {
    const schemas = (doc.components?.schemas ?? {}) as Record<string, Json>;
    /** Property names of an answer, through references and unions. */
    const properties = (schema: Json): string[] => {
      if (typeof schema.$ref === 'string') return properties(schemas[schema.$ref.split('/').at(-1)!]);
      const alternatives = [...((schema.anyOf ?? []) as Json[]), ...((schema.oneOf ?? []) as Json[])];
      return [...Object.keys((schema.properties ?? {}) as Json), ...alternatives.flatMap(properties)];
    };
    const takesCursor = (schema: unknown) => Boolean(schema && typeof schema === 'object' && 'shape' in schema && 'cursor' in (schema.shape as object));
    const paged = allOperations.filter((op) => takesCursor(op.query) || takesCursor(op.body));
    assert.ok(paged.some((op) => op.operationId === 'listUnitChildren'), 'the lists were found');
    for (const op of paged) {
      const ok = (paths[op.path][op.method].responses as Record<string, Json>)['200'];
      const schema = (ok.content as Record<string, { schema: Json }>)['application/json'].schema;
      assert.ok(properties(schema).includes('nextCursor'), `${op.operationId} takes a cursor but answers no nextCursor`);
    }
  });

  test('its webhooks section describes every event Arbor sends, with its payload and signature headers', () => {
    const webhooks = (doc.webhooks ?? {}) as Record<string, { post?: Json }>;
    assert.deepEqual(Object.keys(webhooks).sort(), [...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const post = webhooks[type].post!;
      const body = (post.requestBody as { content: Record<string, { schema: Json }> }).content['application/json'].schema;
      assert.deepEqual((body.properties as Record<string, Json>).type, { type: 'string', enum: [type] }, type);
      assert.deepEqual((body.required as string[]).sort(), ['data', 'timestamp', 'type'], type);
      const headers = (post.parameters as { in: string; name: string; required: boolean }[]).filter((p) => p.in === 'header');
      assert.deepEqual(headers.map((h) => [h.name, h.required]).sort(), [['webhook-id', true], ['webhook-signature', true], ['webhook-timestamp', true]], type);
    }
  });

  test('GET /api/v1/openapi.json answers the document, cacheable', async () => {
    const { GET } = await import('../../app/api/v1/openapi.json/route');
    const res = GET();
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'public, max-age=300');
    assert.deepEqual(Object.keys(((await res.json()) as { paths: Json }).paths).sort(), Object.keys(paths).sort());
  });
});
