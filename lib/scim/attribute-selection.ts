// `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5) as SCIMMY's output filter. Names are
// case-insensitive (RFC 7643 §2.1) and spelled as declared before SCIMMY compares them (it
// matches extension URNs as written); `id` and `schemas` are always returned.
import { scimmy } from './protocol';
import { badValue } from './protocol-errors';
import { canonicalPath } from './attribute-names';

export interface AttributeSelection {
  attributes?: string;
  excludedAttributes?: string;
}

// An attribute, a sub-attribute, or either under a schema URN (`urn:…:User:userName`).
const NAME = /^(?:urn:[\w.-]+(?::[\w.-]+)*:)?[A-Za-z][\w$-]*(?:\.[A-Za-z][\w$-]*)?$/i;

/** A name as the User or the Group schema spells it (they agree on the names they share). */
function declared(name: string): string {
  const { Schemas } = scimmy();
  for (const definition of [Schemas.User.definition, Schemas.Group.definition]) {
    const found = canonicalPath(definition, name);
    if (found.node) return found.path;
  }
  return name;
}

function names(list: string): string[] {
  const out = list.split(',').map((a) => a.trim()).filter(Boolean);
  if (out.length === 0 || out.length > 50 || out.some((a) => a.length > 200 || !NAME.test(a))) throw badValue('attributes and excludedAttributes are comma-separated attribute names.');
  return out.map(declared);
}

// Names under an extension URN make SCIMMY's output filter throw: it filters the core attributes,
// and `extensionSelection` applies the rest.
const isExtension = (name: string) => /^urn:/i.test(name);

export function attributeFilter(select: AttributeSelection) {
  const SCIMMY = scimmy();
  try {
    if (select.attributes) {
      const core = names(select.attributes).filter((a) => !isExtension(a));
      return new SCIMMY.Types.Filter((core.length > 0 ? core : ['id']).map((a) => `${a} pr`).join(' and '));
    }
    if (select.excludedAttributes) {
      const core = names(select.excludedAttributes).filter((a) => !isExtension(a));
      return core.length > 0 ? new SCIMMY.Types.Filter(core.map((a) => `${a} np`).join(' and ')) : undefined;
    }
  } catch {
    throw badValue('attributes and excludedAttributes are comma-separated attribute names.');
  }
  return undefined;
}

/** An extension's value as a selection leaves it: whole, some of its attributes, or none (undefined). */
export function extensionSelection(select: AttributeSelection, urn: string, value: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!value || (!select.attributes && !select.excludedAttributes)) return value;
  const named = names((select.attributes ?? select.excludedAttributes)!).filter((a) => a === urn || a.startsWith(`${urn}:`));
  if (named.includes(urn)) return select.attributes ? value : undefined;
  const members = new Set(named.map((a) => a.slice(urn.length + 1).split('.')[0]!));
  const kept = Object.entries(value).filter(([k]) => members.has(k) === Boolean(select.attributes));
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** The request's selection, checked before anything runs (a bad one must not follow a write). */
export function selectionOf(params: URLSearchParams): AttributeSelection {
  const attributes = params.get('attributes') ?? undefined;
  const excludedAttributes = params.get('excludedAttributes') ?? undefined;
  const select = { ...(attributes ? { attributes } : {}), ...(excludedAttributes ? { excludedAttributes } : {}) };
  attributeFilter(select);
  return select;
}

/** Whether a selection leaves an attribute out (skip reading what nobody will see). */
export function excludes(select: AttributeSelection, attribute: string): boolean {
  const a = attribute.toLowerCase();
  const bare = (list: string) => list.toLowerCase().split(',').map((s) => s.trim().replace(/^urn:.*:/, ''));
  if (select.attributes) return !bare(select.attributes).map((s) => s.split('.')[0]).includes(a);
  if (select.excludedAttributes) return bare(select.excludedAttributes).includes(a);
  return false;
}
