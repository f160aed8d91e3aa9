// Endpoint signing secrets in the Standard Webhooks format (`whsec_` + base64 key), which the
// receivers' libraries accept as is.
import 'server-only';
import { randomBytes } from 'node:crypto';

/** A fresh secret: 32 random bytes (a full HMAC-SHA256 key), standard base64 as the spec's libraries decode it. */
export const newEndpointSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The last 4 characters, enough for a person to tell two secrets apart without revealing either. */
export const secretHint = (secret: string) => secret.slice(-4);
