// A JSON Schema as a reader wants it: each property with its type, whether it is required, its
// allowed values and its description, an inline object's properties indented below it. A `$ref`
// to a component is a link to it on the schemas page, never expanded in place: each component
// is described once, and a schema that refers to itself cannot recurse.
import type { ReactNode } from 'react';
import { isRef, referenceHref, refName, type Schema, type SchemaOrRef } from './reference-model';
import { codeClass, InlineText } from './rich-text';

/** Arbor's ids (lib/validation): worth a name rather than the pattern. */
const ULID_PATTERN = '^[0-9A-HJKMNP-TV-Z]{26}$';

const variantsOf = (s: Schema) => s.oneOf ?? s.anyOf;
const isObject = (s: SchemaOrRef) => !isRef(s) && (Boolean(s.properties) || s.type === 'object');
const hasInlineObject = (variants: SchemaOrRef[]) => variants.some(isObject);

export function SchemaLink({ to }: { to: string }) {
  const name = refName(to);
  return (
    <a href={referenceHref.schema(name)} className="font-mono text-emerald-700 underline decoration-emerald-700/40 underline-offset-2 hover:decoration-emerald-700 dark:text-emerald-400 dark:decoration-emerald-400/40">
      {name}
    </a>
  );
}

/** What a value is, in a few words: `string`, `string | null`, `array of Unit`. */
export function TypeLabel({ schema }: { schema: SchemaOrRef }): ReactNode {
  if (isRef(schema)) return <SchemaLink to={schema.$ref} />;
  const variants = variantsOf(schema);
  if (variants) {
    if (hasInlineObject(variants)) return `one of ${variants.length} shapes`;
    return variants.map((v, i) => (
      <span key={i}>
        {i > 0 && ' | '}
        <TypeLabel schema={v} />
      </span>
    ));
  }
  if (schema.type === 'array') {
    return <>array of {schema.items ? <TypeLabel schema={schema.items} /> : 'any'}</>;
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  return types.length ? types.join(' | ') : 'any';
}

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function range(min: number | undefined, max: number | undefined, unit: string): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `exactly ${min} ${unit}` : `${min}–${max} ${unit}`;
  if (max !== undefined) return `at most ${max} ${unit}`;
  if (min !== undefined) return `at least ${min} ${unit}`;
  return undefined;
}

/** The rules a value must follow: allowed values, pattern, lengths, bounds. */
function rulesOf(s: Schema): ReactNode[] {
  const rules: ReactNode[] = [];
  if (s.enum) {
    rules.push(
      <>
        one of{' '}
        {s.enum.map((v, i) => (
          <span key={i}>
            {i > 0 && ', '}
            <code className={codeClass}>{shown(v)}</code>
          </span>
        ))}
      </>,
    );
  }
  if (s.const !== undefined) rules.push(<>always <code className={codeClass}>{shown(s.const)}</code></>);
  if (s.format) rules.push(`format ${s.format}`);
  if (s.pattern === ULID_PATTERN) rules.push('an Arbor id (26-character ULID)');
  else if (s.pattern) rules.push(<>matches <code className={`${codeClass} break-all`}>{s.pattern}</code></>);
  const bounds = [range(s.minLength, s.maxLength, 'characters'), range(s.minItems, s.maxItems, 'items'), range(s.minimum, s.maximum, '')];
  for (const b of bounds) if (b) rules.push(b.trim());
  if (s.default !== undefined) rules.push(<>default <code className={codeClass}>{shown(s.default)}</code></>);
  // An array of plain values: the rules of each item (an id list's pattern).
  if (s.type === 'array' && s.items && !isRef(s.items) && !isObject(s.items)) {
    const each = rulesOf(s.items);
    if (each.length) rules.push(<>each: {joined(each)}</>);
  }
  return rules;
}

const joined = (parts: ReactNode[]) => parts.map((p, i) => <span key={i}>{i > 0 && ' · '}{p}</span>);

/** The rules of a value (none for a reference: its schema states them). */
export function Rules({ schema }: { schema: SchemaOrRef }) {
  const rules = isRef(schema) ? [] : rulesOf(schema);
  return rules.length ? <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{joined(rules)}</p> : null;
}

/** What is inside a value: an inline object's properties, or the shapes it may take. */
function Inside({ schema }: { schema: Schema }) {
  if (schema.properties) return <PropertyList schema={schema} nested />;
  if (schema.type === 'array' && schema.items && !isRef(schema.items)) return <Inside schema={schema.items} />;
  const variants = variantsOf(schema);
  if (!variants || !hasInlineObject(variants)) return null;
  return (
    <div className="mt-2 space-y-2">
      <p className="text-xs font-medium text-zinc-700 dark:text-zinc-300">
        One of{schema.discriminator ? <>, told apart by <code className={codeClass}>{schema.discriminator.propertyName}</code></> : null}:
      </p>
      <ol className="space-y-2">
        {variants.map((v, i) => (
          <li key={i} className="rounded-md border border-zinc-200 px-3 py-1 dark:border-zinc-800">
            {isRef(v) || !v.properties ? (
              <p className="py-1 font-mono text-xs"><TypeLabel schema={v} /></p>
            ) : (
              <PropertyList schema={v} />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function Property({ name, schema, required }: { name: string; schema: SchemaOrRef; required: boolean }) {
  return (
    <li className="py-2">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <code className="font-mono text-sm font-semibold break-all text-zinc-900 dark:text-zinc-100">{name}</code>
        <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400"><TypeLabel schema={schema} /></span>
        {required ? (
          <span className="text-xs font-medium text-amber-800 dark:text-amber-300">required</span>
        ) : (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">optional</span>
        )}
      </div>
      {schema.description && (
        <p className="mt-0.5 text-sm text-zinc-700 dark:text-zinc-300"><InlineText text={schema.description} /></p>
      )}
      <Rules schema={schema} />
      {!isRef(schema) && <Inside schema={schema} />}
    </li>
  );
}

function PropertyList({ schema, nested = false }: { schema: Schema; nested?: boolean }) {
  const required = new Set(schema.required ?? []);
  return (
    <div className={nested ? 'mt-1 border-l-2 border-zinc-200 pl-3 dark:border-zinc-700' : ''}>
      <ul className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
        {Object.entries(schema.properties ?? {}).map(([name, p]) => (
          <Property key={name} name={name} schema={p} required={required.has(name)} />
        ))}
      </ul>
      {schema.additionalProperties === false && <p className="pb-1 text-xs text-zinc-600 dark:text-zinc-400">Any other property is refused.</p>}
    </div>
  );
}

/** A schema in full: an object's properties, or its type with its rules and shapes. */
export function SchemaView({ schema }: { schema: SchemaOrRef }) {
  if (!isRef(schema) && schema.properties) return <PropertyList schema={schema} />;
  return (
    <div className="text-sm">
      <p className="font-mono text-xs text-zinc-800 dark:text-zinc-200"><TypeLabel schema={schema} /></p>
      {schema.description && <p className="mt-0.5 text-zinc-700 dark:text-zinc-300"><InlineText text={schema.description} /></p>}
      <Rules schema={schema} />
      {!isRef(schema) && <Inside schema={schema} />}
    </div>
  );
}
