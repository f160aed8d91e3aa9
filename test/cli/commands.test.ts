// The operator's commands are declared one way (scripts/cli/kit/define-command.ts): each module in
// scripts/cli is a defineCommand, none parses its own arguments; and that one way answers usage
// mistakes the same for every command.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { defineCommand, UsageError } from '../../scripts/cli/kit/define-command';
import { runCli as cli } from '../support/cli';

const CLI = resolve(import.meta.dirname, '../../scripts/cli');

test('every command module is declared with defineCommand and parses no arguments itself', () => {
  const modules = readdirSync(CLI).filter((f) => f.endsWith('.ts'));
  assert.ok(modules.length >= 10, modules.join(', '));
  for (const file of modules) {
    const text = readFileSync(join(CLI, file), 'utf8');
    assert.match(text, /export const \{ description, run \} = defineCommand\(/, `${file} declares its command with defineCommand`);
    assert.doesNotMatch(text, /\bparseArgs\b|process\.argv|args\.indexOf/, `${file} leaves parsing to defineCommand`);
  }
});

const ran: unknown[] = [];
const sample = defineCommand({
  description: 'a sample',
  usage: 'npm run cli -- sample token create --tenant <id> | sample show <id>',
  options: { tenant: { type: 'string' }, label: { type: 'string' }, json: { type: 'boolean' } },
  verbs: {
    'token create': { required: ['tenant'], options: ['tenant', 'label'], run: async (i) => void ran.push(i.values) },
    show: {
      positionals: 1,
      run: async ({ positionals }) => {
        if (positionals[0] === 'bad') throw new UsageError('Not that one.');
        ran.push(positionals);
      },
    },
  },
});

test('defineCommand: verbs of one and two words, required and foreign options, positionals, usage errors', async () => {
  assert.deepEqual(await cli(sample.run, ['token', 'create', '--tenant', 't1', '--label', 'x']), { code: 0, out: '' });
  assert.deepEqual({ ...(ran.at(-1) as object) }, { tenant: 't1', label: 'x' });
  for (const [args, says] of [
    [['token', 'create'], /^Missing --tenant\nUsage: npm run cli -- sample/],
    [['token', 'create', '--tenant', 't', '--json'], /^--json is not an option of token create\n/],
    [['token', 'create', '--tenant'], /--tenant/],
    [['token', 'create', '--nope'], /nope/],
    [['token'], /^Usage: /],
    [[], /^Usage: /],
    [['show'], /^Usage: /],
    [['show', 'a', 'b'], /^Usage: /],
    [['show', 'bad'], /^Not that one\.\nUsage: /],
  ] as const) {
    const answer = await cli(sample.run, [...args]);
    assert.equal(answer.code, 1, args.join(' '));
    assert.match(answer.out, says, args.join(' '));
  }
  assert.equal((await cli(sample.run, ['show', 'u1'])).code, 0);
  assert.deepEqual(ran.at(-1), ['u1']);
});
