// The error registry: every code in the closed list (lib/errors/codes.ts) is created by exactly
// one area errors module (lib/<area>/errors.ts), with a status and a message a person can read;
// and nothing else in the code base creates an error, so no code gets a second wording.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ACTIONS, type Action } from '../../lib/authz/actions';
import { ArborError, versionConflict, type ErrorCode } from '../../lib/errors';
import { ERROR_KINDS, kindOf, VERSIONED } from '../../lib/errors/codes';
import { STATUS } from '../../lib/errors/http';

const ROOT = join(import.meta.dirname, '../..');
const AREA_MODULES = readdirSync(join(ROOT, 'lib'))
  .map((area) => join('lib', area, 'errors.ts'))
  .filter((path) => statSync(join(ROOT, path), { throwIfNoEntry: false })?.isFile());

/** Arguments to call each creator with; a creator taking arguments must be listed here. */
const SAMPLES: Record<string, unknown[][]> = {
  unitLocked: [['job1'], ['job1', 'delete']],
  badOperation: [['A unit cannot move under itself.']],
  badArchive: [['items.jsonl does not match its SHA-256 in the manifest']],
  badImport: [[[{ line: 2, message: 'There is no unit Sales/Field.' }]]],
  tooManyOperations: [[2000]],
  chartTooLarge: [[20_001, 20_000]],
  tooManyCards: [[6_000, 5_000]],
  tooManyPeople: [[20_000]],
  chartBusy: [[2]],
  badDescription: [[1000]],
  badComment: [[1000]],
  changeSetChanged: [[3]],
  notEditable: [['applying']],
  notReady: [[['Some parts of the tree it touches have not approved it yet.']]],
  nameTaken: [['Sales']],
  notEmpty: [['Sales', { units: 3, memberships: 2 }]],
  unitLimit: [[10_000]],
  treeMoveInProgress: [['job1']],
  badDomain: [['not a domain']],
  consumerDomain: [['gmail.com']],
  domainTaken: [['acme.com']],
  membershipExists: [['ada@acme.com', 'Sales']],
  memberBusy: [['ada@acme.com', 0], ['ada@acme.com', 2]],
  lastOwner: [['demote'], ['remove']],
  tenantRoleOnRoot: [['admin']],
  userNotFound: [['ada@acme.com']],
  unknownRoles: [[['budget-approver']], [['budget-approver', 'wiki-editor']]],
  duplicateRole: [['budget-approver']],
  alreadyMember: [['ada@acme.com', 'Sales']],
  invitationExists: [['ada@acme.com', 'Sales', {}]],
  confirmGuests: [[[{ email: 'a@x.com', message: 'x.com is not a domain your single sign-on serves.' }]]],
  addressRefused: [[[{ email: 'a@gmail.com', message: 'gmail.com is a personal email provider.' }, { email: 'b@gmail.com', message: '…' }]]],
  tooManyEmails: [[50]],
  lineCycle: [[['Ada Lovelace', 'Grace Hopper', 'Ada Lovelace']]],
  chainTooDeep: [[64]],
  tooManyLines: [[20_000]],
  badSettings: [['Give the review a name.', 'name'], ['A review lasts 1 to 90 days.']],
  unknownCoverage: [[['budget-approver'], []], [[], ['budgets.approve']]],
  tooManyItems: [[6000]],
  reviewClosed: [['completed']],
  itemChanged: [[3], [3, {}]],
  reviewChanged: [[2]],
  badDelegate: [['Nobody reviews their own access: choose someone else.']],
  tooManyTokens: [[5]],
  badRules: [['A path separator is 1–3 characters, such as "/".']],
  badTtl: [[30]],
  badImportRoles: [['There is no custom role "payroll-viewer".']],
  badApiKeyRoles: [['There is no custom role "payroll-viewer".']],
  badInvitationRoles: [['There is no custom role "payroll-viewer".']],
  resendLimit: [[3]],
  resendTooSoon: [[30]],
  unknownDomain: [['acme.com']],
  personalDomain: [['gmail.com']],
  badConnectionField: [['clientId', 'missing'], ['clientSecret', { max: 2048 }]],
  tooManyDomains: [[20]],
  domainNotAdded: [['acme.com']],
  domainAlreadyVerified: [['acme.com']],
  tooManyTenantDomains: [[20]],
  verificationRecordMissing: [['acme.com', 'arbor-verification=x', 0], ['acme.com', 'arbor-verification=x', 2]],
  dnsUnavailable: [['acme.com']],
  domainProvenElsewhere: [['acme.com']],
  domainUnproven: [['acme.com']],
  lastServedDomain: [['acme.com']],
  domainChangedMeanwhile: [['acme.com']],
  badSamlSetting: [['issuer', 'The identity provider’s entity id is required.']],
  badIdpCertificate: [['it expired.']],
  badIdpMetadata: [['it has no IDPSSODescriptor.']],
  metadataUnreachable: [['it answered HTTP 404.']],
  badSetupLinkLifetime: [[7]],
  tooManySetupLinks: [[5]],
  importTooLarge: [[2 * 1024 * 1024]],
  tooManyApiKeys: [[50]],
  badEndpointUrl: [['invalid'], ['scheme'], ['credentials'], ['tooLong'], ['privateAddress'], ['unresolvable']],
  tooManyEndpoints: [[10]],
  tooManyReviewSchedules: [[20]],
  badReviewSchedule: [['the first start must be in the future.']],
  badStreamSettings: [['An S3 bucket name is 3–63 lower-case letters, digits, dots and hyphens.']],
  badStreamUrl: [['invalid'], ['scheme'], ['privateAddress'], ['unresolvable']],
  badStreamSecret: [['splunk', 'missing'], ['datadog', 'tooLong'], ['s3', 'missing']],
  badBackfill: [['future'], ['tooOld', 365], ['invalid']],
  tooManyDestinations: [[5]],
  badApiKeyExpiry: [[365]],
  rateLimited: [[12, 600, 'key'], [3, 3000, 'organization']],
  unknownPath: [['/api/v1/nowhere']],
  methodNotAllowed: [['PUT', ['GET', 'HEAD', 'OPTIONS']]],
  badCsv: [[3, 'Unclosed quote']],
  badHeader: [['path,name', ['name']]],
  tooManyRows: [[20_000, 10_000]],
  credentialsUnavailable: [[new Error('sts down')]],
  databaseBusy: [[], [new Error('throttled')]],
  badPageSize: [[100]],
  staleDecision: [['grant'], ['target']],
  requestInvalid: [['request body', ' (name)', 'must be text', [{ path: ['name'], message: 'must be text' }]]],
  requestTooLarge: [[64 * 1024]],
  badId: [['tenant'], ['unit'], ['user'], ['invitation'], ['moveJob'], ['group']],
  badName: [['unit', "can't be empty."], ['user', 'is required.'], ['tenant', 'needs at least one visible character.']],
  badVersion: [['unit'], ['membership'], ['tenant'], ['invitation']],
  badPrefix: [['search.badPrefix', 'empty'], ['member.badPrefix', { max: 100 }]],
  badEmail: [[undefined], ['ada@'], [undefined, [{ email: 'ada@', message: 'not valid' }]]],
  keyTaken: [['role', 'budget-approver'], ['permission', 'expenses.approve']],
  reservedKey: [['role', 'owner'], ['permission', 'tree.read']],
  badKey: [['role', 64], ['permission', 64]],
  badRoleName: [[60]],
  badRoleDescription: [[500]],
  unknownPermission: [[['expenses.approve']], [['a.b', 'c.d']]],
  duplicatePermission: [['tree.read']],
  rolesLimit: [['rolesPerTenant', 100], ['permissionsPerTenant', 200], ['permissionsPerRole', 50], ['rolesPerMembership', 10]],
  permissionInUse: [[['budget-approver']]],
  unknownRole: [['auditor']],
  roleChanged: [[3]],
  unknownCheckPermission: [['expenses.approve']],
  denied: ACTIONS.map((action: Action) => [{ allowed: false, action, code: `authz.${action}`, reason: 'notMember', message: 'You are not a member.' }]),
};

