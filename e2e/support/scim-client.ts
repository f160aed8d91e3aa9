// A SCIM 2.0 client for the replay specs (scim-entra, scim-okta, scim-protocol): a tenant of its
// own with a directory token, made through the real domain code, and `scim(request, token)`,
// which sends what an IdP sends (Bearer token, a JSON body as text under the content type the
// IdP uses) to `/scim/v2` and hands back the status, headers and parsed JSON. The assertions
// every spec repeats (a SCIM response, a ListResponse, an RFC 7644 error) live here too.
import type { APIRequestContext } from '@playwright/test';
import { ulid } from 'ulid';
import { createScimToken } from '../../lib/scim';
import { operatorDb, platformDb, tenantDb } from '../../lib/tenancy';
import { createTenant, OPERATOR_ACTOR } from '../../lib/tenants';
import { expect } from './test';

export const SCIM_BASE = '/scim/v2';
export const SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  /** What Entra ID puts in every group it creates (not a SCIM schema; the server must not echo it). */
  entraGroup: 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group',
} as const;

export const SCIM_JSON = 'application/scim+json';
export const PLAIN_JSON = 'application/json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Resource = Record<string, any>;

export interface ScimTenant {
  tenantId: string;
  domain: string;
  run: string;
  token: string;
  /** An address on the tenant's domain, unique to this run: `${local}.${run}@${domain}`. */
  email: (local: string) => string;
}

/** A tenant of its own (owner only) and a SCIM token for it. `label` must be DNS-safe. */
export async function createScimTenant(label: string): Promise<ScimTenant> {
  const run = ulid().toLowerCase().slice(-8);
  const domain = `scim-${label}-${run}.test`;
  const created = await createTenant(operatorDb(), {
    name: `SCIM ${label} ${run}`,
    domain,
    owner: { email: `owner@${domain}`, name: 'Scim Owner' },
  });
  const { token } = await createScimToken(
    { tenant: await tenantDb(created.tenantId), platform: platformDb() },
    { label: 'e2e', actor: OPERATOR_ACTOR },
  );
  return { tenantId: created.tenantId, domain, run, token, email: (local) => `${local}.${run}@${domain}` };
}

export interface ScimAnswer {
  method: string;
  path: string;
  status: number;
  /** Lower-cased names, as Playwright gives them. */
  headers: Record<string, string>;
  text: string;
  /** The parsed JSON body, or undefined when there is none or it is not JSON. */
  body: Resource | undefined;
}

export interface SendOptions {
  /** The request's Content-Type (default: the client's, `application/scim+json` unless set). */
  contentType?: string;
  /** Replaces the Authorization header as is (`'non-token'`), or drops it (`null`). */
  authorization?: string | null;
  headers?: Record<string, string>;
}

/**
 * A SCIM client on Playwright's request context. `token` null sends no Authorization header.
 * Paths are relative to /scim/v2 and carry their query string as the IdP writes it; a body
 * given as a string is sent as is (malformed JSON), anything else as JSON text.
 */
