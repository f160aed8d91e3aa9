// Starts the webhook delivery worker (scripts/webhook-worker.ts) as its own process, as production
// runs it, reading DynamoDB Local's stream through the IAM gateway with the runtime's keys.
// `npm run dev` starts one beside the app; `npm test` starts one for the browser suite (the node
// suites drive the worker themselves), skipping what the node suites wrote before it.
import { spawn } from 'node:child_process';

export interface WorkerProcess {
  /** Resolves once the worker is reading the stream (after skipping the backlog, if asked). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startWebhookWorker(env: Record<string, string>, options: { skipBacklog?: boolean } = {}): WorkerProcess {
  return startWorkerProcess('scripts/webhook-worker.ts', 'webhook worker', env, options);
}

/** A worker script as its own process, ready once it prints `<name> started`. */
export function startWorkerProcess(script: string, name: string, env: Record<string, string>, options: { skipBacklog?: boolean } = {}): WorkerProcess {
  const args = ['--import', 'tsx', script, ...(options.skipBacklog ? ['--skip-backlog'] : [])];
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (chunk.toString().includes(`${name} started`)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the ${name} exited (${code}) before it started`)));
  });
  ready.catch(() => undefined);
  return {
    ready,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
