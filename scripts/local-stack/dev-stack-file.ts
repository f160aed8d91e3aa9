// The running dev stack's address book: `npm run dev` writes its endpoints and keys (the
// emulator's keys are random per run) to .data/local-stack.json, mode 0600, and removes it when it
// stops; the operator CLI in another terminal reads it to reach that stack with no flags.
// The CLI reads it only where nothing else is configured: never with NODE_ENV=production, never
// when the environment names an AWS endpoint, credentials or profile (a real AWS configuration
// always wins, and production never picks up a laptop's emulator keys).
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';

/** Where dev keeps its data (`ARBOR_DEV_DATA_DIR` lets a test run a dev of its own beside yours). */
export const devDataDir = (env: NodeJS.ProcessEnv = process.env) => resolve(env.ARBOR_DEV_DATA_DIR || '.data');
export const devStackFile = (env: NodeJS.ProcessEnv = process.env) => join(devDataDir(env), 'local-stack.json');

interface DevStackRecord {
  pid: number;
  startedAt: string;
  env: Record<string, string>;
}

/** Any of these set means the operator chose an AWS (or other) configuration: the file is not read. */
const CONFIGURED = [
  'ARBOR_DYNAMODB_ENDPOINT',
  'ARBOR_STS_ENDPOINT',
  'ARBOR_OPERATOR_ACCESS_KEY_ID',
  'AWS_ACCESS_KEY_ID',
  'AWS_PROFILE',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
  'AWS_CONTAINER_CREDENTIALS_FULL_URI',
];

/** Writes the file; it is removed when this process exits, however it exits short of SIGKILL. */
export function writeDevStackFile(stackEnv: Record<string, string>, env: NodeJS.ProcessEnv = process.env): string {
  const file = devStackFile(env);
  mkdirSync(dirname(file), { recursive: true });
  const record: DevStackRecord = { pid: process.pid, startedAt: new Date().toISOString(), env: stackEnv };
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  // `mode` applies only when the file is created; one left by a killed dev keeps its own.
  chmodSync(file, 0o600);
  process.once('exit', () => removeDevStackFile(file));
  return file;
}

export function removeDevStackFile(file: string): void {
  rmSync(file, { force: true });
}

/** The local stack is not running where the file says: the message tells the operator what to do. */
export class DevStackNotRunningError extends Error {
  constructor(endpoint: string, file: string) {
    super(`The local stack at ${endpoint} (${file}) is not running; start it with \`npm run dev\`, or configure AWS in the environment.`);
    this.name = 'DevStackNotRunningError';
  }
}

/**
 * Adds the running dev stack's settings to `env` (only variables it does not set) when nothing is
 * configured and a dev stack has written its file; returns the file used, or undefined.
 * Throws DevStackNotRunningError when the file is left by a dev that no longer runs.
 */
export async function useDevStackIfUnconfigured(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  if (env.NODE_ENV === 'production' || CONFIGURED.some((name) => env[name])) return undefined;
  const file = devStackFile(env);
  if (!existsSync(file)) return undefined;
  const record = readRecord(file);
  const endpoint = record?.env.ARBOR_DYNAMODB_ENDPOINT ?? '(unreadable file)';
  if (!record || !processAlive(record.pid) || !(await listening(endpoint))) throw new DevStackNotRunningError(endpoint, file);
  for (const [name, value] of Object.entries(record.env)) env[name] ??= value;
  return file;
}

function readRecord(file: string): DevStackRecord | undefined {
  try {
    const record = JSON.parse(readFileSync(file, 'utf8')) as DevStackRecord;
    return Number.isInteger(record?.pid) && typeof record.env?.ARBOR_DYNAMODB_ENDPOINT === 'string' && URL.canParse(record.env.ARBOR_DYNAMODB_ENDPOINT) ? record : undefined;
  } catch {
    return undefined;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: alive, owned by someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A TCP connect, not an AWS call: it must answer fast and without credentials. */
function listening(endpoint: string, timeoutMs = 1_000): Promise<boolean> {
  const { hostname, port } = new URL(endpoint);
  return new Promise((done) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const finish = (ok: boolean) => {
      socket.destroy();
      done(ok);
    };
    socket.setTimeout(timeoutMs, () => finish(false));
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
  });
}