async function createdErrors(): Promise<{ module: string; creator: string; error: ArborError }[]> {
  const out: { module: string; creator: string; error: ArborError }[] = [];
  for (const module of AREA_MODULES) {
    const exports = (await import(join(ROOT, module))) as Record<string, unknown>;
    for (const [creator, fn] of Object.entries(exports)) {
      if (typeof fn !== 'function') continue;
      const calls = SAMPLES[creator] ?? (fn.length === 0 ? [[]] : undefined);
      assert.ok(calls, `${module}: ${creator} takes arguments: add sample arguments to SAMPLES`);
      for (const args of calls) {
        const error = (fn as (...a: unknown[]) => unknown)(...args);
        assert.ok(error instanceof ArborError, `${module}: ${creator} must return an ArborError`);
        out.push({ module, creator, error });
      }
    }
  }
  for (const entity of VERSIONED) out.push({ module: 'lib/errors/index.ts', creator: 'versionConflict', error: versionConflict(entity, 2) });
  return out;
}

test('every code in the union has one creating module, a kind, a status and a readable message', async () => {
  const created = await createdErrors();
  const modulesOf = new Map<string, Set<string>>();
  for (const { module, creator, error } of created) {
    const where = `${module}: ${creator} (${error.code})`;
    modulesOf.set(error.code, (modulesOf.get(error.code) ?? new Set()).add(module));
    assert.equal(error.kind, kindOf(error.code), where);
    const status = STATUS[error.kind];
    assert.ok(Number.isInteger(status) && status >= 400 && status < 600, `${where}: status ${status}`);
    assert.ok(error.message.trim().length >= 10, `${where}: message "${error.message}"`);
    assert.ok(!/undefined|null|NaN|\[object/.test(error.message), `${where}: message "${error.message}"`);
  }
  const expected: ErrorCode[] = [
    ...(Object.keys(ERROR_KINDS) as ErrorCode[]),
    ...ACTIONS.map((a): ErrorCode => `authz.${a}`),
    ...VERSIONED.map((e): ErrorCode => `${e}.versionConflict`),
  ];
  for (const code of expected) {
    const modules = [...(modulesOf.get(code) ?? [])];
    assert.equal(modules.length, 1, `${code} is created by ${modules.length ? modules.join(' and ') : 'no errors module'}`);
  }
  assert.deepEqual([...modulesOf.keys()].filter((c) => !expected.includes(c as ErrorCode)), [], 'codes outside the union');
});

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

test('errors are created only in the area errors modules, each code literal once', () => {
  const creators = new Set([...AREA_MODULES, 'lib/errors/index.ts']);
  const outside: string[] = [];
  const literals = new Map<string, string[]>();
  for (const path of ['lib', 'app', 'components', 'scripts', 'proxy.ts', 'instrumentation.ts'].flatMap((p) => (p.endsWith('.ts') ? [p] : sources(p)))) {
    const text = readFileSync(join(ROOT, path), 'utf8');
    const creates = /\bnew ArborError\(|\barborError\(/.test(text.replace(/export const arborError = \(/, ''));
    if (creates && !creators.has(relative('.', path))) outside.push(path);
    for (const m of text.matchAll(/\barborError\(\s*'([^']+)'/g)) literals.set(m[1], [...(literals.get(m[1]) ?? []), path]);
  }
  assert.deepEqual(outside, [], 'files creating errors outside lib/<area>/errors.ts');
  for (const [code, paths] of literals) assert.equal(paths.length, 1, `${code} is created ${paths.length} times: ${paths.join(', ')}`);
});
