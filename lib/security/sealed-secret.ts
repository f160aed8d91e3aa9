// Seals an organization's secrets at rest (SSO client secrets, SAML SP keys, webhook signing
// secrets, audit-stream credentials) with AES-256-GCM (node:crypto) under ARBOR_ENCRYPTION_KEY.
// The sealed form is `v1.<iv>.<tag>.<ciphertext>` (base64url); the version prefix leaves room
// for key rotation. The tenant id is bound as associated data, so a sealed secret copied onto
// another tenant's item does not open there. Each caller names the error its own area reports.
import 'server-only';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { config } from '../config';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyFrom = (base64Key?: string) => Buffer.from(base64Key ?? config().ARBOR_ENCRYPTION_KEY, 'base64');
// The label every stored secret was sealed with; changing it would make them all unreadable.
const aad = (tenantId: string) => Buffer.from(`arbor-sso-secret:${tenantId}`);

export function sealSecret(plain: string, tenantId: string, base64Key?: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(base64Key), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad(tenantId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

/**
 * Opens a sealed secret; a wrong key, tenant or any changed byte throws `unreadable()` (the
 * caller's typed error), never half-read.
 */
export function openSecret(sealed: string, tenantId: string, unreadable: () => Error, base64Key?: string): string {
  const [version, iv, tag, body, extra] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined || extra !== undefined) throw unreadable();
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(base64Key), Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(tenantId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw unreadable();
  }
}
