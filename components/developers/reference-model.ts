// The OpenAPI document (lib/openapi) as the reference pages read it: operations grouped by tag
// (an area of the API, one page each) in the document's order, with the `$ref`s to shared
// parameters and answers resolved, and where every area, operation, schema and error status is
// found, so every page links to the others the same way. Schemas keep their `$ref`s: a page
// links to a component on the schemas page instead of expanding it.
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
  /** The area's page: /developers/<slug>. */
  slug: string;
  description?: string;
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

/** The one slug of an area (a tag): its page's path segment. */
export const areaSlug = (tag: string) => slug(tag);

/** The reference's own page of its schemas; no tag may take its slug. */
export const SCHEMAS_SLUG = 'schemas';

export const anchors = {
  area: (tag: string) => `area-${areaSlug(tag)}`,
  operation: (id: string) => `op-${id}`,
  schema: (name: string) => `schema-${name}`,
  error: (status: string) => `error-${status}`,
};

/** Where each part of the reference is, from any of its pages. */
export const referenceHref = {
  index: '/developers',
  guide: (sectionId: string) => `/developers#${sectionId}`,
  area: (tag: string) => `/developers/${areaSlug(tag)}`,
  operation: (tag: string, id: string) => `/developers/${areaSlug(tag)}#${anchors.operation(id)}`,
  schemas: `/developers/${SCHEMAS_SLUG}`,
  schema: (name: string) => `/developers/${SCHEMAS_SLUG}#${anchors.schema(name)}`,
  error: (status: string) => `/developers#${anchors.error(status)}`,
};

/** The area a page's slug names, if any. */
export const areaOf = (reference: ApiReference, pageSlug: string) => reference.tags.find((t) => t.slug === pageSlug);

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
  const descriptions = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
  const tags = tagNames
    .map((name) => ({ name, slug: areaSlug(name), description: descriptions.get(name) || undefined, operations: operations.filter((o) => o.tag === name).map((o) => o.op) }))
    .filter((t) => t.operations.length > 0);
  // Two areas on one page, or an area hiding the schemas page, would lose operations from view.
  const slugs = new Set([SCHEMAS_SLUG]);
  for (const t of tags) {
    if (slugs.has(t.slug)) throw new Error(`The API reference has two pages at /developers/${t.slug}: rename the tag "${t.name}"`);
    slugs.add(t.slug);
  }
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
