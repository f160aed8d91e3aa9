// The embedded local stack: DynamoDB Local, the AWS emulator (STS + IAM-enforcing gateway), the
// local OpenID Provider and the mail catcher (SMTP in, inbox out). `npm run dev`, `npm test` and `npm run bench` all start it through
// here, so the app sees the same endpoints and only configuration differs from AWS.
import { startDynamoDbLocal, ensureTable, type DynamoDbLocal } from './dynamodb';
import { freePort } from './ports';
import { DEMO_CLIENTS, DEMO_USERS, startOidcProvider, type LocalOidcProvider } from './oidc';
import { startAwsEmulator, type AwsEmulator } from './aws-emulator';
import { startMailCatcher, type MailCatcher } from './mail';

export interface LocalStackOptions {
  /** Folder that keeps DynamoDB data across restarts; in-memory when absent. */
  dataDir?: string;
  tableName?: string;
  /** Fixed ports (dev); free ports are picked for whatever is missing. */
  ports?: Partial<Record<'dynamodb' | 'aws' | 'oidc' | 'smtp' | 'inbox', number>>;
  /** Folder that keeps captured mail across restarts; in memory only when absent. */
  mailDir?: string;
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
    };
    return { tableName, dynamoDbEndpoint: dynamo.endpoint, tableCreated, env, oidc, aws, mail, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
