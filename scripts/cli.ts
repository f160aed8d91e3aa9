// `npm run cli -- <command> [args…]`: the operator's command line. Each command is one module in
// scripts/cli/<command>.ts declared with defineCommand (scripts/cli/kit/define-command.ts), which
// exports its `description` (one line) and `run(args)`; adding a file adds a command.
// Beside a running `npm run dev` it needs no settings: with no AWS configured in the environment
// (and never in production) it reads the dev stack's endpoints and keys from .data/local-stack.json
// (scripts/local-stack/dev-stack-file.ts).
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CliCommand } from './cli/kit/define-command';
import { DevStackNotRunningError, useDevStackIfUnconfigured } from './local-stack/dev-stack-file';

const folder = join(dirname(fileURLToPath(import.meta.url)), 'cli');
const commands = () =>
  readdirSync(folder)
    .filter((f) => /^[a-z][a-z0-9-]*\.ts$/.test(f))
    .map((f) => f.slice(0, -3))
    .sort();

const load = async (name: string) => (await import(join(folder, `${name}.ts`))) as CliCommand;

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const known = commands();
  if (!name || name === 'help' || name === '--help') {
    console.log('Usage: npm run cli -- <command> [args…]\n\nCommands:');
    for (const c of known) console.log(`  ${c.padEnd(12)} ${(await load(c)).description}`);
    return name ? 0 : 1;
  }
  if (!known.includes(name)) {
    console.error(`Unknown command "${name}". Commands: ${known.join(', ')}`);
    return 1;
  }
  try {
    await useDevStackIfUnconfigured();
  } catch (e) {
    if (!(e instanceof DevStackNotRunningError)) throw e;
    console.error(e.message);
    return 1;
  }
  return (await load(name)).run(args);
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
