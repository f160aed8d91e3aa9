// What an export leaves out: secrets sealed with this deployment's key (ARBOR_ENCRYPTION_KEY, the
// tenant id as AAD): an OIDC client secret, a SAML SP private key, webhook signing secrets, also
// where the SSO connection is copied onto a domain claim. Outside this deployment they open
// nothing, and an export leaves Arbor's security boundary, so the archive never carries them; a
// restore (`tenant copy`) reads the restored table, not an export. Hashes of tokens stay: they
// identify, they do not grant.
import 'server-only';
import type { StoredItem } from './offboarding-scope';

export const SEALED_ATTRIBUTES = ['clientSecret', 'spPrivateKey', 'sealedSecret', 'previousSealedSecret'] as const;
export const REDACTED = '[sealed secret left out of the export]';

/** The item with every sealed secret (at any depth) replaced by a marker; the names of what was replaced. */
export function redactSecrets(item: StoredItem): { item: StoredItem; redacted: string[] } {
  const redacted: string[] = [];
  const walk = (value: unknown, path: string): unknown => {
    if (Array.isArray(value)) return value.map((v, i) => walk(v, `${path}[${i}]`));
    if (value && typeof value === 'object' && !(value instanceof Set) && !(value instanceof Uint8Array)) {
      return Object.fromEntries(
        Object.entries(value).map(([k, v]) => {
          const at = path ? `${path}.${k}` : k;
          if ((SEALED_ATTRIBUTES as readonly string[]).includes(k) && v !== undefined && v !== null) {
            redacted.push(at);
            return [k, REDACTED];
          }
          return [k, walk(v, at)];
        }),
      );
    }
    return value;
  };
  return { item: walk(item, '') as StoredItem, redacted };
}
