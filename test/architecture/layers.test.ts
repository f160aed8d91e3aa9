// lib/'s floors hold by a test, not by review (lib/README.md, .dependency-cruiser.cjs).
// dependency-cruiser reads every import in lib/, type-only ones too, and this suite fails on:
// - an import from a folder up to a folder on a higher floor, or from lib/ into app/ or components/;
// - two lib folders importing each other, directly or around a longer cycle (on one floor: the
//   floors already rule out cycles across floors);
// - a lib folder on no floor, on two, or missing from lib/README.md's map.
// Reads the code only; no stack needed.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { before, describe, test } from 'node:test';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');
const { FLOORS } = createRequire(import.meta.url)(CONFIG) as { FLOORS: { name: string; folders: string[] }[] };

const libFolders = () => readdirSync(join(ROOT, 'lib')).filter((name) => statSync(join(ROOT, 'lib', name)).isDirectory());
const folderOf = (path: string) => /^lib\/([^/]+)\//.exec(path)?.[1];

/** Folder-level import edges inside lib/: `from → to → an example import`. */
function folderEdges(result: ICruiseResult): Map<string, Map<string, string>> {
  const edges = new Map<string, Map<string, string>>();
  for (const module of result.modules) {
    const from = folderOf(module.source);
    if (!from) continue;
    for (const dep of module.dependencies) {
      const to = folderOf(dep.resolved);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${module.source} → ${dep.resolved}`);
    }
  }
  return edges;
}

/** Strongly connected components with more than one folder (Tarjan). */
function folderCycles(edges: Map<string, Map<string, string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

describe("lib/'s floors", () => {
  let result: ICruiseResult;

  before(async () => {
    const options = await extractDepcruiseOptions(CONFIG);
    const output = await cruise(['lib'], { ...options, baseDir: ROOT, validate: true }, {}, { tsConfig: extractTSConfig(join(ROOT, 'tsconfig.json')) });
    result = output.output as ICruiseResult;
  });

  test('every lib folder is on exactly one floor and in the map of lib/README.md', () => {
    const readme = readFileSync(join(ROOT, 'lib', 'README.md'), 'utf8');
    const placed = FLOORS.flatMap((f) => f.folders);
    assert.deepEqual(placed.filter((f, i) => placed.indexOf(f) !== i), [], 'folders on two floors');
    for (const folder of libFolders()) {
      assert.ok(placed.includes(folder), `lib/${folder} is on no floor: add it to .dependency-cruiser.cjs and lib/README.md`);
      assert.ok(readme.includes(`\`${folder}/\``), `lib/README.md does not describe lib/${folder}`);
    }
  });

  test('no import goes up a floor, and lib/ imports neither app/ nor components/', () => {
    const violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
    assert.deepEqual(violations, []);
  });

  test('no two lib folders import each other, directly or around a cycle', () => {
    const edges = folderEdges(result);
    const cycles = folderCycles(edges).map((cycle) =>
      cycle.map((a) => cycle.filter((b) => edges.get(a)?.has(b)).map((b) => `${a} → ${b} (${edges.get(a)!.get(b)})`).join('; ')).join('; '),
    );
    assert.deepEqual(cycles, []);
  });

  test('the check sees the imports it judges', () => {
    // Guards the suite itself: a cruise that resolved nothing would pass every rule above.
    const edges = folderEdges(result);
    assert.ok(edges.get('org')?.has('db'), 'lib/org → lib/db not seen: is the tsconfig path alias resolved?');
    assert.ok(edges.get('api')?.has('authz'), 'lib/api → lib/authz not seen');
    assert.ok(result.modules.length > 300, `only ${result.modules.length} modules cruised`);
  });
});
