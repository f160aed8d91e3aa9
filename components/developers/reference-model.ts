// The OpenAPI document (lib/openapi) as the reference page reads it: operations grouped by tag in
// the document's order, with the `$ref`s to shared parameters and answers resolved, and one
// anchor per tag, operation and schema so the page links within itself. Schemas keep their
// `$ref`s: the page links to a component instead of expanding it.
import type { OpenApiDocument } from '@/lib/openapi';

type Components = NonNullable<OpenApiDocument['components']>;
type PathItem = NonNullable<OpenApiDocument['paths']>[string];
type Operation = NonNullable<PathItem['get']>;
type ParameterOrRef = NonNullable<Operation['parameters']>[number];
type ResponseOrRef = NonNullable<Components['responses']>[string];
export type SchemaOrRef = NonNullable<Components['schemas']>[string];
/** A schema written out, not a `$ref` to one. */
export type Schema = Exclude<SchemaOrRef, { $ref: string }>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface ReferenceParameter {
  /** The shared parameter's name (`IdempotencyKey`), when the operation refers to one. */
  shared?: string;
  name: string;
  in: string;
  required: boolean;
  description?: string;
  schema?: SchemaOrRef;
}

export interface ReferenceAnswer {
  status: string;
  /** The shared answer's name (`NotFound`), when the operation refers to one or adds to one. */
  name?: string;
  description: string;
  /** What the operation says beyond the shared answer of its status. */
  note?: string;
  mediaType?: string;
  schema?: SchemaOrRef;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  /** Only a signed-in person's session may call it: API keys are refused. */
  personOnly: boolean;
  idempotent: boolean;
  parameters: ReferenceParameter[];
  body?: { required: boolean; mediaType: string; schema?: SchemaOrRef };
  successes: ReferenceAnswer[];
  errors: ReferenceAnswer[];
}

export interface ReferenceTag {
  name: string;
  operations: ReferenceOperation[];
}

export interface ApiReference {
  description?: string;
  version: string;
  tags: ReferenceTag[];
  schemas: [string, SchemaOrRef][];
  /** The shared error answers, by status. */
  errors: ReferenceAnswer[];
  idempotencyKey?: string;
  operationCount: number;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const anchors = {
  tag: (name: string) => `tag-${slug(name)}`,
  operation: (id: string) => `op-${id}`,
  schema: (name: string) => `schema-${name}`,
};

/** `#/components/schemas/Unit` → `Unit`. */
export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

export const isRef = (value: unknown): value is { $ref: string } =>
  typeof value === 'object' && value !== null && typeof (value as { $ref?: unknown }).$ref === 'string';

type Resolved<T> = Exclude<T, { $ref: string }>;

/** The object itself, or the component a `$ref` names (undefined when it names none). */
function resolved<T extends object>(value: T, pool: Record<string, T> | undefined): Resolved<T> | undefined {
  const target = isRef(value) ? pool?.[refName(value.$ref)] : value;
  return target === undefined || isRef(target) ? undefined : (target as Resolved<T>);
}

function parameterOf(p: ParameterOrRef, components: Components): ReferenceParameter | undefined {
  const param = resolved(p, components.parameters);
  if (!param) return undefined;
  const shared = isRef(p) ? refName(p.$ref) : undefined;
  return { shared, name: param.name, in: param.in, required: param.required ?? false, description: param.description, schema: param.schema };
}

function answerOf(status: string, answer: ResponseOrRef, components: Components): ReferenceAnswer {
  const name = isRef(answer) ? refName(answer.$ref) : undefined;
  const r = resolved(answer, components.responses);
  const [mediaType, media] = Object.entries(r?.content ?? {})[0] ?? [];
  return { status, name, description: r?.description ?? '', mediaType, schema: media?.schema };
}

function operationOf(method: string, path: string, op: Operation, components: Components): ReferenceOperation {
  const refs = op.parameters ?? [];
  const responses = Object.entries((op.responses ?? {}) as Record<string, ResponseOrRef>).map(([status, a]) => answerOf(status, a, components));
  const body = op.requestBody && !isRef(op.requestBody) ? op.requestBody : undefined;
  const [bodyType, bodyMedia] = Object.entries(body?.content ?? {})[0] ?? [];
  return {
    id: op.operationId ?? `${method}-${slug(path)}`,
    method: method.toUpperCase(),
    path,
    summary: op.summary ?? path,
    description: op.description,
    personOnly: (op.security ?? []).every((s) => !('apiKey' in s)),
    idempotent: refs.some((p) => isRef(p) && refName(p.$ref) === 'IdempotencyKey'),
    parameters: refs.flatMap((p) => parameterOf(p, components) ?? []),
    ...(body && bodyType ? { body: { required: body.required ?? false, mediaType: bodyType, schema: bodyMedia?.schema } } : {}),
    successes: responses.filter((a) => Number(a.status) < 400),
    errors: responses.filter((a) => Number(a.status) >= 400),
  };
}

export function apiReferenceOf(doc: OpenApiDocument): ApiReference {
  const components = doc.components ?? {};
  const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((m) => {
      const op = item[m];
      return op ? [{ tag: op.tags?.[0] ?? 'Other', op: operationOf(m, path, op, components) }] : [];
    }),
  );
  const tagNames = [...new Set([...(doc.tags ?? []).map((t) => t.name), ...operations.map((o) => o.tag)])];
  const tags = tagNames.map((name) => ({ name, operations: operations.filter((o) => o.tag === name).map((o) => o.op) })).filter((t) => t.operations.length > 0);
  // A shared answer's status is where operations refer to it (the component itself has none).
  const shared = new Map<string, ReferenceAnswer>();
  for (const { op } of operations) for (const e of op.errors) if (e.name && !shared.has(e.status)) shared.set(e.status, e);
  // An operation's own answer extends the shared one of its status (lib/openapi errorAnswer).
  for (const { op } of operations) {
    for (const e of op.errors) {
      const base = shared.get(e.status);
      if (e.name || !base) continue;
      e.name = base.name;
      e.note = e.description.startsWith(base.description) ? e.description.slice(base.description.length).trim() : e.description;
    }
  }
  const idempotency = components.parameters?.IdempotencyKey;
  return {
    description: doc.info.description,
    version: doc.info.version,
    tags,
    schemas: Object.entries(components.schemas ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    errors: [...shared.values()].sort((a, b) => Number(a.status) - Number(b.status)),
    idempotencyKey: idempotency && !isRef(idempotency) ? idempotency.description : undefined,
    operationCount: operations.length,
  };
}
