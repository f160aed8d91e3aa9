// The app as the HTTP sections meet it: a private production build, `next start`ed on its port,
// with the tenant's owner signed in over HTTP through the local IdP (a client and an account of
// its own there, and the tenant's SSO connection pointing at it).
import { randomBytes } from 'node:crypto';
import { setConnection } from '../../lib/domains';
import type { BenchContext } from '../support/context';
import type { SeededTenant } from '../seed/seed-tenant';
import { buildAppOnce, prepareAppCopy, startServer, type RunningServer } from './private-build';
import { signInOverHttp } from './sign-in';

/** `section` names the log lines and the IdP client; the server is added to `servers` to stop. */
export async function startSignedInApp(ctx: BenchContext, section: string, tenant: SeededTenant, appPort: number, servers: RunningServer[]) {
  const dir = prepareAppCopy(process.cwd());
  const buildMs = ctx.options.skipBuild ? undefined : await buildAppOnce(dir, (m) => ctx.log(`${section}: ${m}`));
  const password = randomBytes(9).toString('base64url');
  const client = { clientId: `bench-${section}-${tenant.tenantId.toLowerCase()}`, clientSecret: randomBytes(18).toString('base64url') };
  ctx.stack.oidc.addClient(client);
  ctx.stack.oidc.addUser({ email: tenant.owner.email, name: tenant.owner.name, password });
  await setConnection(ctx.tenancy.operatorDb(), tenant.tenantId, { issuer: ctx.stack.oidc.issuer, ...client, domains: [tenant.domain], jit: false });

  const env = { ...process.env, NODE_ENV: 'production' as const, ARBOR_ALLOW_EMULATOR: '1', NEXT_TELEMETRY_DISABLED: '1' };
  const app = await startServer({
    cwd: dir, args: ['node_modules/next/dist/bin/next', 'start', '-p', String(appPort), '-H', '127.0.0.1'], env, port: appPort, readyPath: '/sign-in',
  });
  servers.push(app);
  const signedIn = await signInOverHttp({ appUrl: app.url, appDir: dir, email: tenant.owner.email, password });
  ctx.log(`${section}: signed in over HTTP in ${signedIn.requests} requests, landed on ${signedIn.landedOn}`);
  return { buildMs, app, signedIn };
}
