// The operator's half of a tenant leaving (docs/offboarding.md), under `npm run cli -- tenant`:
//   export <id> [--out <dir>]          – the tenant as one portable archive (.tar.gz: JSON lines, CSVs,
//                                        a manifest with every entry's SHA-256);
//   delete <id>                        – every item of it, platform items included, as a resumable
//                                        job; ends with a Scan of the table proving 0 items are left;
//   copy <id> --from-table <table>     – its items back from a point-in-time-restore table;
//   copy <id> --from-archive <file>    – or from its export, checked against its manifest first.
// All with the operator's credentials (the whole table; the only identity that may Scan); the
// rate-limit counters with the runtime's where this machine has them. (A folder of its own: every
// file directly in scripts/cli is a command.)
import { badTable } from '../../../lib/offboarding/errors';
import {
  catalogTenant, copyTenant, copyTenantFromArchive, deleteTenant, DeletionStopped, exportTenant, rateLimitsBeside, scanTenantItems, type OffboardingScope,
} from '../../../lib/offboarding';
import { operatorDb, platformDb } from '../../../lib/tenancy';
import { UsageError } from '../kit/define-command';

export const OFFBOARDING_USAGE = [
  '       npm run cli -- tenant export <id> [--out <dir>]',
  '       npm run cli -- tenant delete <id> [--stop-after-batches <n>]',
  '       npm run cli -- tenant copy <id> --from-table <table> | --from-archive <file>',
].join('\n');

const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;

function operatorScope(tenantId: string): OffboardingScope {
  const operator = operatorDb();
  return { tenant: { ...operator, tenantId }, platform: operator, rateLimits: rateLimitsBeside(platformDb()) };
}

/** `copy` from one source: a point-in-time-restore table or an export. */
export async function runCopyBack(tenantId: string, from: { table?: string; archive?: string }): Promise<number> {
  if (Boolean(from.table) === Boolean(from.archive)) throw new UsageError('Give one of --from-table and --from-archive');
  return from.archive ? runCopyFromArchive(tenantId, from.archive) : runCopy(tenantId, from.table!);
}

export async function runExport(tenantId: string, out: string): Promise<number> {
  const { file, manifest } = await exportTenant(operatorScope(tenantId), { outDir: out });
  console.log(`Exported ${manifest.organization} (${tenantId}) to ${file}`);
  for (const [type, n] of Object.entries(manifest.counts)) console.log(`  ${type.padEnd(20)} ${n}`);
  console.log(`  ${'total'.padEnd(20)} ${manifest.total}`);
  for (const [type, paths] of Object.entries(manifest.redacted)) console.log(`  left out (sealed secrets): ${type} ${paths.join(', ')}`);
  return 0;
}

export async function runDelete(tenantId: string, stopAfter: string | undefined): Promise<number> {
  const stopAfterBatches = stopAfter === undefined ? undefined : Number(stopAfter);
  if (stopAfterBatches !== undefined && !(Number.isInteger(stopAfterBatches) && stopAfterBatches > 0)) {
    throw new UsageError('--stop-after-batches takes a whole number of batches (1 or more).');
  }
  try {
    const report = await deleteTenant(operatorScope(tenantId), {
      startedBy: 'operator',
      stopAfterBatches,
      scan: (t) => scanTenantItems(operatorDb(), t),
      report: (line) => console.log(line),
    });
    console.log(`Deleted tenant ${tenantId}: ${report.deletedThisRun} delete(s) sent by this run, ${report.deletedTotal} in all${report.resumes ? ` over ${report.resumes + 1} runs` : ''}`);
    console.log(`  people forgotten (no other organization): ${report.forgottenPeople}; kept (they belong elsewhere): ${report.keptPeople}`);
    if (report.scan) console.log(`  proof by Scan: read ${report.scan.scanned} item(s) of the table, ${report.scan.consumedCapacity} RCU`);
    console.log(`remaining items: ${report.remaining}`);
    return 0;
  } catch (e) {
    if (!(e instanceof DeletionStopped)) throw e;
    console.log(`Stopped after ${e.batches} batch(es), as asked; run \`tenant delete ${tenantId}\` again once its lease has run out to resume.`);
    return 2;
  }
}

async function runCopyFromArchive(tenantId: string, path: string): Promise<number> {
  const target = operatorDb();
  const report = await copyTenantFromArchive({ path, target, tenantId });
  console.log(`Checked ${path}: every entry matches its SHA-256 in the manifest (exported ${report.manifest.exportedAt})`);
  console.log(`Copied tenant ${tenantId} from the archive into ${target.tableName}: ${report.copied} of ${report.found} item(s)`);
  console.log(`  people records written: ${report.peopleCopied}; already present, kept: ${report.peopleKept}`);
  if (report.claimsKept.length) console.log(`  domains proven by another organization since, left to it: ${report.claimsKept.join(', ')}`);
  for (const [type, paths] of Object.entries(report.manifest.redacted)) {
    console.log(`  set again (secrets are never exported): ${type} ${paths.join(', ')}`);
  }
  await checkCopied(tenantId, target.tableName);
  return 0;
}

async function checkCopied(tenantId: string, tableName: string) {
  // The check: what the tenant's partitions and indexes now lead to in the live table.
  const now = await catalogTenant(operatorScope(tenantId));
  console.log(`check: ${now.tenantItems.length + now.platformItems.length} item(s) of the tenant found in ${tableName}`);
}

async function runCopy(tenantId: string, fromTable: string): Promise<number> {
  if (!TABLE_NAME.test(fromTable)) throw badTable();
  const target = operatorDb();
  const report = await copyTenant({ source: { client: target.client, tableName: fromTable }, target, tenantId });
  console.log(`Copied tenant ${tenantId} from ${fromTable} into ${target.tableName}: ${report.copied} of ${report.found} item(s) (scanned ${report.scanned})`);
  console.log(`  people records written: ${report.peopleCopied}; already present, kept: ${report.peopleKept}`);
  if (report.claimsKept.length) console.log(`  domains proven by another organization since, left to it: ${report.claimsKept.join(', ')}`);
  if (report.deletionMarksDropped) console.log(`  deletion marks of the restore point left out: ${report.deletionMarksDropped}`);
  await checkCopied(tenantId, target.tableName);
  return 0;
}
