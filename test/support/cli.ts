// Runs an operator command (scripts/cli/<name>.ts `run`) in-process, capturing what it prints.
export async function runCli(command: (args: string[]) => Promise<number | void>, args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const { log, error } = console;
  console.log = console.error = (...a: unknown[]) => void lines.push(a.join(' '));
  try {
    return { code: (await command(args)) ?? 0, out: lines.join('\n') };
  } finally {
    Object.assign(console, { log, error });
  }
}
