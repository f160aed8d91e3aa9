// A bounded look at untrusted XML before any parser or signature check sees it (an IdP's SAML
// response at the ACS, IdP metadata). The XML libraries behind node-saml recurse and re-walk per
// level, so 20,000 nested elements hold the event loop for seconds; this scan is one linear pass
// that reads only the markup's shape and stops at the first limit crossed. It is not a parser:
// whatever it lets through is still parsed and verified in full afterwards.

/** Real SAML responses and IdP metadata are under 30 levels deep. */
export const MAX_XML_DEPTH = 32;
/** Entra's responses carry at most 150 groups; its metadata is a few hundred elements. */
export const MAX_XML_ELEMENTS = 5_000;
export const MAX_XML_ATTRIBUTES = 10_000;

export type XmlShapeRefusal = 'doctype' | 'tooDeep' | 'tooManyElements' | 'tooManyAttributes' | 'malformed';

export const XML_SHAPE_REFUSALS: Record<XmlShapeRefusal, string> = {
  doctype: 'a DOCTYPE or other declaration is not allowed.',
  tooDeep: `it nests elements more than ${MAX_XML_DEPTH} levels deep.`,
  tooManyElements: `it has more than ${MAX_XML_ELEMENTS} elements.`,
  tooManyAttributes: `it has more than ${MAX_XML_ATTRIBUTES} attributes.`,
  malformed: 'its markup is not well formed.',
};

const LT = 0x3c, GT = 0x3e, SLASH = 0x2f, BANG = 0x21, QUESTION = 0x3f, EQUALS = 0x3d, DQUOTE = 0x22, SQUOTE = 0x27;

/** Why this XML is refused before parsing, or undefined when its shape is within the limits. */
export function xmlShapeRefusal(xml: string): XmlShapeRefusal | undefined {
  let depth = 0;
  let elements = 0;
  let attributes = 0;
  let i = 0;
  for (;;) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) return depth === 0 ? undefined : 'malformed';
    const next = xml.charCodeAt(lt + 1);
    if (next === BANG) {
      const skipped = xml.startsWith('<!--', lt) ? after(xml, '-->', lt + 4) : xml.startsWith('<![CDATA[', lt) ? after(xml, ']]>', lt + 9) : undefined;
      // Any other `<!` is a declaration (DOCTYPE, ENTITY …): the way to entity expansion.
      if (skipped === undefined) return 'doctype';
      if (skipped < 0) return 'malformed';
      i = skipped;
      continue;
    }
    if (next === QUESTION) {
      i = after(xml, '?>', lt + 2);
      if (i < 0) return 'malformed';
      continue;
    }
    if (next === SLASH) {
      i = after(xml, '>', lt + 2);
      if (i < 0 || --depth < 0) return 'malformed';
      continue;
    }
    const end = startTagEnd(xml, lt + 1);
    if (end.at < 0) return 'malformed';
    if (++elements > MAX_XML_ELEMENTS) return 'tooManyElements';
    if ((attributes += end.attributes) > MAX_XML_ATTRIBUTES) return 'tooManyAttributes';
    if (xml.charCodeAt(end.at - 1) !== SLASH && ++depth > MAX_XML_DEPTH) return 'tooDeep';
    i = end.at + 1;
  }
}

/** The index just past `token`, searching from `from`, or -1. */
function after(xml: string, token: string, from: number): number {
  const at = xml.indexOf(token, from);
  return at < 0 ? -1 : at + token.length;
}

/** Where a start tag's `>` is (quoted values may hold `>`), and how many attributes it has. */
function startTagEnd(xml: string, from: number): { at: number; attributes: number } {
  let attributes = 0;
  let quote = 0;
  for (let j = from; j < xml.length; j++) {
    const c = xml.charCodeAt(j);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === DQUOTE || c === SQUOTE) quote = c;
    else if (c === EQUALS) attributes++;
    else if (c === GT) return { at: j, attributes };
    else if (c === LT) break;
  }
  return { at: -1, attributes };
}
