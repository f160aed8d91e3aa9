// SCIM filters (RFC 7644 §3.4.2.2) as DynamoDB requests. The filter is parsed by
// scim2-parse-filter; Arbor supports what provisioning clients send: `eq`, `sw`, `co`, `pr` and
// `and` on userName, externalId, emails.value, displayName and active (Users), displayName,
// externalId and members.value (Groups), attribute names in any case, `emails[value eq "…"]`
// as `emails.value eq`. One term with an index becomes the Query's key condition; the others
// become its FilterExpression. Anything else answers invalidFilter, never a Scan.
import { parse, type Filter } from 'scim2-parse-filter';
import { badFilter } from './protocol-errors';
import { nameKey } from './user-item';

type Op = 'eq' | 'sw' | 'co' | 'pr';

/** A compared value's bytes: key values stay far inside DynamoDB's 1,024-byte sort key. */
const MAX_VALUE_BYTES = 512;

interface Term {
  attribute: string;
  op: Op;
  value?: string | boolean;
}

interface AttributeDef {
  /** The stored attribute compared (lower-cased copies for case-insensitive attributes). */
  stored: string;
  caseExact: boolean;
  kind: 'string' | 'boolean' | 'list';
  /** For a list: the stored text `co` searches (the values joined by spaces). */
  text?: string;
  /** The index that serves `eq` (and `sw` when sorted by the value). */
  index?: { name: 'GSI1' | 'GSI2' | 'GSI3'; eq: (v: string) => { cond: string; value: string }; sw?: boolean };
}

export type ResourceKind = 'user' | 'group';

const FILTER_ATTRIBUTES: Record<ResourceKind, Record<string, AttributeDef>> = {
  user: {
    username: { stored: 'userNameKey', caseExact: false, kind: 'string', index: { name: 'GSI2', eq: (v) => ({ cond: 'GSI2SK = :k', value: v }), sw: true } },
    externalid: { stored: 'externalId', caseExact: true, kind: 'string', index: { name: 'GSI3', eq: (v) => ({ cond: 'GSI3SK = :k', value: v }) } },
    // GSI1 holds the primary address (`eq`, `sw` as key conditions); the stored list and its text
    // answer the other terms.
    'emails.value': { stored: 'emails', text: 'emailsText', caseExact: false, kind: 'list', index: { name: 'GSI1', eq: (v) => ({ cond: 'begins_with(GSI1SK, :k)', value: `${v} ` }), sw: true } },
    displayname: { stored: 'displayNameKey', caseExact: false, kind: 'string' },
    active: { stored: 'active', caseExact: true, kind: 'boolean' },
  },
  group: {
    displayname: { stored: 'displayNameKey', caseExact: false, kind: 'string', index: { name: 'GSI2', eq: (v) => ({ cond: 'GSI2SK = :k', value: v }), sw: true } },
    externalid: { stored: 'externalId', caseExact: true, kind: 'string', index: { name: 'GSI3', eq: (v) => ({ cond: 'GSI3SK = :k', value: v }) } },
  },
};

/** A filter as a Query: which index, its key condition and the rest as a FilterExpression. */
export interface QueryPlan {
  index: 'GSI1' | 'GSI2' | 'GSI3';
  /** The index partition's key is filled in by the caller (it holds the tenant). */
  keyCondition?: { cond: string; value: string };
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
}

/** `members.value eq "<id>"` on Groups: served from the person's partition instead of an index. */
export interface MemberOfPlan {
  memberOf: string;
  /** The filter's other terms, checked on the (few) groups the person is in. */
  matches: (group: Record<string, unknown>) => boolean;
}

function terms(node: Filter): Term[] {
  switch (node.op) {
    case 'and':
      return node.filters.flatMap(terms);
    case '[]': {
      const inner = node.valFilter;
      // Entra's `emails[type eq "work"].value eq "…"`: Arbor matches any listed address of the person.
      if (inner.op === 'eq' && inner.attrPath.toLowerCase() === 'type' && node.attrPath.toLowerCase() === 'emails') return [];
      if (inner.op !== 'eq' || inner.attrPath.toLowerCase() !== 'value' || typeof inner.compValue !== 'string') throw badFilter(`only ${node.attrPath}[value eq "…"] is supported`);
      return [{ attribute: `${node.attrPath}.value`.toLowerCase(), op: 'eq', value: inner.compValue as string }];
    }
    case 'eq':
    case 'sw':
    case 'co':
      if (node.compValue === undefined || node.compValue === null || typeof node.compValue === 'number') throw badFilter(`${node.attrPath} ${node.op} needs a string or boolean value`);
      return [{ attribute: node.attrPath.toLowerCase(), op: node.op, value: node.compValue as string | boolean }];
    case 'pr':
      return [{ attribute: node.attrPath.toLowerCase(), op: 'pr' }];
    default:
      throw badFilter(`the operator "${node.op}" is not supported; use eq, sw, co, pr and and`);
  }
}