export function scim(request: APIRequestContext, token: string | null, defaults: { contentType?: string } = {}) {
  async function send(method: string, path: string, body?: unknown, options: SendOptions = {}): Promise<ScimAnswer> {
    const headers: Record<string, string> = { accept: SCIM_JSON, ...options.headers };
    const authorization = options.authorization !== undefined ? options.authorization : token && `Bearer ${token}`;
    if (authorization) headers.authorization = authorization;
    let data: string | undefined;
    if (body !== undefined) {
      headers['content-type'] = options.contentType ?? defaults.contentType ?? SCIM_JSON;
      data = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const r = await request.fetch(`${SCIM_BASE}${path}`, { method, headers, data, failOnStatusCode: false, maxRedirects: 0 });
    const text = await r.text();
    let parsed: Resource | undefined;
    try {
      parsed = text ? (JSON.parse(text) as Resource) : undefined;
    } catch {
      parsed = undefined;
    }
    return { method, path, status: r.status(), headers: r.headers(), text, body: parsed };
  }
  return {
    send,
    get: (path: string, o?: SendOptions) => send('GET', path, undefined, o),
    post: (path: string, body: unknown, o?: SendOptions) => send('POST', path, body, o),
    put: (path: string, body: unknown, o?: SendOptions) => send('PUT', path, body, o),
    patch: (path: string, body: unknown, o?: SendOptions) => send('PATCH', path, body, o),
    delete: (path: string, o?: SendOptions) => send('DELETE', path, undefined, o),
  };
}

export type ScimClient = ReturnType<typeof scim>;

/** `?filter=…` with the expression percent-encoded (spaces as %20, quotes as %22). */
export const filter = (expression: string, extra = '') => `?filter=${encodeURIComponent(expression)}${extra}`;

/** A PatchOp message. */
export const patchOp = (...operations: Resource[]) => ({ schemas: [SCHEMA.patchOp], Operations: operations });

/** One line that says what was sent and what came back, for assertion messages. */
export const said = (a: ScimAnswer) => `${a.method} ${a.path} → ${a.status} ${a.text.slice(0, 400)}`;

/** The answer has one of the statuses and, when it has a body, is application/scim+json. */
export function expectStatus(a: ScimAnswer, ...statuses: number[]) {
  expect(statuses, said(a)).toContain(a.status);
  if (a.text) expect(a.headers['content-type'] ?? '', `content type of ${a.method} ${a.path}`).toMatch(/^application\/scim\+json\b/);
}

/** A ListResponse (RFC 7644 §3.4.2) with integer paging numbers; returns its Resources. */
export function expectList(a: ScimAnswer): Resource[] {
  expectStatus(a, 200);
  const body = a.body!;
  expect(body.schemas, said(a)).toEqual([SCHEMA.list]);
  for (const key of ['totalResults', 'startIndex', 'itemsPerPage']) expect(Number.isInteger(body[key]), `${key} is an integer: ${said(a)}`).toBe(true);
  expect(Array.isArray(body.Resources), `Resources is an array: ${said(a)}`).toBe(true);
  expect(body.itemsPerPage, said(a)).toBe(body.Resources.length);
  return body.Resources as Resource[];
}

/** The ids a list answer holds, in order. */
export const idsOf = (a: ScimAnswer) => expectList(a).map((r) => r.id as string);

/**
 * An RFC 7644 §3.12 error: the status, the Error schema, `status` as a string, a readable
 * detail, the scimType when one is named (any of several when the RFC allows more than one),
 * and nothing of the server's insides.
 */
export function expectScimError(a: ScimAnswer, status: number, scimType?: string | string[]) {
  expectStatus(a, status);
  expect(a.body?.schemas, said(a)).toEqual([SCHEMA.error]);
  expect(a.body?.status, `status is the string "${status}": ${said(a)}`).toBe(String(status));
  if (scimType !== undefined) expect([scimType].flat(), `scimType: ${said(a)}`).toContain(a.body?.scimType);
  expect(a.text, 'no stack trace or internals in the error').not.toMatch(/\n\s+at [\w.<>]+ \(|node_modules|ValidationException/);
}

/** Any refusal: 4xx, never 5xx, with the SCIM error shape. */
export function expectRefused(a: ScimAnswer) {
  expect(a.status, said(a)).toBeGreaterThanOrEqual(400);
  expect(a.status, said(a)).toBeLessThan(500);
  expectScimError(a, a.status);
}

/** Every user (or group) the token sees, read page by page (100 a page) and sorted by id. */
export async function everything(client: ScimClient, endpoint: '/Users' | '/Groups'): Promise<Resource[]> {
  const all: Resource[] = [];
  for (let start = 1; ; ) {
    const a = await client.get(`${endpoint}?startIndex=${start}&count=100`);
    const page = expectList(a);
    all.push(...page);
    start += page.length;
    if (page.length === 0 || start > a.body!.totalResults) break;
  }
  return all.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

/** A user body in the shape Okta's SCIM 2.0 SPEC test posts (userName, name, work email, active). */
export function oktaUser(userName: string, givenName: string, familyName: string, email = userName): Resource {
  return {
    schemas: [SCHEMA.user],
    userName,
    name: { givenName, familyName },
    emails: [{ primary: true, value: email, type: 'work' }],
    displayName: `${givenName} ${familyName}`,
    active: true,
  };
}

/** Creates a user and returns it (asserting 201 and an id). */
export async function createUser(client: ScimClient, body: Resource, options?: SendOptions): Promise<Resource> {
  const a = await client.post('/Users', body, options);
  expectStatus(a, 201);
  expect(typeof a.body?.id, said(a)).toBe('string');
  return a.body!;
}

/** Reads one resource, asserting 200. */
export async function read(client: ScimClient, path: string): Promise<Resource> {
  const a = await client.get(path);
  expectStatus(a, 200);
  return a.body!;
}

/** The member ids of a group, sorted. */
export const memberIds = (group: Resource) => ((group.members ?? []) as Resource[]).map((m) => m.value as string).sort();
