// A subject as the API's schema parses it (exactly one of the three, refined there) as the engine
// takes it.
import type { Subject } from './types';

export function asSubject(s: { userId?: string; email?: string; externalId?: string }): Subject {
  if (s.userId !== undefined) return { userId: s.userId };
  if (s.email !== undefined) return { email: s.email };
  return { externalId: s.externalId ?? '' };
}
