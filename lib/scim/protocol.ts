// The SCIM 2.0 wire format (RFC 7643/7644) through SCIMMY: the User (with the
// enterprise extension) and Group schemas that validate input and shape output, the discovery
// documents, ListResponse and the error message. Arbor stores and queries the resources itself
// (./users.ts, ./groups.ts); SCIMMY only reads and writes JSON here.
import 'server-only';
import { log } from '../observability';
import SCIMMY from 'scimmy';
import { config } from '../config';
import { ArborError } from '../errors';
import { STATUS } from '../errors/http';
import { ScimError } from './protocol-errors';
import { databaseBusy } from '../errors/errors';
import { isTransientAwsError } from '../errors/aws-failures';

const SCIM_CONTENT_TYPE = 'application/scim+json';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
/** Page size when a client asks for none, and the most one page holds. */
export const DEFAULT_COUNT = 100;
export const MAX_COUNT = 100;

let declared = false;

/** SCIMMY's resources, declared once per process with the endpoint's absolute base URL. */
export function scimmy(): typeof SCIMMY {
  if (declared) return SCIMMY;
  const base = scimBaseUrl();
  SCIMMY.Resources.declare(SCIMMY.Resources.User).extend(SCIMMY.Schemas.EnterpriseUser, false);
  SCIMMY.Resources.declare(SCIMMY.Resources.Group);
  for (const r of [SCIMMY.Resources.User, SCIMMY.Resources.Group, SCIMMY.Resources.Schema, SCIMMY.Resources.ResourceType, SCIMMY.Resources.ServiceProviderConfig]) {
    r.basepath(base);
  }
  SCIMMY.Config.set({
    documentationUri: `${config().ARBOR_APP_URL.replace(/\/$/, '')}/settings/directory`,
    patch: true,
    filter: { supported: true, maxResults: MAX_COUNT },
    etag: true,
    bulk: false,
    sort: false,
    changePassword: false,
    authenticationSchemes: [
      { type: 'oauthbearertoken', name: 'Bearer token', description: "A directory token of one organization, created in Arbor's Settings → Directory sync." },
    ],
  });
  declared = true;
  return SCIMMY;
}

export const scimBaseUrl = () => `${config().ARBOR_APP_URL.replace(/\/$/, '')}/scim/v2`;

export function scimJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': `${SCIM_CONTENT_TYPE}; charset=utf-8`, 'Cache-Control': 'no-store', ...headers },
  });
}

const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** Any thrown value as the RFC's error message; unknown errors are logged and never described. */
export function scimErrorResponse(e: unknown): Response {
  const { status, detail, scimType } = describeError(e);
  const body = { schemas: [ERROR_SCHEMA], status: String(status), ...(scimType ? { scimType } : {}), detail };
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer realm="scim"' } : status === 503 ? { 'Retry-After': '2' } : {};
  return scimJson(body, status, headers);
}

function describeError(e: unknown): { status: number; detail: string; scimType?: string } {
  if (e instanceof ScimError) return { status: e.status, detail: e.message, scimType: e.scimType };
  // SCIMMY's own (schema coercion, PatchOp): already RFC-shaped.
  if (e instanceof SCIMMY.Types.Error) {
    const err = e as unknown as { status: number; scimType?: string; message: string };
    return { status: err.status, detail: err.message, scimType: err.scimType };
  }
  // SCIMMY's schema coercion throws TypeError for a value of the wrong type or shape.
  if (e instanceof TypeError && /expected|attribute|schema/i.test(e.message)) return { status: 400, detail: e.message, scimType: 'invalidValue' };
  if (e instanceof ArborError) {
    const status = STATUS[e.kind];
    return { status, detail: e.message, ...(e.kind === 'invalid' ? { scimType: 'invalidValue' } : {}) };
  }
  // AWS still refusing after every retry: the IdP sends it again later (RFC 7644 §3.12: 503).
  if (isTransientAwsError(e)) return describeError(databaseBusy(e));
  log.error({ err: e }, 'scim: unexpected error');
  return { status: 500, detail: 'Something went wrong on our side. Please try again.' };
}
