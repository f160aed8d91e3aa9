// Items become domain objects here, at the boundary: each repository describes the attributes it
// reads from a stored item with a zod schema and parses the raw item once. A stored item that
// does not match is our bug, never user input, so it is a plain Error (a 500 through the
// unexpected-error path) naming the item's key and the attributes at fault, never their values.
// Schemas stay plain objects of primitives: parsing runs over every item a listing returns.
import { z } from 'zod';
import type { AuditActor } from './context';

export class StoredItemError extends Error {
  constructor(kind: string, item: Record<string, unknown>, issues: readonly z.core.$ZodIssue[]) {
    const at = issues.map((i) => `${i.path.join('.') || '(item)'}: ${i.code}`).join(', ');
    super(`Stored ${kind} item ${String(item.PK)} / ${String(item.SK)} does not match its schema (${at})`);
    this.name = 'StoredItemError';
  }
}

/** A function that parses a raw item with `schema` (unknown attributes, such as keys, dropped). */
export function itemParser<S extends z.ZodType>(kind: string, schema: S): (item: Record<string, unknown>) => z.output<S> {
  return (item) => {
    const parsed = schema.safeParse(item);
    if (!parsed.success) throw new StoredItemError(kind, item, parsed.error.issues);
    return parsed.data;
  };
}

/** Who performed a mutation, as items store it (audit entries, invitations, tree jobs). */
export const storedActor = z.object({ userId: z.string(), email: z.string(), name: z.string().optional() }) satisfies z.ZodType<AuditActor>;
