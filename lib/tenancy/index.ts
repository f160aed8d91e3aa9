// Tenancy entry: the only way the app gets database access.
// - tenantDb(tenantId): a DocumentClient whose STS credentials reach that tenant's keys only;
//   every tenant read and write (T1–T14) goes through it;
// - platformDb(): the runtime's own credentials (default chain), which reach platform items only
//   (P1–P3 and user records);
// - operatorDb(): the operator's admin credentials for the CLI and seeds (P4, one-off scripts).
// See docs/tenant-isolation.md.
import 'server-only';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { STSClient } from '@aws-sdk/client-sts';
import { config, type AppConfig } from '../config';
import { createDocumentClient, type DocumentClient, type DocumentClientOptions } from '../db/client';
import type { PlatformDb, TenantDb } from '../db/context';
import { tableArnForRole } from './arns';
import { createCredentialVendor, type CredentialVendor, type CredentialVendorOptions } from './credentials';
import { assertTenantId, tenantSessionPolicyText } from './session-policy';
import { SDK_RETRY } from '../db/retry-policy';

export interface TenancySettings {
  region: string;
  tableName: string;
  tenantRoleArn: string;
  /** Endpoint overrides (the local emulator); unset on AWS. */
  dynamoDbEndpoint?: string;
  stsEndpoint?: string;
  sessionSeconds: number;
  /** 'user' gives every (tenant, user) its own session so CloudTrail names the user; see the docs. */
  sessionScope: 'tenant' | 'user';
  /** Static operator keys (local stack); the default chain otherwise. */
  operatorCredentials?: { accessKeyId: string; secretAccessKey: string };
  /** Overrides of the runtime credentials (default chain when absent). */
  platformCredentials?: DocumentClientOptions['credentials'];
  /** Vendor overrides for tests and bench (clock, STS client, refresh windows). */
  vendor?: Partial<Omit<CredentialVendorOptions, 'roleArn' | 'tableArn'>>;
  /** Tenant clients kept (least recently used go first). */
  maxTenantClients?: number;
}

export interface TenantDbOptions {
  /** The acting user, named in the STS session when the session scope is 'user'. */
  userId?: string;
}

export interface Tenancy {
  readonly tableArn: string;
  readonly vendor: CredentialVendor;
  /** A tenant-scoped TenantDb whose credentials are ready (a cold tenant waits for one AssumeRole). */
  tenantDb(tenantId: string, options?: TenantDbOptions): Promise<TenantDb>;
  /** The same TenantDb without waiting: credentials are fetched on its first request. */
  scopedTenantDb(tenantId: string, options?: TenantDbOptions): TenantDb;
  platformDb(): PlatformDb;
  operatorDb(): PlatformDb;
  /** The exact session policy text sent to STS for a tenant. */
  sessionPolicyText(tenantId: string): string;
}

export function tenancySettingsFromConfig(cfg: AppConfig = config()): TenancySettings {
  const operatorCredentials =
    cfg.ARBOR_OPERATOR_ACCESS_KEY_ID && cfg.ARBOR_OPERATOR_SECRET_ACCESS_KEY
      ? { accessKeyId: cfg.ARBOR_OPERATOR_ACCESS_KEY_ID, secretAccessKey: cfg.ARBOR_OPERATOR_SECRET_ACCESS_KEY }
      : undefined;
  return {
    region: cfg.AWS_REGION,
    tableName: cfg.ARBOR_TABLE,
    tenantRoleArn: cfg.ARBOR_TENANT_ROLE_ARN,
    dynamoDbEndpoint: cfg.ARBOR_DYNAMODB_ENDPOINT,
    stsEndpoint: cfg.ARBOR_STS_ENDPOINT,
    sessionSeconds: cfg.ARBOR_TENANT_SESSION_SECONDS,
    sessionScope: cfg.ARBOR_TENANT_SESSION_SCOPE,
    operatorCredentials,
  };
}