function parseFilter(text: string): Term[] {
  if (text.length > 1000) throw badFilter('it is longer than 1,000 characters');
  let tree: Filter;
  try {
    tree = parse(text);
  } catch {
    throw badFilter('it could not be parsed');
  }
  const out = terms(tree);
  if (out.length === 0) throw badFilter('it names no attribute Arbor filters by');
  for (const t of out) {
    if (typeof t.value === 'string' && (t.value === '' || Buffer.byteLength(nameKey(t.value)) > MAX_VALUE_BYTES)) throw badFilter(`the value for ${t.attribute} must be 1–${MAX_VALUE_BYTES} bytes`);
  }
  // URN-qualified core names (`urn:…:User:userName`) mean the same attribute.
  return out.map((t) => ({ ...t, attribute: t.attribute.replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, '') }));
}

export function planFilter(kind: ResourceKind, text: string | undefined): QueryPlan | MemberOfPlan {
  const sorted: QueryPlan = { index: 'GSI2' };
  if (!text) return sorted;
  const list = parseFilter(text);
  if (kind === 'group') {
    const member = list.find((t) => t.attribute === 'members.value');
    if (member) {
      if (member.op !== 'eq' || typeof member.value !== 'string') throw badFilter('members.value supports eq');
      const rest = list.filter((t) => t !== member);
      for (const t of rest) if (!FILTER_ATTRIBUTES.group[t.attribute]) throw badFilter(`filtering by "${t.attribute}" is not supported`);
      return { memberOf: member.value, matches: (g) => rest.every((t) => matchTerm(FILTER_ATTRIBUTES.group[t.attribute]!, t, g)) };
    }
  }
  const defs = FILTER_ATTRIBUTES[kind];
  for (const t of list) {
    const def = defs[t.attribute];
    if (!def) throw badFilter(`filtering by "${t.attribute}" is not supported`);
    if (def.kind === 'boolean' ? t.op !== 'eq' && t.op !== 'pr' : typeof t.value === 'boolean') throw badFilter(`${t.attribute} ${t.op} is not supported`);
    if (def.kind === 'list' && t.op === 'sw' && list.length > 1 && list[0] !== t) throw badFilter(`${t.attribute} sw must come first`);
  }
  const keyed = list.find((t) => {
    const def = defs[t.attribute]!;
    return def.index && typeof t.value === 'string' && (t.op === 'eq' || (t.op === 'sw' && def.index.sw));
  });
  const plan: QueryPlan = { index: 'GSI2' };
  if (keyed) {
    const def = defs[keyed.attribute]!;
    const value = comparable(def, keyed.value as string);
    plan.index = def.index!.name;
    plan.keyCondition = keyed.op === 'sw' ? { cond: `begins_with(${plan.index}SK, :k)`, value } : def.index!.eq(value);
  }
  const rest = list.filter((t) => t !== keyed);
  // emails.value eq through GSI1 matches the address a person is known by; the stored list
  // (every listed address) is checked as well, so the answer is the same as a filter would give.
  if (rest.length > 0) {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const parts = rest.map((t, i) => {
      const def = defs[t.attribute]!;
      names[`#f${i}`] = def.stored;
      if (t.op === 'pr') return def.kind === 'list' ? `size(#f${i}) > :z` : `attribute_exists(#f${i})`;
      values[`:f${i}`] = typeof t.value === 'boolean' ? t.value : comparable(def, t.value as string);
      if (def.kind === 'list' && t.op === 'co') {
        names[`#f${i}`] = def.text!;
        return `contains(#f${i}, :f${i})`;
      }
      if (def.kind === 'list' && t.op === 'sw') return `begins_with(#f${i}, :f${i})`;
      if (def.kind === 'list') return `contains(#f${i}, :f${i})`;
      if (t.op === 'eq') return `#f${i} = :f${i}`;
      if (t.op === 'sw') return `begins_with(#f${i}, :f${i})`;
      return `contains(#f${i}, :f${i})`;
    });
    if (Object.values(names).length && parts.some((p) => p.includes(':z'))) values[':z'] = 0;
    plan.filter = { expression: parts.join(' AND '), names, values };
  }
  return plan;
}

const comparable = (def: AttributeDef, value: string) => (def.caseExact ? value : nameKey(value));

/** One term against a stored item, as the FilterExpression would decide it. */
function matchTerm(def: AttributeDef, t: Term, item: Record<string, unknown>): boolean {
  const stored = item[def.stored];
  if (t.op === 'pr') return stored !== undefined && stored !== null && stored !== '';
  if (typeof stored !== 'string' || typeof t.value !== 'string') return stored === t.value;
  const v = comparable(def, t.value);
  return t.op === 'eq' ? stored === v : t.op === 'sw' ? stored.startsWith(v) : stored.includes(v);
}
