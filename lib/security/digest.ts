// The SHA-256 of a secret or an outside-chosen id, base64url: what Arbor stores instead of a
// bearer secret, and how an id of unbounded length becomes a bounded key.
import { createHash, timingSafeEqual } from 'node:crypto';

export const sha256Base64url = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Two secrets compared in constant time (their digests, so lengths leak nothing either). */
export const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
