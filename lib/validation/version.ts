// The version a change was based on (optimistic locking), as sent by the client.
import { badVersion } from './errors';

export function validateVersion(raw: unknown, entity: Parameters<typeof badVersion>[0]): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1) throw badVersion(entity);
  return raw;
}
