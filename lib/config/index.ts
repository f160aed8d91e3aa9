// The app's settings, read from the environment and validated once (zod). Nothing else reads
// process.env for app settings. Development and test get local defaults that point at the
// embedded stack; production must set everything, refuses the demo secrets, and talks to
// emulator endpoints only with the explicit ARBOR_ALLOW_EMULATOR=1 override.
// Every failure is one line naming the variable, never its value (values may be secrets).
import { z } from 'zod';

export const DEMO_SESSION_SECRET = 'arbor-local-demo-session-secret-change-me-in-production';
// 32 readable bytes, base64: fine for a laptop, refused in production.
export const DEMO_ENCRYPTION_KEY = Buffer.from('arbor-local-demo-encryption-key!').toString('base64');
/** The emulator's tenant role (account 000000000000 does not exist on AWS). */
export const DEMO_TENANT_ROLE_ARN = 'arn:aws:iam::000000000000:role/arbor-tenant-access';
/** Admin token of the local DNS server in dev: fixed so the CLI knows it; it listens on loopback only. */
export const LOCAL_DNS_ADMIN_TOKEN = 'arbor-local-dns';

const ROLE_ARN = /^arn:aws(-[a-z]+)*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/;
const REGION = /^[a-z]{2}(-[a-z]+)+-\d+$/;
// DynamoDB table names: 3–255 of letters, digits, '_', '-', '.'.
const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const httpUrl = (error: string) => z.url({ protocol: /^https?$/, error });
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const PORT = /^(?:[1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d{2}|655[0-2]\d|6553[0-5])$/;
const isIpv6 = (v: string) => v.includes(':') && URL.canParse(`http://[${v}]/`);
/** A DNS server as node:dns setServers takes it: `ip`, `ip:port`, `[ipv6]` or `[ipv6]:port`. */
function isDnsServer(entry: string): boolean {
  const m = /^(?:\[([^\]]+)\]|([\d.]+))(?::(\d+))?$/.exec(entry);
  if (!m) return isIpv6(entry);
  return (m[1] ? isIpv6(m[1]) : IPV4.test(m[2])) && (m[3] === undefined || PORT.test(m[3]));
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production'], 'must be development, test or production').default('development'),
  ARBOR_TABLE: z.string().regex(TABLE_NAME, 'must be a DynamoDB table name (3–255 letters, digits, _ - .)'),
  AWS_REGION: z.string().regex(REGION, 'must be an AWS region such as eu-west-1'),
  /** DynamoDB endpoint override (the local IAM gateway). Unset on AWS. */
  ARBOR_DYNAMODB_ENDPOINT: httpUrl('must be an http(s) URL').optional(),
  /** STS endpoint override (the local STS emulator). Unset on AWS. */
  ARBOR_STS_ENDPOINT: httpUrl('must be an http(s) URL').optional(),
  /** The role every tenant request assumes, narrowed by a per-tenant session policy. */
  ARBOR_TENANT_ROLE_ARN: z.string().regex(ROLE_ARN, 'must be an IAM role ARN (arn:aws:iam::<account>:role/<name>)'),
  /**
   * Seconds each tenant's STS session lasts. The app servers run as a role and assume the tenant
   * role from it: AWS caps such role chaining at one hour, whatever the role's maximum.
   */
  ARBOR_TENANT_SESSION_SECONDS: z.coerce
    .number('must be a number of seconds')
    .int('must be a whole number of seconds')
    .min(900, 'must be at least 900 seconds')
    .max(3600, 'must be at most 3600 seconds (AWS limits chained role sessions to one hour)')
    .default(3600),
  /** One STS session per tenant (few AssumeRole calls) or per tenant and user (CloudTrail names the user). */
  ARBOR_TENANT_SESSION_SCOPE: z.enum(['tenant', 'user'], 'must be tenant or user').default('tenant'),
  /** Static keys of the operator identity (local stack only); elsewhere the operator uses the default chain. */
  ARBOR_OPERATOR_ACCESS_KEY_ID: z.string().min(16, 'must be an access key id').optional(),
  ARBOR_OPERATOR_SECRET_ACCESS_KEY: z.string().min(16, 'must be a secret access key').optional(),
  /** Secret that signs and encrypts session cookies. */
  ARBOR_SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Session lifetime in seconds. */
  ARBOR_SESSION_MAX_AGE: z.coerce
    .number('must be a number of seconds')
    .int('must be a whole number of seconds')
    .min(300, 'must be at least 300 seconds')
    .max(60 * 60 * 24 * 30, 'must be at most 30 days (2592000 seconds)')
    .default(60 * 60 * 8),
  /** AES-256-GCM key for SSO client secrets at rest, base64 of 32 bytes. */
  ARBOR_ENCRYPTION_KEY: z
    .string()
    .refine((v) => BASE64.test(v) && Buffer.from(v, 'base64').length === 32, 'must be base64 of exactly 32 bytes'),
  /** Public URL of the app, used for SSO redirect URIs. */
  ARBOR_APP_URL: httpUrl('must be a URL such as https://arbor.example.com'),
  /** Days an audit entry is kept before TTL removes it; 0 keeps entries forever. */
  ARBOR_AUDIT_RETENTION_DAYS: z.coerce
    .number('must be a number of days')
    .int('must be a whole number of days')
    .min(0, 'must be 0 (keep forever) or more')
    .default(365),
  /** Lets a production build talk to emulator endpoints (used only by the offline production check). */
  ARBOR_ALLOW_EMULATOR: z.enum(['0', '1'], 'must be 0 or 1').default('0'),
  /**
   * A file each request DynamoDB refused as malformed is also recorded in (input the checks should
   * have stopped); `npm test` sets it and fails when anything was recorded.
   */
  ARBOR_BUG_LOG: z.string().min(1).optional(),
  /**
   * Parse every API answer against its operation's schema, failing the request when it differs
   * (lib/api/answer-check.ts). `npm test` sets it; it costs a parse per answer, so not in production.
   */
  ARBOR_CHECK_ANSWERS: z.enum(['0', '1'], 'must be 0 or 1').default('0'),
  /** SMTP server invitations are sent through: smtp:// (STARTTLS when offered) or smtps://, credentials in the URL. */
  ARBOR_SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL (user:password@host:port)' }).optional(),
  /** The sender of Arbor's mail: an address, or `Name <address>`. */
  ARBOR_MAIL_FROM: z
    .string()
    .max(320)
    .regex(/^(?:[^<>\r\n]{0,100}<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/, 'must be an email address or Name <address>')
    .optional(),
  /** 1: send no mail; invitations are shared by copying their link from the console. */
  ARBOR_MAIL_DISABLED: z.enum(['0', '1'], 'must be 0 or 1').default('0'),
  /** DNS servers domain proofs (TXT records) are resolved against, comma-separated; the system's when unset. */
  ARBOR_DNS_SERVERS: z
    .string()
    .refine((v) => v.split(',').every(isDnsServer), 'must be a comma-separated list of ip or ip:port ([ipv6]:port)')
    .optional(),
  /** Hours between re-checks of a verified domain's TXT record. */
  ARBOR_DOMAIN_RECHECK_HOURS: z.coerce
    .number('must be a number of hours')
    .int('must be a whole number of hours')
    .min(1, 'must be at least 1 hour')
    .max(720, 'must be at most 720 hours (30 days)')
    .default(24),
  /** API requests one API key may send per minute (counted across app instances, lib/api-keys/rate-limit.ts). */
  ARBOR_API_RATE_PER_KEY: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').default(600),
  /** API requests all of one organization's API keys together may send per minute. */
  ARBOR_API_RATE_PER_TENANT: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').default(1200),
  /** Check points (one a check, one per 10 checks of a batch) one API key may spend per minute (lib/api-keys/check-rate-limit.ts). */
  ARBOR_CHECK_RATE_PER_KEY: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').default(6000),
  /** Check points all of one organization's API keys together may spend per minute. */
  ARBOR_CHECK_RATE_PER_TENANT: z.coerce.number('must be a number').int('must be a whole number').min(1, 'must be at least 1').default(12000),
  /**
   * 1: webhook endpoints may be on private, loopback and link-local addresses (the local stack's
   * receivers). Refused in production.
   */
  ARBOR_WEBHOOKS_ALLOW_PRIVATE_NETWORKS: z.enum(['0', '1'], 'must be 0 or 1').default('0'),
  /**
   * The bearer token of the scheduler's wake-up (POST /api/internal/run-due: due change sets);
   * without it the wake-up answers 404. EventBridge sends it in production, the local scheduler locally.
   */
  ARBOR_SCHEDULER_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Days between an owner scheduling the organization's deletion and its start (lib/offboarding); owners may cancel until then. */
  ARBOR_TENANT_DELETION_GRACE_DAYS: z.coerce
    .number('must be a number of days')
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(90, 'must be at most 90 days')
    .default(7),
  /** Least severe log line written (JSON on stdout, lib/observability); `silent` writes none. */
  ARBOR_LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], 'must be one of fatal, error, warn, info, debug, trace, silent')
    .default('info'),
  /** Admin API of the local stack's DNS server (local only: `npm run cli -- dns` sets records there). */
  ARBOR_LOCAL_DNS_ADMIN_URL: httpUrl('must be an http(s) URL').optional(),
  /** Bearer token of that admin API. */
  ARBOR_LOCAL_DNS_ADMIN_TOKEN: z.string().min(1).optional(),
});

