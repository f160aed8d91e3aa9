// One word, one meaning (docs/glossary.md). "Directory" is directory sync (SCIM) and nothing else:
// the tenant-wide list of members is "people", the platform's list of tenants is "the tenant
// registry". The reorganization feature is a "change set" in code and the API, and a
// "reorganization" in what a person reads in the console.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');
const SKIP = new Set(['node_modules', '.next', '.data', 'test-results', 'playwright-report']);

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return files(path, ext);
    return ext.test(name) ? [path] : [];
  });
}

/** `file:line  text` for every line matching `pattern`. */
function hits(paths: string[], pattern: RegExp, keep: (line: string) => boolean = () => true): string[] {
  return paths.flatMap((path) =>
    readFileSync(join(ROOT, path), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) && keep(line) ? [`${relative(ROOT, join(ROOT, path))}:${i + 1}  ${line.trim()}`] : [])),
  );
}

const CODE = /\.(ts|tsx)$/;
const sources = ['lib', 'app', 'components', 'scripts', 'test', 'e2e'].flatMap((d) => files(d, CODE)).filter((f) => f !== 'test/names/vocabulary.test.ts');
const prose = [...files('docs', /\.md$/), 'README.md'];

test('"directory" names directory sync only: people and the tenant registry have their own words', () => {
  const other = /\b(members?|people) director(y|ies)\b|\btenant('s)? director(y|ies)\b|\bdirectory (entry|entries|copy)\b|\bdirectory's copy\b|\bplatform directory\b/i;
  const identifiers = /\b(listDirectory|DIRECTORY_SORTS|DIRECTORY_PAGE|DirectorySort|DirectoryOptions|DirectoryView|MembersDirectory|renameTenantDirectory)\b|keys\.tenantDirectory\b|members-directory|list-directory|\(directory\)/;
  assert.deepEqual([...hits([...sources, ...prose], other), ...hits(sources, identifiers)], []);
});

test('the console calls the feature a reorganization: no "change set" in the text of its screens', () => {
  const screens = [...files('components/change-sets', CODE), ...files('app/(console)/reorganizations', CODE)];
  const comment = (line: string) => /^\s*(\/\/|\/?\*)/.test(line);
  assert.deepEqual(hits(screens, /\bchange sets?\b/i, (line) => !comment(line)), []);
});
