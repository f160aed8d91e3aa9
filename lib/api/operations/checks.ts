// The check API (app/api/v1/checks/**, app/api/v1/change-sets/[setId]/checks; docs/checks.md):
// the organization's own applications ask "may this person do this here?", in batches, where a
// person holds a permission, who holds one on a unit, and how a draft change set would change the
// answers. Read-only: a check key (`scope: "check"`) may call these and nothing else.
import { z } from 'zod';
import { KEY_MAX_LENGTH, REACHES, ROLE_KEY_PATTERN } from '../../authz';
import { CHECK_LIMITS } from '../../checks/limits';
import type { BatchResult, CheckResult, SubjectsPage, UnitsPage, WhatIfAnswer } from '../../checks/types';
import { MAX_TOKEN_CHARS } from '../../db';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes, nextCursor, role } from './schemas';

const tag = 'Checks';

const subject = z
  .object({
    userId: field.id('user').optional(),
    email: z.string().max(CHECK_LIMITS.emailLength, `must be at most ${CHECK_LIMITS.emailLength} characters`).optional(),
    externalId: z.string().min(1).max(CHECK_LIMITS.externalIdLength, `must be at most ${CHECK_LIMITS.externalIdLength} characters`).optional(),
  })
  .strict()
  .refine((s) => [s.userId, s.email, s.externalId].filter((v) => v !== undefined).length === 1, 'must name exactly one of userId, email, externalId')
  .meta({
    id: 'CheckSubject',
    description:
      "Who is asked about: exactly one of Arbor's user id, the email, or the directory's (SCIM) external id. " +
      'Someone who is not in this organization answers 404 `check.subjectNotFound`, never a denial.',
  });

const permission = z
  .string()
  .max(KEY_MAX_LENGTH, `must be at most ${KEY_MAX_LENGTH} characters`)
  .regex(ROLE_KEY_PATTERN, 'is not a permission key')
  .meta({ description: "One of Arbor's permissions (`unit.create`) or the organization's own (`expenses.approve`)." });

const consistency = z
  .discriminatedUnion('mode', [
    z.object({ mode: z.literal('fullyConsistent') }).strict(),
    z.object({ mode: z.literal('atLeastAsFresh'), token: z.string().max(MAX_TOKEN_CHARS, 'is not a consistency token') }).strict(),
    z.object({
      mode: z.literal('minimizeLatency'),
      maxStalenessSeconds: z.int().min(0).max(CHECK_LIMITS.staleness.maxSeconds, `must be at most ${CHECK_LIMITS.staleness.maxSeconds}`).optional(),
    }).strict(),
  ])
  .optional()
  .meta({
    id: 'Consistency',
    description:
      'How fresh the answer must be. `fullyConsistent` (the default): it sees every write acknowledged before the check. ' +
      "`atLeastAsFresh`: it sees every write up to `token` (a write's `Arbor-Consistency-Token` header, or an earlier answer's `consistencyToken`). " +
      `\`minimizeLatency\`: a cached answer at most \`maxStalenessSeconds\` old (default ${CHECK_LIMITS.staleness.defaultSeconds}) may come back.`,
  });

const explain = z.boolean().optional().meta({ description: 'Also answer why: the memberships and roles giving it, or the refusal in words.' });

const check = z.object({ subject, permission, unitId: field.id('unit') }).strict().meta({ id: 'CheckRequest' });

const reach = z.enum(REACHES);

const grantExplained = z.object({
  unitId: z.string(),
  unitName: z.string(),
  unitPath: z.string().meta({ description: 'The ids from the top unit down to the unit: `/<root>/…/<id>/`.' }),
  role,
  customRole: z.object({ key: z.string(), name: z.string() }).optional().meta({ description: 'The custom role giving it; absent when the built-in role does.' }),
  reach: reach.meta({ description: 'How far the role reaches from the unit: `subtree`, `unit` or `below`.' }),
}).meta({ id: 'CheckGrant' });

const explanation = z.union([
  z.object({ grantedBy: grantExplained, grants: z.array(grantExplained).meta({ description: 'Every membership and role giving it there, nearest first.' }) }),
  z.object({ reason: z.enum(['permissionNotHeld', 'unitGone']), message: z.string() }),
]).meta({ id: 'CheckExplanation' });

const consistencyToken = z.string().meta({ description: 'The moment the answer stands at: send it back as `atLeastAsFresh` to ask for nothing older.' });

const checkResult = describes<CheckResult>()(
  z.object({
    allowed: z.boolean(),
    subject: z.object({ userId: z.string() }),
    permission: z.string(),
    unitId: z.string(),
    consistencyToken,
    explanation: explanation.optional(),
  }).meta({ id: 'CheckResult' }),
);

const itemError = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()).optional() }),
}).meta({ id: 'CheckItemError', description: 'This check could not be answered (an unknown subject or unit, a unit the caller may not ask about): the error body of a single check.' });