export type AppConfig = z.infer<typeof schema>;

/** Every variable the app reads, in the order of `.env.example`. */
export const CONFIG_VARIABLES = Object.keys(schema.shape) as (keyof AppConfig)[];

/** Defaults for development and test only: they point at the embedded local stack. */
const LOCAL_DEFAULTS: Record<string, string> = {
  ARBOR_TABLE: 'arbor',
  AWS_REGION: 'us-east-1',
  ARBOR_TENANT_ROLE_ARN: DEMO_TENANT_ROLE_ARN,
  ARBOR_SESSION_SECRET: DEMO_SESSION_SECRET,
  ARBOR_ENCRYPTION_KEY: DEMO_ENCRYPTION_KEY,
  ARBOR_APP_URL: 'http://localhost:3000',
  ARBOR_MAIL_FROM: 'Arbor <no-reply@arbor.localhost>',
  // The local stack's DNS server on the ports `npm run dev` gives it.
  ARBOR_DNS_SERVERS: '127.0.0.1:8105',
  ARBOR_LOCAL_DNS_ADMIN_URL: 'http://127.0.0.1:8106',
  ARBOR_LOCAL_DNS_ADMIN_TOKEN: LOCAL_DNS_ADMIN_TOKEN,
};

/** A bad setting; the message is the one line to print. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const given = stripEmpty(env);
  const isProduction = given.NODE_ENV === 'production';
  const input = isProduction ? given : { ...LOCAL_DEFAULTS, ...given };
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(variable, input[variable] === undefined ? 'is not set' : issue.message);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production') assertProductionSafe(config);
  return config;
}

function assertProductionSafe(config: AppConfig) {
  if (config.ARBOR_SESSION_SECRET === DEMO_SESSION_SECRET) {
    throw new ConfigError('ARBOR_SESSION_SECRET', 'is the demo secret; generate a real one (openssl rand -base64 48)');
  }
  if (config.ARBOR_ENCRYPTION_KEY === DEMO_ENCRYPTION_KEY) {
    throw new ConfigError('ARBOR_ENCRYPTION_KEY', 'is the demo key; generate a real one (openssl rand -base64 32)');
  }
  if (config.ARBOR_ALLOW_EMULATOR === '1') return;
  if (config.ARBOR_WEBHOOKS_ALLOW_PRIVATE_NETWORKS === '1') {
    throw new ConfigError('ARBOR_WEBHOOKS_ALLOW_PRIVATE_NETWORKS', "is for the local stack only: in production webhooks never reach the server's own network");
  }
  const emulated = (['ARBOR_DYNAMODB_ENDPOINT', 'ARBOR_STS_ENDPOINT'] as const).find((name) => config[name]);
  if (emulated) {
    throw new ConfigError(emulated, 'points at an emulator in production; unset it (or set ARBOR_ALLOW_EMULATOR=1 for the offline check)');
  }
  // On AWS the operator (CLI) uses its own default credential chain; app servers never hold its keys.
  const operatorKey = (['ARBOR_OPERATOR_ACCESS_KEY_ID', 'ARBOR_OPERATOR_SECRET_ACCESS_KEY'] as const).find((name) => config[name]);
  if (operatorKey) {
    throw new ConfigError(operatorKey, "is for the local emulator only; on AWS the operator uses its own credentials (AWS_PROFILE)");
  }
  if (config.ARBOR_TENANT_ROLE_ARN === DEMO_TENANT_ROLE_ARN) {
    throw new ConfigError('ARBOR_TENANT_ROLE_ARN', "is the local emulator's role; use the stack output ArborTenantRoleArn");
  }
  if (new URL(config.ARBOR_APP_URL).protocol !== 'https:' && !isLoopback(config.ARBOR_APP_URL)) {
    throw new ConfigError('ARBOR_APP_URL', 'must use https in production');
  }
  // Mail is either configured or switched off on purpose, never missing by accident.
  if (config.ARBOR_MAIL_DISABLED === '0') {
    if (!config.ARBOR_SMTP_URL) throw new ConfigError('ARBOR_SMTP_URL', 'is not set; set it, or ARBOR_MAIL_DISABLED=1 to share invitation links by copying them');
    if (!config.ARBOR_MAIL_FROM) {
      throw new ConfigError('ARBOR_MAIL_FROM', 'is not set; use an address your SMTP server may send from');
    }
  }
}

const isLoopback = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

function stripEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
}

let cached: AppConfig | undefined;

/** The validated configuration of this process (read once). */
export function config(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
