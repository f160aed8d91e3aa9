// A new bearer secret and what is stored of it: the hash and a hint.
import 'server-only';
import { randomBytes } from 'node:crypto';
import { sha256Base64url } from '../security/digest';

export interface IssuedSecret {
  /** The secret itself: shown once, stored nowhere. */
  secret: string;
  /** Its SHA-256, base64url: the platform item's key. */
  tokenHash: string;
  /** Its last 4 characters. */
  hint: string;
}

/** The stored form of a secret: existing credentials are found by it, so it never changes. */
export const credentialHash = sha256Base64url;

export function issueSecret(prefix: string): IssuedSecret {
  const secret = `${prefix}${randomBytes(32).toString('base64url')}`;
  return { secret, tokenHash: credentialHash(secret), hint: secret.slice(-4) };
}
