// A review's settings as stored and as checked before they are saved with a schedule: the same
// bounds the API's schemas state, so a caller inside the server cannot store what the API refuses.
import { z } from 'zod';
import { badSettings } from './errors';
import { REVIEW_LIMITS } from './limits';
import type { ReviewSettings } from './types';

/** Custom roles or permissions one review may name. */
export const MAX_COVERAGE_KEYS = 50;

export const coverageSchema = z.object({
  roles: z.array(z.enum(['owner', 'admin', 'manager'])).max(3),
  customRoles: z.array(z.string().min(1).max(64)).max(MAX_COVERAGE_KEYS),
  permissions: z.array(z.string().min(1).max(64)).max(MAX_COVERAGE_KEYS),
  apiKeys: z.boolean(),
  guests: z.boolean(),
  directoryRules: z.boolean(),
});

export const settingsSchema = z.object({
  name: z.string().min(1).max(REVIEW_LIMITS.maxNameLength),
  coverage: coverageSchema,
  durationDays: z.int().min(REVIEW_LIMITS.minDurationDays).max(REVIEW_LIMITS.maxDurationDays),
  reminderDaysBefore: z.int().min(0).max(REVIEW_LIMITS.maxDurationDays),
  defaultDecision: z.enum(['keep', 'remove']),
});

/** True when the coverage chooses something to review. */
export const coversAnything = (c: ReviewSettings['coverage']) =>
  c.roles.length > 0 || c.customRoles.length > 0 || c.permissions.length > 0 || c.apiKeys || c.guests || c.directoryRules;

/** The settings, trimmed and de-duplicated, or a typed refusal saying what is wrong. */
export function checkSettings(raw: ReviewSettings, refuse: (problem: string) => Error = (p) => badSettings(`The review's settings are not valid: ${p}`)): ReviewSettings {
  const parsed = settingsSchema.safeParse({ ...raw, name: typeof raw.name === 'string' ? raw.name.normalize('NFC').trim() : raw.name });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw refuse(`${issue?.path.join('.') || 'settings'} ${issue?.message ?? 'is not valid'}.`);
  }
  const s = parsed.data;
  // Read like any name: no line breaks or controls, no direction changes, something visible.
  if (/\p{Cc}/u.test(s.name) || /[\u202A-\u202E\u2066-\u2069]/u.test(s.name) || /^[\p{Cf}\p{Z}\uFE00-\uFE0F]+$/u.test(s.name)) {
    throw refuse('name must be visible text on one line.');
  }
  if (!coversAnything(s.coverage)) throw refuse('choose at least one kind of access to review.');
  if (s.reminderDaysBefore >= s.durationDays) throw refuse('the reminder must go out after the start, before the deadline.');
  const unique = <T,>(xs: T[]) => [...new Set(xs)];
  return {
    ...s,
    coverage: { ...s.coverage, roles: unique(s.coverage.roles), customRoles: unique(s.coverage.customRoles), permissions: unique(s.coverage.permissions) },
  };
}
