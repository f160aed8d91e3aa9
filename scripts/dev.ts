// `npm run dev`: the whole local stack on fixed ports, demo data on first start, and
// `next dev` on http://localhost:3000. Data lives in .data/ (git-ignored) and survives
// restarts; `npm run dev -- --reset` (or `npm run dev:reset`) wipes it first.
// `--demo-units N` adds a tenant of N units to feel the console at size (scripts/seed/large-demo.ts).
// `--faults throttling:0.05,latency:0.2:300` makes the local AWS misbehave once the data is in
// (scripts/local-stack/aws-emulator/faults.ts), to watch the console through a bad day.
// `--free-ports` puts the stack on ports the system picks (a second dev beside yours, the CLI's
// test); the app's port is PORT. Either way the stack's endpoints and keys go to
// .data/local-stack.json for `npm run cli` in another terminal (./local-stack/dev-stack-file.ts).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { LOCAL_DNS_ADMIN_TOKEN } from '../lib/config';
import { startLocalStack } from './local-stack';
import { devDataDir, removeDevStackFile, writeDevStackFile } from './local-stack/dev-stack-file';
import { parseFaultSpec } from './local-stack/aws-emulator/faults';
import { startWebhookWorker } from './local-stack/webhook-worker';
import { startAuditStreamWorker } from './local-stack/audit-stream-worker';
import { startLocalScheduler } from './local-stack/scheduler';
import { seedDemoIfEmpty } from './seed/demo';
import { describeLargeDemo, parseDemoUnits, seedLargeDemoIfAbsent } from './seed/large-demo';

const DATA_ROOT = devDataDir();
const APP_PORT = Number(process.env.PORT ?? 3000);
const FIXED_PORTS = { dynamodb: 8100, aws: 8101, oidc: 8102, smtp: 8103, inbox: 8104, dns: 8105, dnsAdmin: 8106, saml: 8107, s3: 8108 };

async function main() {
  // Read before anything starts: a bad value stops here with its message.
  const demoUnits = parseDemoUnits(process.argv.slice(2));
  const faultSpec = process.argv.includes('--faults') ? process.argv[process.argv.indexOf('--faults') + 1] ?? '' : undefined;
  const faults = faultSpec === undefined ? undefined : parseFaultSpec(faultSpec);
  if (process.argv.includes('--reset')) {
    rmSync(DATA_ROOT, { recursive: true, force: true });
    console.log(`[dev] wiped ${DATA_ROOT}`);
  }
  const appUrl = `http://localhost:${APP_PORT}`;
  const stack = await startLocalStack({
    appUrl,
    dataDir: resolve(DATA_ROOT, 'dynamodb'),
    ports: process.argv.includes('--free-ports') ? {} : FIXED_PORTS,
    mailDir: resolve(DATA_ROOT, 'mail'),
    dnsDataFile: resolve(DATA_ROOT, 'dns/records.json'),
    s3Dir: resolve(DATA_ROOT, 's3'),
    // The default of ARBOR_LOCAL_DNS_ADMIN_TOKEN, so `npm run cli -- dns` can set records.
    dnsAdminToken: LOCAL_DNS_ADMIN_TOKEN,
  });
  const stackFile = writeDevStackFile(stack.env);
  // Gone before anything else stops: a CLI started meanwhile is told dev is stopping, not left to time out.
  const forgetStack = () => removeDevStackFile(stackFile);
  console.log(`[dev] DynamoDB Local ${stack.dynamoDbEndpoint} (data in ${DATA_ROOT}), table ${stack.tableName}`);
  console.log(`[dev] \`npm run cli\` in another terminal reaches this stack through ${stackFile}`);
  console.log(`[dev] mail the app sends (invitations): ${stack.mail.inboxUrl} (SMTP ${stack.mail.smtpUrl}, kept in .data/mail/)`);
  console.log(`[dev] DNS for domain proofs: ${stack.dns.server} (UDP+TCP), TXT records via \`npm run cli -- dns set-txt\`, kept in .data/dns/`);
  try {
    const seeded = await seedDemoIfEmpty(stack.env);
    if (seeded) console.log('[dev] seeded the demo tenants (see README: Demo accounts)');
    if (demoUnits !== undefined) {
      const large = await seedLargeDemoIfAbsent(stack.env, demoUnits, { log: (m) => console.log(`[dev] large demo: ${m}`) });
      console.log(`[dev] ${describeLargeDemo(large, demoUnits)}`);
    }
    if (faults) {
      stack.aws.faults.set(faults);
      console.log(`[dev] injecting faults: ${faultSpec}`);
    }
  } catch (e) {
    // Leave no DynamoDB Local or IdP running behind a failed start.
    forgetStack();
    await stack.stop();
    throw e;
  }

  const worker = startWebhookWorker({ ...stack.env, NODE_ENV: 'development' });
  const streamWorker = startAuditStreamWorker({ ...stack.env, NODE_ENV: 'development' });
  const scheduler = startLocalScheduler(stack.env, 5_000);
  const next = spawn(process.execPath, [resolve('node_modules/next/dist/bin/next'), 'dev', '-p', String(APP_PORT)], {
    stdio: 'inherit',
    env: { ...process.env, ...stack.env, NODE_ENV: 'development' },
  });
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    forgetStack();
    next.kill('SIGTERM');
    scheduler.stop();
    await Promise.all([worker.stop(), streamWorker.stop()]);
    await stack.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  next.on('exit', (code) => void stop(code ?? 0));
}

main().catch((e) => {
  console.error(`[dev] ${e instanceof Error ? e.message : e}`);
  process.exit(1);
});