const batchResult = describes<BatchResult>()(
  z.object({ results: z.array(z.union([checkResult, itemError])).meta({ description: 'One per check, in the order asked.' }), consistencyToken }).meta({ id: 'CheckBatchResult' }),
);

const limit = z
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(CHECK_LIMITS.page.max, `must be at most ${CHECK_LIMITS.page.max}`)
  .optional()
  .meta({ description: `Rows per page, at most ${CHECK_LIMITS.page.max} (default ${CHECK_LIMITS.page.default}).` });

const unitsPage = describes<UnitsPage>()(
  z.object({
    items: z.array(z.object({
      unitId: z.string(),
      unitName: z.string(),
      unitPath: z.string(),
      scope: reach.meta({ description: '`subtree`: the unit and everything below it; `unit`: the unit only; `below`: everything below it, not the unit.' }),
    }).meta({ id: 'ReachedUnit' })),
    nextCursor,
    consistencyToken,
  }).meta({ id: 'ReachedUnitsPage' }),
);

const subjectsPage = describes<SubjectsPage>()(
  z.object({
    items: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string(), grantedBy: grantExplained }).meta({ id: 'PermissionHolder' })),
    nextCursor,
    consistencyToken,
  }).meta({ id: 'PermissionHoldersPage' }),
);

const verdict = z.object({ allowed: z.boolean(), explanation: explanation.optional() });

const whatIf = describes<WhatIfAnswer>()(
  z.object({
    results: z.array(z.union([
      z.object({ subject: z.object({ userId: z.string() }), permission: z.string(), unitId: z.string(), before: verdict, after: verdict, changed: z.boolean() }).meta({ id: 'WhatIfResult' }),
      itemError,
    ])),
    opsVersion: z.int().meta({ description: "The change set's operations as checked against." }),
  }).meta({ id: 'WhatIfAnswer' }),
);

// 100 checks of the longest subjects (256-character external ids, multi-byte) pass 64 KiB.
const BATCH_BODY_BYTES = 256 * 1024;

const checks = z.array(check).min(1, 'must hold at least one check').max(CHECK_LIMITS.batch, `must hold at most ${CHECK_LIMITS.batch} checks`);

const decided =
  'Needs `access.explain` at the unit (owners and admins everywhere, managers in their subtree, a custom role holding it where it reaches); ' +
  'a check key with the admin role on the top unit may ask about anyone anywhere.';

export const checkOperations = {
  check: operation({
    method: 'post', path: '/api/v1/checks', operationId: 'check', tag, check: true,
    summary: 'May this person do this here?',
    description: `Answers whether the subject holds the permission at the unit, from their memberships and roles, built-in and custom, and on request why. ${decided} Costs at most two reads; none when \`consistency\` lets a cached answer stand.`,
    body: check.extend({ explain, consistency }),
    response: checkResult,
    errors: ['notFound'],
  }),
  batch: operation({
    method: 'post', path: '/api/v1/checks/batch', operationId: 'checkBatch', tag, check: true,
    summary: 'Many checks in one call',
    description: `Up to ${CHECK_LIMITS.batch} checks answered together, in order; a check that cannot be answered comes back as its error, the others still answer. ${decided}`,
    body: z.object({ checks, explain, consistency }).strict(),
    maxBodyBytes: BATCH_BODY_BYTES,
    response: batchResult,
  }),
  units: operation({
    method: 'post', path: '/api/v1/checks/units', operationId: 'listUnitsWithPermission', tag, check: true,
    summary: 'Where does this person hold a permission?',
    description: `The top-most units where the subject holds the permission, each with how far below it reaches, in tree order, paged. Only units the caller may ask about are listed. ${decided}`,
    body: z.object({ subject, permission, cursor: field.cursor.optional(), limit, consistency }).strict(),
    response: unitsPage,
    errors: ['notFound'],
  }),
  subjects: operation({
    method: 'post', path: '/api/v1/checks/subjects', operationId: 'listSubjectsWithPermission', tag, check: true,
    summary: 'Who holds a permission on this unit?',
    description: `Everyone holding the permission at the unit, with the nearest membership and role giving it, paged. ${decided}`,
    body: z.object({ permission, unitId: field.id('unit'), cursor: field.cursor.optional(), limit, consistency }).strict(),
    response: subjectsPage,
    errors: ['notFound'],
  }),
  whatIf: operation({
    method: 'post', path: '/api/v1/change-sets/{setId}/checks', operationId: 'checkChangeSet', tag, check: true,
    summary: 'Checks before and after a draft change set',
    description: `Each check answered now and as it would be once the change set's operations applied ("after this reorganization, may Alice still approve for EMEA?"). Needs \`changeSet.read\` on the set and, per check, \`access.explain\` at the unit both now and after.`,
    params: z.object({ setId: field.id('change set') }),
    body: z.object({ checks, explain }).strict(),
    maxBodyBytes: BATCH_BODY_BYTES,
    response: whatIf,
    errors: ['notFound'],
  }),
};
