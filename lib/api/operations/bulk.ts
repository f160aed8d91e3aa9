// CSV export and import (app/api/v1/export/**, app/api/v1/import/**). An import is previewed
// first (nothing written), then its planned writes are sent back in chunks to apply.
import { z } from 'zod';
import { KEY_MAX_LENGTH, ROLE_LIMITS } from '../../authz';
import { MAX_IMPORT_BYTES, MEMBERSHIPS_CSV_COLUMNS, UNITS_CSV_COLUMNS, type ApplyResult, type ImportPreview } from '../../bulk';
import { ROLES } from '../../members';
import { AUDIT_CSV_COLUMNS } from '../../screens/audit';
import { auditQuery } from '../../screens/audit-query';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes, role } from './schemas';

const csv = (what: string, columns: readonly string[]) => ({
  mediaType: 'text/csv',
  description: `${what} as CSV (UTF-8), streamed, with the columns ${columns.map((c) => `\`${c}\``).join(', ')}.`,
});

const line = z.int().min(1).max(1_000_000);
const CHUNK_MAX = 50;

/** lib/bulk/plan-types.ts UnitOp and MembershipOp: the writes a preview plans, sent back to apply. */
const unitOp = z.object({ line: z.int(), name: z.string(), parentId: z.string().optional(), parentLine: z.int().optional() }).meta({ id: 'ImportUnitOp' });
const membershipOp = z
  .object({
    line: z.int(), unitId: z.string(), email: z.string(), name: z.string().optional(), role,
    roles: z.array(z.string().max(KEY_MAX_LENGTH)).max(ROLE_LIMITS.rolesPerMembership).optional().meta({ description: 'Custom role keys given beside `role` (the `custom_roles` column).' }),
    manager: z.string().optional().meta({ description: "The manager's email (the `manager` column), on a `lineOnly` op." }),
    lineOnly: z.literal(true).optional().meta({ description: "Sets the person's manager only; planned after every membership of the file." }),
  })
  .meta({ id: 'ImportMembershipOp' });

const rows = z.array(
  z
    .object({
      line: z.int(),
      label: z.string().meta({ description: 'What the row is about, as written ("Engineering/Cloud", "ada@x.com → Cloud").' }),
      status: z.enum(['create', 'add', 'skip', 'error']),
      message: z.string().meta({ description: 'The error, why it is skipped, or what will happen.' }),
    })
    .meta({ id: 'ImportRow' }),
);
const counts = z.object({ write: z.int(), skip: z.int(), error: z.int() });
const importPreview = describes<ImportPreview>()(
  z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('units'), rows, ops: z.array(unitOp), counts }),
      z.object({ kind: z.literal('memberships'), rows, ops: z.array(membershipOp), counts }),
    ])
    .meta({ id: 'ImportPreview' }),
);

const applyResult = describes<ApplyResult>()(
  z
    .object({
      line: z.int(),
      ok: z.boolean(),
      message: z.string(),
      unitId: z.string().optional().meta({ description: 'The unit a units row created.' }),
    })
    .meta({ id: 'ImportResult' }),
);

export const bulk = {
  exportUnits: operation({
    method: 'get', path: '/api/v1/export/units.csv', operationId: 'exportUnitsCsv', tag: 'Export',
    summary: 'Export the units', description: 'Needs `tenant.export` (owners and admins).',
    response: csv("The organization's tree", UNITS_CSV_COLUMNS),
  }),
  exportMemberships: operation({
    method: 'get', path: '/api/v1/export/memberships.csv', operationId: 'exportMembershipsCsv', tag: 'Export',
    summary: 'Export the memberships', description: 'Needs `tenant.export` (owners and admins).',
    response: csv('Every membership', MEMBERSHIPS_CSV_COLUMNS),
  }),
  exportAudit: operation({
    method: 'get', path: '/api/v1/export/audit.csv', operationId: 'exportAuditCsv', tag: 'Export',
    summary: 'Export the audit trail',
    description: 'The trail as `GET /api/v1/audit` filters it, every page. Needs `audit.read` as that does.',
    query: auditQuery,
    response: csv('The filtered history', AUDIT_CSV_COLUMNS), errors: ['notFound'],
  }),
  previewImport: operation({
    method: 'post', path: '/api/v1/import/preview', operationId: 'previewImport', tag: 'Import',
    summary: 'Preview an import',
    description:
      'Checks a units or memberships CSV against the organization as it is now: each row’s outcome, and the ' +
      'writes applying it would make (`ops`, to send to `POST /api/v1/import/apply` in chunks). Writes nothing. ' +
      'Needs `tenant.import` (owners and admins).',
    body: z.strictObject({ kind: z.enum(['units', 'memberships']), csv: z.string().max(MAX_IMPORT_BYTES) }),
    // JSON escaping can double a CSV's size (quotes); the CSV's own limit is checked after parsing.
    maxBodyBytes: 2 * MAX_IMPORT_BYTES + 1024,
    response: importPreview,
  }),
  applyImport: operation({
    method: 'post', path: '/api/v1/import/apply', operationId: 'applyImport', tag: 'Import',
    summary: 'Apply a chunk of an import',
    description:
      `Applies up to ${CHUNK_MAX} of a preview's \`ops\`, each authorized and written as creating a unit or adding ` +
      'a membership one by one is, and answers each row’s outcome. Units rows of later chunks name the units ' +
      'earlier chunks created in `resolved` (line → unit id). Needs `tenant.import`.',
    body: z.discriminatedUnion('kind', [
      z.strictObject({
        kind: z.literal('units'),
        ops: z.array(z.strictObject({ line, name: field.text(400), parentId: field.id('unit').optional(), parentLine: line.optional() })).max(CHUNK_MAX),
        /** Lines of earlier chunks → the units they created (parents of this chunk's rows). */
        resolved: z.record(z.string().regex(/^[1-9]\d{0,6}$/, 'must be a line number'), field.id('unit')).optional(),
      }),
      z.strictObject({
        kind: z.literal('memberships'),
        ops: z.array(z.strictObject({
          line, unitId: field.id('unit'), email: field.text(320), name: field.text(400).optional(), role: z.enum(ROLES),
          roles: z.array(z.string().max(KEY_MAX_LENGTH)).max(ROLE_LIMITS.rolesPerMembership).optional(),
          manager: field.text(320).optional(), lineOnly: z.literal(true).optional(),
        })).max(CHUNK_MAX),
      }),
    ]),
    idempotent: true,
    response: z.object({ results: z.array(applyResult) }),
  }),
};
