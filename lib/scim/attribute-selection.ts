// `attributes` and `excludedAttributes` (RFC 7644 §3.4.2.5) as SCIMMY's output filter. Names are
// matched case-insensitively by SCIMMY; `id` and `schemas` are always returned.
import { scimmy } from './protocol';
import { badValue } from './protocol-errors';

export interface AttributeSelection {
  attributes?: string;
  excludedAttributes?: string;
}

// An attribute, a sub-attribute, or either under a schema URN (`urn:…:User:userName`).
const NAME = /^(?:urn:[\w.-]+(?::[\w.-]+)*:)?[A-Za-z][\w$-]*(?:\.[A-Za-z][\w$-]*)?$/;

function names(list: string): string[] {
  const out = list.split(',').map((a) => a.trim()).filter(Boolean);
  if (out.length === 0 || out.length > 50 || out.some((a) => a.length > 200 || !NAME.test(a))) throw badValue('attributes and excludedAttributes are comma-separated attribute names.');
  return out;
}

export function attributeFilter(select: AttributeSelection) {
  const SCIMMY = scimmy();
  try {
    if (select.attributes) return new SCIMMY.Types.Filter(names(select.attributes).map((a) => `${a} pr`).join(' and '));
    if (select.excludedAttributes) return new SCIMMY.Types.Filter(names(select.excludedAttributes).map((a) => `${a} np`).join(' and '));
  } catch {
    throw badValue('attributes and excludedAttributes are comma-separated attribute names.');
  }
  return undefined;
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
