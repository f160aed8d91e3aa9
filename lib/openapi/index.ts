// The public API's reference: an OpenAPI 3.1 document generated from the operations the route
// handlers run with (lib/api/operations), so it states exactly what they accept and answer, and
// in its `webhooks` section the events Arbor sends. Served at /api/v1/openapi.json. Pure: no I/O,
// the same document for every caller.
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { allOperations, type ListedOperation } from '../api/operations';
import { errorBody, registerComponents } from './components';
import { operationRoute } from './operation-route';
import { registerWebhooks } from './webhooks';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

export function buildOpenApiDocument(operations: readonly ListedOperation[] = allOperations): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registerComponents(registry);
  for (const op of operations) registry.registerPath(operationRoute(op));
  registerWebhooks(registry);
  // `register` would need extendZodWithOpenApi; the schema names itself with `.meta({ id })`.
  const schemas = [{ type: 'schema' as const, schema: errorBody }];
  return new OpenApiGeneratorV31([...registry.definitions, ...schemas]).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Arbor API',
      version: '1',
      description:
        "Arbor's organization tree, its members and their roles, as JSON over HTTPS. Every request acts as an " +
        'API key or a signed-in person and is authorized like the console: an operation says what it needs.',
    },
    servers: [{ url: '/' }],
    // In the order the areas list them (tags of the operations, first seen first).
    tags: [...new Set(operations.map((op) => op.tag))].map((name) => ({ name })),
  });
}

let built: OpenApiDocument | undefined;

/** The document for this process's operations, built on first use. */
export const openApiDocument = (): OpenApiDocument => (built ??= buildOpenApiDocument());
