// The app's settings, read from the environment and validated once (zod). Nothing else reads
// process.env for app settings. Development and test get local defaults that point at the
// embedded stack; production must set everything and refuses the demo secrets.
import { z } from 'zod';

export const DEMO_SESSION_SECRET = 'arbor-local-demo-session-secret-change-me-in-production';
// 32 zero-ish bytes, base64: fine for a laptop, refused in production.
export const DEMO_ENCRYPTION_KEY = Buffer.from('arbor-local-demo-encryption-key!').toString('base64');

const mode = z.enum(['development', 'test', 'production']);

const schema = z.object({
  NODE_ENV: mode.default('development'),
  ARBOR_TABLE: z.string().min(3).default('arbor'),
  AWS_REGION: z.string().min(1).default('us-east-1'),
  /** DynamoDB endpoint override (the local IAM gateway). Unset on AWS. */
  ARBOR_DYNAMODB_ENDPOINT: z.url().optional(),
  /** STS endpoint override (the local STS emulator). Unset on AWS. */
  ARBOR_STS_ENDPOINT: z.url().optional(),
  /** The role every tenant request assumes, narrowed by a per-tenant session policy. */
  ARBOR_TENANT_ROLE_ARN: z.string().regex(/^arn:aws:iam::\d{12}:role\/.+$/, 'must be an IAM role ARN'),
  /** Secret that signs and encrypts session cookies. */
  ARBOR_SESSION_SECRET: z.string().min(32, 'must be at least 32 characters'),
  /** Session lifetime in seconds. */
  ARBOR_SESSION_MAX_AGE: z.coerce.number().int().min(300).max(60 * 60 * 24 * 30).default(60 * 60 * 8),
  /** AES-256-GCM key for SSO client secrets at rest, base64 of 32 bytes. */
  ARBOR_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be base64 of exactly 32 bytes'),
  /** Public URL of the app, used for SSO redirect URIs. */
  ARBOR_APP_URL: z.url().default('http://localhost:3000'),
  /** Days an audit entry is kept before TTL removes it; 0 keeps entries forever. */
  ARBOR_AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).default(365),
  /** Lets a production build talk to emulator endpoints (used only by the offline production check). */
  ARBOR_ALLOW_EMULATOR: z.enum(['0', '1']).default('0'),
});

export type AppConfig = z.infer<typeof schema>;

const LOCAL_DEFAULTS: Record<string, string> = {
  ARBOR_TENANT_ROLE_ARN: 'arn:aws:iam::000000000000:role/arbor-tenant-access',
  ARBOR_SESSION_SECRET: DEMO_SESSION_SECRET,
  ARBOR_ENCRYPTION_KEY: DEMO_ENCRYPTION_KEY,
};

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const isProduction = env.NODE_ENV === 'production';
  const input = isProduction ? env : { ...LOCAL_DEFAULTS, ...stripEmpty(env) };
  const parsed = schema.safeParse(isProduction ? stripEmpty(input) : input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid configuration: ${String(issue.path[0] ?? '')} ${issue.message}`);
  }
  const config = parsed.data;
  if (config.NODE_ENV === 'production') {
    if (config.ARBOR_SESSION_SECRET === DEMO_SESSION_SECRET) {
      throw new Error('Invalid configuration: ARBOR_SESSION_SECRET is the demo secret; set a real one');
    }
    if (config.ARBOR_ENCRYPTION_KEY === DEMO_ENCRYPTION_KEY) {
      throw new Error('Invalid configuration: ARBOR_ENCRYPTION_KEY is the demo key; set a real one');
    }
    const usesEmulator = config.ARBOR_DYNAMODB_ENDPOINT || config.ARBOR_STS_ENDPOINT;
    if (usesEmulator && config.ARBOR_ALLOW_EMULATOR !== '1') {
      throw new Error(
        'Invalid configuration: ARBOR_DYNAMODB_ENDPOINT/ARBOR_STS_ENDPOINT are set in production; set ARBOR_ALLOW_EMULATOR=1 only to run against the local emulators',
      );
    }
  }
  return config;
}

function stripEmpty(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
}

let cached: AppConfig | undefined;

/** The validated configuration of this process (read once). */
export function config(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
