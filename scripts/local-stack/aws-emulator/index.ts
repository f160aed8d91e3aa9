// The local AWS emulator: one node:http server on one port serving STS (AssumeRole,
// GetCallerIdentity) and the IAM-enforcing DynamoDB gateway, routed by the service named in
// each request's SigV4 credential scope. Its identities carry the same policies as AWS
// (lib/tenancy/role-policies.ts): the runtime user, the operator user and the tenant role.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tableArn } from '../../../lib/tenancy/arns';
import { operatorPolicy, runtimeRolePolicy, tenantAccessRolePolicy, tenantRoleTrustPolicy } from '../../../lib/tenancy/role-policies';
import { createFaultInjector, type FaultInjector } from './faults';
import { createDynamoDbGateway, type GatewayStats } from './gateway';
import { createIdentityStore, randomId, randomSecret } from './identities';
import { parseAuthorization } from './sigv4';
import { createSts, stsError, type StsResponse } from './sts';

export const LOCAL_ACCOUNT_ID = '000000000000';
export const LOCAL_TENANT_ROLE_ARN = `arn:aws:iam::${LOCAL_ACCOUNT_ID}:role/arbor-tenant-access`;
export const LOCAL_RUNTIME_ARN = `arn:aws:iam::${LOCAL_ACCOUNT_ID}:user/arbor-runtime`;
export const LOCAL_OPERATOR_ARN = `arn:aws:iam::${LOCAL_ACCOUNT_ID}:user/arbor-operator`;

export interface AwsEmulatorOptions {
  port: number;
  /** DynamoDB Local, which only the gateway talks to. */
  dynamoDbEndpoint: string;
  tableName: string;
  region: string;
  /** Smallest DurationSeconds STS accepts (900 like AWS; tests lower it). */
  minSessionSeconds?: number;
  /** The tenant role's maximum session duration (3,600 is IAM's default). */
  maxSessionSeconds?: number;
}

export interface AwsEmulatorStats extends GatewayStats {
  assumeRoleCalls: number;
}

export interface AwsEmulator {
  endpoint: string;
  /** ARBOR_DYNAMODB_ENDPOINT, ARBOR_STS_ENDPOINT, the runtime's and the operator's keys, the tenant role. */
  env: Record<string, string>;
  stats(): AwsEmulatorStats;
  /** What DynamoDB and STS get wrong on purpose (faults.ts); also reachable at /__faults. */
  faults: FaultInjector;
  stop(): Promise<void>;
}

/** STS's answers for the injected failures, as STS words them. */
const STS_FAULT_ANSWERS: Record<string, () => StsResponse> = {
  unavailable: () => stsError(503, 'ServiceUnavailable', 'Service is unable to handle request.', 'Receiver'),
  throttling: () => stsError(400, 'Throttling', 'Rate exceeded'),
};

const MAX_BODY_BYTES = 20 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) resolve(undefined);
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startAwsEmulator(options: AwsEmulatorOptions): Promise<AwsEmulator> {
  const table = tableArn({ region: options.region, accountId: LOCAL_ACCOUNT_ID, tableName: options.tableName });
  const runtime = { name: 'arbor-runtime', accessKeyId: randomId('AKIA', 16), secretAccessKey: randomSecret() };
  const operator = { name: 'arbor-operator', accessKeyId: randomId('AKIA', 16), secretAccessKey: randomSecret() };
  const store = createIdentityStore({
    accountId: LOCAL_ACCOUNT_ID,
    users: [
      { ...runtime, policies: [runtimeRolePolicy({ tableArn: table, tenantRoleArn: LOCAL_TENANT_ROLE_ARN })] },
      { ...operator, policies: [operatorPolicy({ tableArn: table })] },
    ],
    roles: [
      {
        name: 'arbor-tenant-access',
        arn: LOCAL_TENANT_ROLE_ARN,
        trustPolicy: tenantRoleTrustPolicy(LOCAL_RUNTIME_ARN),
        policies: [tenantAccessRolePolicy({ tableArn: table })],
        maxSessionSeconds: options.maxSessionSeconds ?? 3600,
      },
    ],
  });
  const sts = createSts(store, { minSessionSeconds: options.minSessionSeconds ?? 900 });
  const faults = createFaultInjector();
  const gateway = createDynamoDbGateway({ store, dynamoDbEndpoint: options.dynamoDbEndpoint, faults });
  const controlToken = randomSecret();

  /** /__faults: GET the injected counts, PUT a plan, DELETE to stop injecting. Bearer token from env. */
  function control(req: IncomingMessage, body: Buffer, res: ServerResponse) {
    const given = Buffer.from(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
    const expected = Buffer.from(controlToken);
    const json = (status: number, value: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return json(403, { error: 'wrong control token' });
    try {
      if (req.method === 'PUT') faults.set(JSON.parse(body.toString('utf8')));
      else if (req.method === 'DELETE') faults.clear();
      else if (req.method !== 'GET') return json(405, { error: 'GET, PUT or DELETE' });
    } catch (e) {
      return json(400, { error: (e as Error).message });
    }
    json(200, faults.stats());
  }

  const server = createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      if (!body) {
        res.writeHead(413).end();
        return;
      }
      if (req.url?.startsWith('/__faults')) return control(req, body, res);
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
      const service = parseAuthorization(req.headers.authorization)?.service ?? (req.headers['x-amz-target'] ? 'dynamodb' : 'sts');
      if (service === 'sts') {
        const fault = faults.decide('sts', '');
        if (fault.latencyMs) await new Promise((r) => setTimeout(r, fault.latencyMs));
        if (fault.failure === 'dropConnection') return void res.socket?.destroy();
        const answer = fault.failure ? STS_FAULT_ANSWERS[fault.failure]() : sts.handle(request);
        res.writeHead(answer.status, { 'content-type': 'text/xml', 'content-length': Buffer.byteLength(answer.body) });
        res.end(answer.body);
      } else {
        await gateway.handle(request, res);
      }
    } catch (e) {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
      res.end(JSON.stringify({ __type: 'com.amazon.coral.service#InternalFailure', message: (e as Error).message }));
    }
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoint,
    env: {
      ARBOR_DYNAMODB_ENDPOINT: endpoint,
      ARBOR_STS_ENDPOINT: endpoint,
      ARBOR_TENANT_ROLE_ARN: LOCAL_TENANT_ROLE_ARN,
      AWS_ACCESS_KEY_ID: runtime.accessKeyId,
      AWS_SECRET_ACCESS_KEY: runtime.secretAccessKey,
      AWS_SESSION_TOKEN: '',
      ARBOR_OPERATOR_ACCESS_KEY_ID: operator.accessKeyId,
      ARBOR_OPERATOR_SECRET_ACCESS_KEY: operator.secretAccessKey,
      // The fault controls (tests and the fault suite; the app never reads them).
      ARBOR_EMULATOR_FAULTS_URL: `${endpoint}/__faults`,
      ARBOR_EMULATOR_CONTROL_TOKEN: controlToken,
    },
    faults,
    stats: () => ({ ...gateway.stats(), assumeRoleCalls: sts.assumeRoleCalls() }),
    async stop() {
      gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
