// The one way an operator command is declared: its line of help, its usage, its options, and its
// verbs (`create`, or two words: `token create`), each with the options it takes and what it runs.
// Parsing (node:util parseArgs, strict), usage errors and Arbor's own errors are answered here
// the same for every command: a message and exit code 1, never a stack trace.
// (A folder of its own: every file directly in scripts/cli is a command.)
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { isArborError } from '../../../lib/errors';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
type Values<O extends OptionsConfig> = ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>['values'];

/** What scripts/cli.ts loads from each command module. */
export interface CliCommand {
  description: string;
  /** Resolves to the process exit code. */
  run(args: string[]): Promise<number>;
}

export interface CommandInput<O extends OptionsConfig> {
  values: Values<O>;
  /** The words after the verb's. */
  positionals: string[];
}

export interface Verb<O extends OptionsConfig> {
  /** The options this verb takes (all of the command's when omitted). */
  options?: readonly (keyof O & string)[];
  /** Options it cannot do without. */
  required?: readonly (keyof O & string)[];
  /** How many words may follow the verb: exactly n, or [at least, at most] (none when omitted). */
  positionals?: number | readonly [number, number];
  run(input: CommandInput<O>): Promise<number | void>;
}

export interface CommandSpec<O extends OptionsConfig> {
  description: string;
  usage: string;
  options: O;
  /** By their words; '' is the command with no verb. */
  verbs: Record<string, Verb<O>>;
}

/** A refusal of what was typed: printed with the command's usage. */
export class UsageError extends Error {}

export function defineCommand<const O extends OptionsConfig>(spec: CommandSpec<O>): CliCommand {
  const usage = spec.usage.startsWith('Usage') ? spec.usage : `Usage: ${spec.usage}`;
  // Longer verbs first, so that `token create` is not taken for a one-word verb.
  const verbs = Object.entries(spec.verbs).sort(([a], [b]) => b.split(' ').length - a.split(' ').length);
  const refuse = (message?: string) => {
    console.error(message ? `${message}\n${usage}` : usage);
    return 1;
  };

  async function run(args: string[]): Promise<number> {
    let parsed: CommandInput<O>;
    try {
      parsed = parseArgs({ args, options: spec.options, allowPositionals: true, strict: true }) as CommandInput<O>;
    } catch (e) {
      return refuse((e as Error).message);
    }
    const match = verbs.find(([words]) => words === '' || words.split(' ').every((w, i) => parsed.positionals[i] === w));
    if (!match) return refuse();
    const [words, verb] = match;
    const positionals = parsed.positionals.slice(words ? words.split(' ').length : 0);
    const [least, most] = typeof verb.positionals === 'number' ? [verb.positionals, verb.positionals] : (verb.positionals ?? [0, 0]);
    if (positionals.length < least || positionals.length > most) return refuse();
    const given = Object.keys(parsed.values);
    const foreign = verb.options ? given.filter((o) => !verb.options!.includes(o)) : [];
    if (foreign.length) return refuse(`${foreign.map((o) => `--${o}`).join(', ')} is not an option of ${words || 'this command'}`);
    const missing = (verb.required ?? []).filter((o) => !given.includes(o));
    if (missing.length) return refuse(`Missing ${missing.map((o) => `--${o}`).join(', ')}`);
    try {
      return (await verb.run({ values: parsed.values, positionals })) ?? 0;
    } catch (e) {
      if (e instanceof UsageError) return refuse(e.message);
      if (!isArborError(e)) throw e;
      console.error(e.message);
      return 1;
    }
  }

  return { description: spec.description, run };
}
