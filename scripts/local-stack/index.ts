import { randomBytes } from 'node:crypto';
// The embedded local stack: DynamoDB Local, the AWS emulator (STS + IAM-enforcing gateway), the
// local OpenID Provider, a local SAML IdP, the mail catcher (SMTP in, inbox out) and a DNS server
// for domain proofs.
// `npm run dev`, `npm test` and `npm run bench` all start it through here, so the app sees the
// same endpoints and only configuration differs from AWS.
import { startDynamoDbLocal, ensureTable, type DynamoDbLocal } from './dynamodb';
import { freePort } from './ports';
import { DEMO_CLIENTS, DEMO_USERS, startOidcProvider, type LocalOidcProvider } from './oidc';
import { startAwsEmulator, type AwsEmulator } from './aws-emulator';
import { startMailCatcher, type MailCatcher } from './mail';
import { startDnsServer, type LocalDnsServer } from './dns';
import { SAML_DEMO_USERS, startSamlIdp, type LocalSamlIdp } from './saml';
import { startLocalS3, type LocalS3 } from './s3';

export interface LocalStackOptions {
  /** Folder that keeps DynamoDB data across restarts; in-memory when absent. */
  dataDir?: string;
  tableName?: string;
  /** Fixed ports (dev); free ports are picked for whatever is missing. */
  ports?: Partial<Record<'dynamodb' | 'aws' | 'oidc' | 'smtp' | 'inbox' | 'dns' | 'dnsAdmin' | 'saml' | 's3', number>>;
  /** Folder that keeps captured mail across restarts; in memory only when absent. */
  mailDir?: string;
  /** File that keeps the DNS server's TXT records across restarts; in memory only when absent. */
  dnsDataFile?: string;
  /** Bearer token of the DNS admin API; random when absent. */
  dnsAdminToken?: string;
  /** Folder that keeps the local S3's objects across restarts; a temporary one when absent. */
  s3Dir?: string;
  /** Public URL of the app, for the IdP's redirect URIs. */
  appUrl: string;
  /** Smallest STS session the emulator grants (900 s like AWS; `npm test` lowers it to test expiry). */
  minSessionSeconds?: number;
}

export interface LocalStack {
  tableName: string;
  /** DynamoDB Local itself: only operator scripts and test set-up talk to it directly. */
  dynamoDbEndpoint: string;
  tableCreated: boolean;
  /** Environment for the app (and tests) to reach the stack exactly as it reaches AWS. */
  env: Record<string, string>;
  /** The local OpenID Provider (demo users and clients registered; tests may add more). */
  oidc: LocalOidcProvider;
  /** The STS emulator and IAM-enforcing gateway in front of DynamoDB Local (stats for bench/). */
  aws: AwsEmulator;
  /** Every message the app sent, and the inbox page / JSON API that shows them. */
  mail: MailCatcher;
  /** The DNS server the app resolves domain-proof TXT records against; tests set records on it. */
  dns: LocalDnsServer;
  /** The local SAML IdP (Initech's demo people; tests add more and forge responses with its key). */
  saml: LocalSamlIdp;
  /** The local S3 (s3rver): S3 audit-stream destinations write their objects here. */
  s3: LocalS3;
  stop(): Promise<void>;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const tableName = options.tableName ?? 'arbor';
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
  };
  try {
    const dynamo: DynamoDbLocal = await startDynamoDbLocal({
      port: options.ports?.dynamodb ?? (await freePort()),
      dataDir: options.dataDir,
    });
    stops.push(dynamo.stop);
    const tableCreated = await ensureTable(dynamo.endpoint, tableName);
    const aws = await startAwsEmulator({
      port: options.ports?.aws ?? 0,
      dynamoDbEndpoint: dynamo.endpoint,
      tableName,
      region: 'us-east-1',
      minSessionSeconds: options.minSessionSeconds,
    });
    stops.push(aws.stop);
    const oidc = await startOidcProvider({ port: options.ports?.oidc ?? 0, appUrl: options.appUrl, users: DEMO_USERS, clients: DEMO_CLIENTS });
    stops.push(oidc.stop);
    const mail = await startMailCatcher({ smtpPort: options.ports?.smtp ?? 0, httpPort: options.ports?.inbox ?? 0, dataDir: options.mailDir });
    stops.push(mail.stop);
    const dns = await startDnsServer({
      port: options.ports?.dns ?? 0,
      adminPort: options.ports?.dnsAdmin ?? 0,
      dataFile: options.dnsDataFile,
      adminToken: options.dnsAdminToken,
    });
    stops.push(dns.stop);
    const saml = await startSamlIdp({ port: options.ports?.saml ?? 0, appUrl: options.appUrl, users: SAML_DEMO_USERS });
    stops.push(saml.stop);
    const s3 = await startLocalS3({ port: options.ports?.s3 ?? (await freePort()), dataDir: options.s3Dir });
    stops.push(s3.stop);

    const env: Record<string, string> = {
      ARBOR_TABLE: tableName,
      AWS_REGION: 'us-east-1',
      ARBOR_LOCAL_DYNAMODB_ENDPOINT: dynamo.endpoint,
      // The app reaches DynamoDB and STS only through the emulator, with the runtime's keys.
      ...aws.env,
      ARBOR_APP_URL: options.appUrl,
      // Local-only: the demo tenants' connections point here; tests register people through the admin token.
      ARBOR_LOCAL_OIDC_ISSUER: oidc.issuer,
      ARBOR_LOCAL_OIDC_ADMIN_TOKEN: oidc.adminToken,
      // The app sends through the catcher exactly as through a real SMTP server; tests read what
      // arrived from its JSON API.
      ARBOR_SMTP_URL: mail.smtpUrl,
      ARBOR_LOCAL_MAIL_URL: mail.inboxUrl,
      // The app resolves TXT records against the local DNS server exactly as against a real
      // resolver; tests and `npm run cli -- dns` set them through its admin API.
      ARBOR_DNS_SERVERS: dns.server,
      ARBOR_LOCAL_DNS_ADMIN_URL: dns.adminUrl,
      ARBOR_LOCAL_DNS_ADMIN_TOKEN: dns.adminToken,
      // Local-only: the SAML demo tenant's connection imports this metadata; tests add people.
      ARBOR_LOCAL_SAML_METADATA_URL: saml.metadataUrl,
      ARBOR_LOCAL_SAML_ADMIN_TOKEN: saml.adminToken,
      // Local-only: webhook endpoints may be the laptop's own receivers (refused in production).
      ARBOR_WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1',
      // The local scheduler (./scheduler.ts) wakes the app with it, as EventBridge does in production.
      ARBOR_SCHEDULER_TOKEN: randomBytes(32).toString('base64url'),
      // Local-only: an S3-compatible server for S3 audit-stream destinations (endpoint, bucket
      // made at start, the keys it accepts); tests and the console's demo name it.
      ARBOR_LOCAL_S3_ENDPOINT: s3.endpoint,
      ARBOR_LOCAL_S3_BUCKET: s3.bucket,
      ARBOR_LOCAL_S3_ACCESS_KEY_ID: s3.accessKeyId,
      ARBOR_LOCAL_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
    return { tableName, dynamoDbEndpoint: dynamo.endpoint, tableCreated, env, oidc, aws, mail, dns, saml, s3, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
