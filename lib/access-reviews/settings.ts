// A review's settings as sent (a review started now or a schedule's), checked before anything is
// read: a name of visible text on one line, at least one part covered,
// a duration within bounds, a reminder inside it, a default; custom roles and permissions named
// must be the catalogue's.
import 'server-only';
import { ARBOR_PERMISSIONS, type RoleCatalogue } from '../authz';
import { badSettings, unknownCoverage } from './errors';
import { REVIEW_LIMITS } from './limits';
import type { ReviewCoverage, ReviewSettings } from './types';

const BUILT_IN = ['owner', 'admin', 'manager'] as const;
/** More names than any catalogue holds are refused before they are compared. */
const MAX_NAMED = 100;

export function validateSettings(raw: ReviewSettings): ReviewSettings {
  const name = typeof raw?.name === 'string' ? raw.name.normalize('NFC').trim() : '';
  if (!name) throw badSettings('Give the review a name.', 'name');
  if ([...name].length > REVIEW_LIMITS.maxNameLength) throw badSettings(`A review's name can be at most ${REVIEW_LIMITS.maxNameLength} characters.`, 'name');
  // Shown in lists, mail subjects and the evidence: no controls, direction changes or invisible-only text.
  if (/\p{Cc}/u.test(name) || /[\u202A-\u202E\u2066-\u2069]/u.test(name) || /^[\p{Cf}\p{Z}\uFE00-\uFE0F]+$/u.test(name)) {
    throw badSettings("A review's name is visible text on one line.", 'name');
  }
  const c = raw.coverage ?? ({} as ReviewCoverage);
  const list = (v: unknown, field: string) => {
    if (v === undefined) return [];
    if (!Array.isArray(v) || v.length > MAX_NAMED || v.some((x) => typeof x !== 'string')) throw badSettings(`coverage.${field} must be a list of at most ${MAX_NAMED} keys.`, `coverage.${field}`);
    return [...new Set(v as string[])];
  };
  const roles = list(c.roles, 'roles');
  if (roles.some((r) => !(BUILT_IN as readonly string[]).includes(r))) throw badSettings('coverage.roles takes owner, admin and manager.', 'coverage.roles');
  const coverage: ReviewCoverage = {
    roles: roles as ReviewCoverage['roles'],
    customRoles: list(c.customRoles, 'customRoles'),
    permissions: list(c.permissions, 'permissions'),
    apiKeys: c.apiKeys === true,
    guests: c.guests === true,
    directoryRules: c.directoryRules === true,
  };
  const parts = coverage.roles.length + coverage.customRoles.length + coverage.permissions.length + Number(coverage.apiKeys) + Number(coverage.guests) + Number(coverage.directoryRules);
  if (parts === 0) throw badSettings('Choose at least one thing to review: roles, custom roles, permissions, API keys, guests or directory rules.', 'coverage');
  const { minDurationDays: min, maxDurationDays: max } = REVIEW_LIMITS;
  if (!Number.isInteger(raw.durationDays) || raw.durationDays < min || raw.durationDays > max) throw badSettings(`A review lasts ${min} to ${max} days.`, 'durationDays');
  const reminder = raw.reminderDaysBefore ?? 0;
  if (!Number.isInteger(reminder) || reminder < 0 || reminder >= raw.durationDays) throw badSettings('The reminder goes out 0 (none) to fewer days before the deadline than the review lasts.', 'reminderDaysBefore');
  if (raw.defaultDecision !== 'keep' && raw.defaultDecision !== 'remove') throw badSettings('The default at the deadline is keep or remove.', 'defaultDecision');
  return { name, coverage, durationDays: raw.durationDays, reminderDaysBefore: reminder, defaultDecision: raw.defaultDecision };
}

/** Refuses custom roles and permissions the tenant does not define. */
export function checkCatalogue(coverage: ReviewCoverage, catalogue: RoleCatalogue): void {
  const roles = coverage.customRoles.filter((k) => !catalogue.roles[k]);
  const permissions = coverage.permissions.filter((p) => !(p in ARBOR_PERMISSIONS) && !catalogue.permissions[p]);
  if (roles.length || permissions.length) throw unknownCoverage(roles, permissions);
}
