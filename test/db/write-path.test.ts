// lib/db is the only thing that writes (docs/authorization.md, "Verifying it"): its helpers bind a
// decision's facts into every write (lib/db/write-guards.ts), so a write sent around them would be
// silently unguarded. Reads the source of lib/, app/ and scripts/ and fails on a write command
// (either client's spelling, or PartiQL) named outside lib/db, and on any `.client.send(` whose
// command is not a read built right there. The type of TenantDb/PlatformDb's client (ReadClient)
// refuses the same at compile time; this keeps it so for code that casts its way around it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');
const SCANNED = ['lib', 'app', 'scripts'];
const WRITER = 'lib/db/';

const WRITE_COMMANDS = [
  'PutCommand', 'UpdateCommand', 'DeleteCommand', 'TransactWriteCommand', 'BatchWriteCommand',
  'PutItemCommand', 'UpdateItemCommand', 'DeleteItemCommand', 'TransactWriteItemsCommand', 'BatchWriteItemCommand',
  'ExecuteStatementCommand', 'ExecuteTransactionCommand', 'BatchExecuteStatementCommand',
];
const READ_COMMANDS = ['GetCommand', 'QueryCommand', 'BatchGetCommand', 'TransactGetCommand', 'ScanCommand'];

const stripComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

export interface Finding {
  file: string;
  problem: string;
}

/** What in one file's source writes around lib/db. */
export function writesOutsideDb(file: string, source: string): Finding[] {
  if (file.startsWith(WRITER)) return [];
  const src = stripComments(source);
  const findings: Finding[] = [];
  for (const command of WRITE_COMMANDS) {
    if (new RegExp(`\\b${command}\\b`).test(src)) findings.push({ file, problem: `names ${command}: write through lib/db (putItem, updateItem, deleteItem, transaction, putAll, deleteAll)` });
  }
  const reads = new RegExp(`^\\s*new\\s+(${READ_COMMANDS.join('|')})\\s*\\(`);
  for (const m of src.matchAll(/\.client\s*\.send\s*\(/g)) {
    if (!reads.test(src.slice(m.index! + m[0].length))) findings.push({ file, problem: `sends through .client.send( something that is not a read built in place, at offset ${m.index}` });
  }
  return findings;
}

describe('every write goes through lib/db', () => {
  test('no write command is named, and nothing but a read is sent, outside lib/db', () => {
    const findings = SCANNED.flatMap(sourceFiles).flatMap((f) => writesOutsideDb(relative(ROOT, join(ROOT, f)), readFileSync(join(ROOT, f), 'utf8')));
    assert.deepEqual(findings, []);
  });

  test('the scan sees what it is for', () => {
    const found = (src: string, file = 'lib/x/y.ts') => writesOutsideDb(file, src).length;
    assert.equal(found("import { PutCommand } from '@aws-sdk/lib-dynamodb';"), 1);
    assert.equal(found('await db.client.send(new UpdateItemCommand({}))'), 2);
    assert.equal(found('const c = cmd; await db.client.send(c)'), 1);
    assert.equal(found('await db.client\n  .send(new DeleteCommand({}))'), 2);
    assert.equal(found('await db.client.send(\n  new QueryCommand({}))'), 0);
    assert.equal(found('await db.client.send(new GetCommand({}))'), 0);
    assert.equal(found('// a PutCommand in a comment\nconst x = 1;'), 0);
    assert.equal(found("import { PutCommand } from '@aws-sdk/lib-dynamodb';", 'lib/db/writes.ts'), 0);
  });
});
