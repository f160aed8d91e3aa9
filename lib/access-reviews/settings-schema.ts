// A review's settings as zod schemas (the schedule operations' and the stored schedule's), and the
// schedule's check, ./settings.ts validateSettings.
// The schemas are browser-safe; checkSettings is the server's.
import { z } from 'zod';
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

/** The settings as ./settings.ts validateSettings answers them (the name's check included: one rule for reviews and schedules). */
export function checkSettings(raw: ReviewSettings, validate: (raw: ReviewSettings) => ReviewSettings): ReviewSettings {
  return validate(raw);
}
