// `npm run cli -- person erase --tenant <id> (--user <id> | --email <email>) [--all-tenants] [--dry-run]`:
// a data-subject request (docs/privacy.md). Erases the person from the tenant (with --all-tenants,
// from every tenant they belong to), then their platform identity once no tenant holds them, and
// prints what was removed and rewritten; --dry-run prints the same counts and writes nothing.
import { erasePerson, erasePersonEverywhere, type ErasureReport } from '../../lib/erasure';
import { operatorDb } from '../../lib/tenancy';
import { OPERATOR_ACTOR } from '../../lib/tenants';
import { defineCommand, UsageError } from './kit/define-command';
import { operatorScope } from './kit/operator-scope';

export const { description, run } = defineCommand({
  description: "erase a person's personal data (erase --tenant <id> --user <id>|--email <email> [--all-tenants] [--dry-run])",
  usage: 'Usage: npm run cli -- person erase --tenant <tenantId> (--user <userId> | --email <email>) [--all-tenants] [--dry-run]',
  options: {
    tenant: { type: 'string' }, user: { type: 'string' }, email: { type: 'string' },
    'all-tenants': { type: 'boolean' }, 'dry-run': { type: 'boolean' },
  },
  verbs: {
    erase: {
      required: ['tenant'],
      async run({ values }) {
        if (Boolean(values.user) === Boolean(values.email)) throw new UsageError('Name the person by --user or by --email.');
        const tenantId = values.tenant!;
        const input = { userId: values.user, email: values.email, dryRun: values['dry-run'] ?? false };
        const operator = operatorDb();
        const report = values['all-tenants']
          ? await erasePersonEverywhere({ platform: operator, tenantDb: (t) => ({ ...operator, tenantId: t }) }, OPERATOR_ACTOR, tenantId, input)
          : await erasePerson(operatorScope(tenantId), OPERATOR_ACTOR, input);
        console.log(describeReport(report, input.dryRun));
      },
    },
  },
});

/** The report as the operator reads it: counts per tenant, then the platform identity. */
export function describeReport(report: ErasureReport, dryRun: boolean): string {
  const verb = dryRun ? 'Would erase' : 'Erased';
  const lines = [`${verb} person ${report.userId ?? '(known by email only)'}${dryRun ? ' (dry run: nothing written)' : ''}:`];
  for (const t of report.tenants) {
    lines.push(
      `  tenant ${t.tenantId}: ${t.memberships} membership(s), profile ${t.profile ? 'removed' : 'none'}, ${t.sessions} session(s), ` +
        `${t.directoryItems} directory item(s), ${t.invitationsDeleted} invitation(s) to them deleted, ` +
        `${t.invitationsSentPseudonymised} invitation(s) they sent pseudonymised, ${t.auditEntriesRewritten} audit entr${t.auditEntriesRewritten === 1 ? 'y' : 'ies'} rewritten, ` +
        `${t.createdRecordsPseudonymised} key(s), endpoint(s), link(s), domain(s) or deliveries pseudonymised` +
        (t.otherItems ? `, ${t.otherItems} other item(s)` : ''),
    );
  }
  const platform = {
    removed: 'platform identity removed (no organization holds them any more)',
    wouldRemove: 'platform identity would be removed (no other organization holds them)',
    kept: `platform identity kept: still a member of ${report.otherTenants.length} other organization(s) (${report.otherTenants.join(', ')}); use --all-tenants to erase them there too`,
    none: 'no platform identity',
    notAsked: 'platform identity not checked',
  }[report.platform];
  lines.push(`  ${platform}`);
  return lines.join('\n');
}
