// Who a verified SAML response names, read through the connection's attribute map: the email
// (an attribute, else the NameID), the name and the groups. The email must be exactly an
// address (no whitespace, no control characters: what a signature covers must be what is read)
// in one of the tenant's proven domains: SAML IdPs do not say whether they verified an address,
// so the domain proof is what vouches for it.
import type { SamlConnection } from '../sso/connection';
import { emailDomain, validateEmail } from '../validation';
import type { VerifiedResponse } from './request-store';

export interface SamlPerson {
  email: string;
  name?: string;
  groups: string[];
}

const first = (response: VerifiedResponse, name: string | undefined) => (name ? response.attributes[name]?.[0] : undefined);

export function samlPerson(connection: SamlConnection, response: VerifiedResponse): { ok: true; person: SamlPerson } | { ok: false; code: 'email.missing' | 'email.domainUnproven' } {
  const map = connection.attributes;
  const raw = first(response, map.email) ?? first(response, 'email') ?? response.nameId;
  if (!raw || /[\s\p{Cc}]/u.test(raw)) return { ok: false, code: 'email.missing' };
  let email: string;
  try {
    email = validateEmail(raw);
  } catch {
    return { ok: false, code: 'email.missing' };
  }
  if (!connection.domains.includes(emailDomain(email))) return { ok: false, code: 'email.domainUnproven' };
  const given = first(response, map.givenName ?? 'givenName');
  const family = first(response, map.familyName ?? 'familyName');
  const name = first(response, 'displayName') ?? ([given, family].filter(Boolean).join(' ') || undefined);
  return { ok: true, person: { email, name, groups: response.attributes[map.groups ?? 'groups'] ?? [] } };
}
