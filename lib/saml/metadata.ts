// IdP metadata in (entity id, single sign-on URL, signing certificates, read from XML or a URL)
// and the service provider's metadata out. @xmldom/xmldom never resolves external
// entities; both inputs are bounded in size, and their shape is checked before parsing.
import 'server-only';
import { X509Certificate } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { readBodyUpTo } from '../security/read-body';
import { badIdpCertificate, badIdpMetadata, metadataUnreachable } from './errors';
import { XML_SHAPE_REFUSALS, xmlShapeRefusal } from './xml-shape';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** Real metadata (Entra's, with its many certificates and claims) is well under this. */
export const MAX_METADATA_BYTES = 256 * 1024;

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

/** A certificate's base64 body (any PEM armour and whitespace removed), checked to be X.509. */
export function certificateBody(raw: string): string {
  const body = raw.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(body) || body.length > 16_384) throw badIdpCertificate('it is not a PEM or base64 certificate.');
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(Buffer.from(body, 'base64'));
  } catch {
    throw badIdpCertificate('it is not an X.509 certificate.');
  }
  if (new Date(cert.validTo).getTime() < Date.now()) throw badIdpCertificate(`it expired on ${new Date(cert.validTo).toISOString().slice(0, 10)}.`);
  return body;
}

export const toPem = (body: string) => `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;

/** Entity id, Redirect-binding SSO URL and signing certificates of the IdP's EntityDescriptor. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  if (Buffer.byteLength(xml) > MAX_METADATA_BYTES) throw badIdpMetadata('it is larger than 256 KB.');
  const refusal = xmlShapeRefusal(xml);
  if (refusal) throw badIdpMetadata(XML_SHAPE_REFUSALS[refusal]);
  let root: Element | null;
  try {
    const quiet = () => undefined;
    root = new DOMParser({ errorHandler: { warning: quiet, error: quiet } }).parseFromString(xml, 'text/xml').documentElement as unknown as Element | null;
  } catch {
    root = null;
  }
  const descriptor = root?.localName === 'EntityDescriptor' ? root : (root?.getElementsByTagNameNS(MD, 'EntityDescriptor')[0] ?? null);
  const idp = descriptor?.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0];
  if (!descriptor || !idp) throw badIdpMetadata('it has no IDPSSODescriptor.');
  const entityId = descriptor.getAttribute('entityID') ?? '';
  const all = (parent: Element, ns: string, name: string) => Array.from(parent.getElementsByTagNameNS(ns, name)) as Element[];
  const services = all(idp, MD, 'SingleSignOnService');
  const ssoUrl = services.find((s) => s.getAttribute('Binding') === REDIRECT)?.getAttribute('Location') ?? '';
  if (!entityId) throw badIdpMetadata('it names no entityID.');
  if (!ssoUrl) throw badIdpMetadata('it offers no single sign-on service with the HTTP-Redirect binding.');
  const certificates = all(idp, MD, 'KeyDescriptor')
    .filter((k) => (k.getAttribute('use') || 'signing') === 'signing')
    .flatMap((k) => all(k, DS, 'X509Certificate').map((c) => c.textContent ?? ''))
    .filter(Boolean);
  if (certificates.length === 0) throw badIdpMetadata('it has no signing certificate.');
  return { entityId, ssoUrl, certificates: [...new Set(certificates.map(certificateBody))] };
}

/** The IdP metadata at a URL (https, or http on this machine), 10 s and 256 KB at most. */
export async function fetchIdpMetadata(url: string): Promise<IdpMetadata> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error', headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } });
  } catch (e) {
    throw metadataUnreachable((e as Error).name === 'TimeoutError' ? 'it did not answer within 10 seconds.' : 'it could not be reached.');
  }
  if (!response.ok) throw metadataUnreachable(`it answered HTTP ${response.status}.`);
  const tooLarge = () => badIdpMetadata('it is larger than 256 KB.');
  if (Number(response.headers.get('content-length') ?? 0) > MAX_METADATA_BYTES) throw tooLarge();
  const body = await readBodyUpTo(response.body, MAX_METADATA_BYTES).catch(() => {
    throw metadataUnreachable('it stopped answering before the end.');
  });
  if (!body) throw tooLarge();
  return parseIdpMetadata(new TextDecoder().decode(body));
}
