// The zod fields route handlers and server actions build their input schemas from, so each kind
// of field is bounded the same way everywhere, before any request is built: ids are ULIDs,
// versions safe positive integers, cursors and raw text capped by length. The domain then applies
// its own rules (lib/validation/text.ts) to the text it stores. A field's `.meta` description is
// what the API reference (lib/openapi) says about it.
import { z } from 'zod';
import { ULID } from './ids';

const CURSOR_MAX_LENGTH = 4096;

export const field = {
  /** A generated id of `what` (a unit, a user…). */
  id: (what: string) => z.string(`must be a ${what} id`).regex(ULID, `is not a valid ${what} id`),
  /** The version of an item as read, for optimistic locking. */
  version: z
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .meta({ description: 'The version of the item as read; a change made meanwhile answers 409 `…versionConflict`.' }),
  /** The same, from a query string. */
  versionParam: z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/, 'must be a whole number from 1')
    .transform(Number)
    .pipe(z.int('must be a whole number').min(1, 'must be at least 1'))
    .meta({ description: 'The version of the item as read; a change made meanwhile answers 409 `…versionConflict`.' }),
  /** An opaque page cursor from an earlier answer (lib/db/cursor.ts checks its signature). */
  cursor: z
    .string()
    .max(CURSOR_MAX_LENGTH, 'is not a page link Arbor gave out')
    .meta({ description: 'The `nextCursor` of the previous page; leave it out for the first page.' }),
  /** Free text before the domain's own checks; `max` only keeps absurd input out of them. */
  text: (max: number) => z.string('must be text').max(max, `must be at most ${max} characters`),
} as const;
