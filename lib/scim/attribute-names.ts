// Attribute names as the schema spells them, at the boundary, before SCIMMY or Arbor reads a body
// or a path: RFC 7643 §2.1 makes names and schema URNs case-insensitive (`UserName`,
// `emails[Type eq "work"].Value`, an extension URN in capitals), while SCIMMY's PatchOp and
// Arbor's own readers compare names as written. Names the schema does not declare are left as
// sent, for the checks after to refuse or drop.
import SCIMMY from 'scimmy';

type Attribute = InstanceType<typeof SCIMMY.Types.Attribute>;
type Definition = InstanceType<typeof SCIMMY.Types.SchemaDefinition>;
type Node = Attribute | Definition;

const isDefinition = (n: unknown): n is Definition => n instanceof SCIMMY.Types.SchemaDefinition;
const NAME = /^[A-Za-z][\w$-]*$/;
const isObject = (v: unknown): v is Record<string, unknown> => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

function child(parent: Node, name: string): Attribute | undefined {
  const list = isDefinition(parent) ? parent.attributes : parent.subAttributes ?? [];
  const lower = name.toLowerCase();
  return list.find((a): a is Attribute => !isDefinition(a) && a.name.toLowerCase() === lower);
}

/** The schema (the resource's own or an extension) a URN names, and what follows it. */
function schemaOf(definition: Definition, path: string): { schema: Definition; rest: string } | undefined {
  const lower = path.toLowerCase();
  const schemas = [definition, ...(definition.attributes as unknown[]).filter(isDefinition)];
  // The longest URN first: the core User's is a prefix of nothing else, but be exact anyway.
  for (const schema of schemas.sort((a, b) => b.id.length - a.id.length)) {
    const id = schema.id.toLowerCase();
    if (lower === id) return { schema, rest: '' };
    if (lower.startsWith(`${id}:`)) return { schema, rest: path.slice(id.length + 1) };
  }
  return undefined;
}

/** A dotted name (`name.givenName`) under a node, spelled as declared; undefined when unknown. */
function resolveDotted(parent: Node, dotted: string): { names: string[]; node: Node } | undefined {
  let node: Node = parent;
  const names: string[] = [];
  for (const part of dotted.split('.')) {
    const next = child(node, part);
    if (!next) return undefined;
    names.push(next.name);
    node = next;
  }
  return { names, node };
}

const FILTER_NAME = /([A-Za-z][\w$-]*(?:\.[A-Za-z][\w$-]*)*)(\s+)(eq|ne|co|sw|ew|gt|lt|ge|le|pr)\b/gi;
const LOGICAL = /\b(and|or|not)\b/gi;

/** A value filter's attribute names (outside its quoted values) spelled as the attribute declares them. */
function canonicalFilter(parent: Node, filter: string): string {
  return filter
    .split(/("(?:[^"\\]|\\.)*")/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(FILTER_NAME, (all, name: string, space: string, op: string) => {
              const found = resolveDotted(parent, name);
              return found ? `${found.names.join('.')}${space}${op.toLowerCase()}` : all;
            })
            .replace(LOGICAL, (w: string) => w.toLowerCase()),
    )
    .join('');
}

const MAX_PATH = 500;
const PATH = /^([A-Za-z][\w$-]*(?:\.[A-Za-z][\w$-]*)?)(?:\[(.*)\])?(?:\.([A-Za-z][\w$-]*))?$/s;

/**
 * A PATCH path or a body key (RFC 7644 §3.5.2: `[urn:]attr[.sub]`, `attr[filter][.sub]`) spelled
 * as the schema declares it (the resource's own URN left out), with what it names: an attribute,
 * a whole extension, or nothing known (a name the schema lacks, a value filter without a member).
 */
export function canonicalPath(definition: Definition, path: string): { path: string; node?: Node } {
  // No declared path is this long: a key that is cannot name anything, so it is not parsed.
  if (path.length > MAX_PATH) return { path };
  let scope: Definition = definition;
  let prefix = '';
  let rest = path;
  if (/^urn:/i.test(path)) {
    const found = schemaOf(definition, path);
    if (!found) return { path };
    if (!found.rest) return { path: found.schema.id, node: found.schema };
    scope = found.schema;
    // The resource's own URN adds nothing (`urn:…:core:2.0:User:userName` is `userName`).
    prefix = scope === definition ? '' : `${scope.id}:`;
    rest = found.rest;
  }
  const m = rest.match(PATH);
  if (!m) return { path };
  const [, attr, filter, sub] = m;
  const top = resolveDotted(scope, attr!);
  if (!top) return { path };
  if (filter === undefined) return { path: `${prefix}${top.names.join('.')}`, node: top.node };
  const subAttr = sub === undefined ? undefined : child(top.node, sub);
  if (sub !== undefined && !subAttr) return { path };
  return { path: `${prefix}${top.names.join('.')}[${canonicalFilter(top.node, filter)}]${subAttr ? `.${subAttr.name}` : ''}`, node: subAttr };
}

/** A value under a node (an attribute or a whole extension) with its members' names as declared. */
export function canonicalValue(node: Node | undefined, value: unknown): unknown {
  if (!node) return value;
  if (Array.isArray(value)) return value.map((v) => canonicalValue(node, v));
  if (!isObject(value) || (!isDefinition(node) && String(node.type) !== 'complex')) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const declared = NAME.test(key) ? child(node, key) : undefined;
    out[declared?.name ?? key] = canonicalValue(declared, v);
  }
  return out;
}

/** A resource body (POST, PUT) with every key it declares spelled as declared, URN keys included. */
export function canonicalResource(definition: Definition, body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const { path, node } = canonicalPath(definition, key);
    out[path] = canonicalValue(node, value);
  }
  return out;
}

/**
 * RFC 7643 §2.5: null is unassigned, the same as absent. Drops nulls at every depth (members of
 * complex values, entries of multi-valued ones); for a resource body, where absent means unset.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== null).map(withoutNulls);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null).map(([k, v]) => [k, withoutNulls(v)]));
}