export function createTenancy(settings: TenancySettings): Tenancy {
  const tableArn = tableArnForRole(settings.tenantRoleArn, settings.region, settings.tableName);
  const sts =
    settings.vendor?.sts ??
    new STSClient({ region: settings.region, endpoint: settings.stsEndpoint, credentials: settings.platformCredentials, ...SDK_RETRY });
  const vendor = createCredentialVendor({
    durationSeconds: settings.sessionSeconds,
    ...settings.vendor,
    sts,
    roleArn: settings.tenantRoleArn,
    tableArn,
  });
  // Tenant clients share one connection pool; a client is cheap, its sockets are not.
  const requestHandler = {
    httpAgent: new HttpAgent({ keepAlive: true, maxSockets: 64 }),
    httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: 64 }),
  };
  const maxTenantClients = settings.maxTenantClients ?? 1000;
  const tenantClients = new Map<string, TenantDb>();

  const client = (credentials: DocumentClientOptions['credentials'], shared = false): DocumentClient =>
    createDocumentClient({
      region: settings.region,
      endpoint: settings.dynamoDbEndpoint,
      credentials,
      extra: shared ? { requestHandler } : undefined,
    });

  function scopedTenantDb(tenantId: string, options: TenantDbOptions = {}): TenantDb {
    assertTenantId(tenantId);
    const userId = settings.sessionScope === 'user' ? options.userId : undefined;
    const key = userId ? `${tenantId}\u0000${userId}` : tenantId;
    let db = tenantClients.get(key);
    if (db) {
      tenantClients.delete(key);
    } else {
      // The provider goes through the vendor's cache on every call the SDK makes, so refreshed
      // credentials reach this client without rebuilding it. (Evicted clients are not destroyed:
      // that would close the shared pool; they hold no sockets of their own.)
      db = { client: client(() => vendor.credentialsFor(tenantId, userId), true), tableName: settings.tableName, tenantId };
    }
    tenantClients.set(key, db);
    if (tenantClients.size > maxTenantClients) tenantClients.delete(tenantClients.keys().next().value as string);
    return db;
  }

  let platform: PlatformDb | undefined;
  let operator: PlatformDb | undefined;
  return {
    tableArn,
    vendor,
    scopedTenantDb,
    async tenantDb(tenantId, options) {
      const db = scopedTenantDb(tenantId, options);
      await vendor.credentialsFor(tenantId, settings.sessionScope === 'user' ? options?.userId : undefined);
      return db;
    },
    platformDb: () => (platform ??= { client: client(settings.platformCredentials), tableName: settings.tableName }),
    operatorDb: () => (operator ??= { client: client(settings.operatorCredentials), tableName: settings.tableName }),
    sessionPolicyText: (tenantId) => tenantSessionPolicyText({ tableArn, tenantId }),
  };
}

let instance: Tenancy | undefined;

/** The process-wide tenancy, configured from lib/config. */
export const tenancy = (): Tenancy => (instance ??= createTenancy(tenancySettingsFromConfig()));

export const tenantDb = (tenantId: string, options?: TenantDbOptions) => tenancy().tenantDb(tenantId, options);
export const scopedTenantDb = (tenantId: string, options?: TenantDbOptions) => tenancy().scopedTenantDb(tenantId, options);
export const platformDb = () => tenancy().platformDb();
export const operatorDb = () => tenancy().operatorDb();

export { parseRoleArn, tableArn, tableArnForRole, indexArn, indexesArn } from './arns';
export { policyText, type PolicyDocument, type PolicyStatement, type ConditionBlock } from './policy-document';
export {
  ITEM_ACTIONS, PLATFORM_KEY_PREFIXES, leadingKeysCondition,
  tenantAccessRolePolicy, runtimeRolePolicy, tenantRoleTrustPolicy, operatorPolicy,
} from './role-policies';
export { tenantSessionPolicy, tenantSessionPolicyText, assertTenantId, isValidTenantId, SESSION_POLICY_MAX_CHARS } from './session-policy';
export {
  createCredentialVendor, roleSessionName,
  type CredentialVendor, type CredentialVendorOptions, type TenantCredentials, type StsSender, type VendorStats, type IssuedCredentials,
} from './credentials';
