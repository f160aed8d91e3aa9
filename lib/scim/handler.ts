// The SCIM 2.0 endpoint (/scim/v2/…), as one function of a Request: the bearer token
// names the tenant (P5, platform credentials), and everything after runs with that tenant's
// scoped credentials, so a token can reach nothing of another tenant: another tenant's ids are
// simply not found (404). Answers are `application/scim+json`; every failure is the RFC's error
// message, and a failed request changes nothing it had not already committed whole. A write's
// success carries the `Arbor-Consistency-Token` header.
import 'server-only';
import { withWriteToken } from '../db';
import { noteActor, noteRoute, withRequestLog } from '../observability';
import { platformDb, tenantDb } from '../tenancy';
import { excludes, selectionOf } from './attribute-selection';
import { directoryActor, noteSync, readSyncSettings, recordDirectoryError, rulesGuard } from './directory-config';
import { createDirectoryGroup, deleteDirectoryGroup, groupResource, patchDirectoryGroup, readGroupOrThrow, replaceDirectoryGroup } from './groups';
import { listGroups, listUsers } from './list-resources';
import type { SyncContext } from './place-people';
import { scimErrorResponse, scimJson, scimmy } from './protocol';
import { badSyntax, methodNotAllowed, notFound, tooLarge, unauthorized } from './protocol-errors';
import { authenticateScimToken } from './tokens';
import { deleteDirectoryUser } from './delete-user';
import { createDirectoryUser, namedGroups, patchDirectoryUser, readUserOrThrow, replaceDirectoryUser } from './users';
import { userResource } from './user-resource';
import { isNotModified, weakEtag } from './preconditions';

const MAX_BODY_BYTES = 2 * 1024 * 1024;

/** The resources the endpoint serves: anything else is logged as `{other}`, never as sent. */
const RESOURCES = new Set(['serviceproviderconfig', 'resourcetypes', 'schemas', 'users', 'groups']);

/** One SCIM request, with its access line (lib/observability). */
export const handleScimRequest = (request: Request, segments: string[]): Promise<Response> =>
  withRequestLog((r: Request) => answerScimRequest(r, segments))(request);

async function answerScimRequest(request: Request, segments: string[]): Promise<Response> {
  const method = request.method.toUpperCase();
  const url = new URL(request.url);
  const label = `${method} /${segments.join('/')}`.slice(0, 200);
  let ctx: SyncContext | undefined;
  const [resource, id] = segments;
  const known = resource && RESOURCES.has(resource.toLowerCase()) ? resource : resource ? '{other}' : '';
  noteRoute(`/scim/v2/${known}${id ? '/{id}' : ''}${segments.length > 2 ? '/…' : ''}`);
  try {
    const bearer = request.headers.get('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
    const holder = await authenticateScimToken(platformDb(), bearer);
    if (!holder) throw unauthorized();
    noteActor({ tenantId: holder.tenantId, actorId: holder.tokenId, actorType: 'directory' });
    const db = await tenantDb(holder.tenantId);
    const { config, rootUnitId } = await readSyncSettings(db);
    ctx = { db: { ...db, guards: rulesGuard(db, config) }, config, actor: directoryActor(config), rootUnitId, units: new Map(), createUnits: true };
    void noteSync(db, config);
    const response = await route(ctx, method, segments, url.searchParams, request);
    // A write's success answers its consistency token, as the API's writes do (docs/api.md).
    return method === 'GET' ? response : withWriteToken(response);
  } catch (e) {
    const response = scimErrorResponse(e);
    if (ctx && response.status >= 400 && !(response.status === 404 && method === 'GET')) {
      const body = (await response.clone().json().catch(() => ({}))) as { detail?: string };
      await recordDirectoryError(ctx.db, { request: label, status: response.status, detail: body.detail ?? '' });
    }
    return response;
  }
}

async function route(ctx: SyncContext, method: string, segments: string[], params: URLSearchParams, request: Request): Promise<Response> {
  const [resource, id, ...rest] = segments;
  if (rest.length > 0 || !resource) throw notFound();
  const select = selectionOf(params);
  const ifMatch = request.headers.get('if-match');
  const SCIMMY = scimmy();
  switch (resource.toLowerCase()) {
    case 'serviceproviderconfig':
      if (method !== 'GET' || id) throw methodNotAllowed();
      return scimJson(await new SCIMMY.Resources.ServiceProviderConfig().read());
    case 'resourcetypes':
      if (method !== 'GET') throw methodNotAllowed();
      return scimJson(await discovery(() => new SCIMMY.Resources.ResourceType(id).read()));
    case 'schemas':
      if (method !== 'GET') throw methodNotAllowed();
      return scimJson(await discovery(() => new SCIMMY.Resources.Schema(id).read()));
    case 'users':
      return users(ctx, method, id, params, select, ifMatch, request);
    case 'groups':
      return groups(ctx, method, id, params, select, ifMatch, request);
    default:
      throw notFound();
  }
}

async function discovery(read: () => Promise<unknown>) {
  try {
    const out = (await read()) as { Resources?: unknown[]; itemsPerPage?: number };
    // SCIMMY reports its default page size; the RFC's itemsPerPage is what the page holds.
    if (Array.isArray(out.Resources)) out.itemsPerPage = out.Resources.length;
    return out;
  } catch {
    throw notFound();
  }
}

const withEtag = (body: Record<string, unknown>, status = 200) => {
  const version = (body.meta as { version?: string } | undefined)?.version;
  return scimJson(body, status, {
    ...(version ? { ETag: version } : {}),
    ...(status === 201 && body.meta ? { Location: String((body.meta as { location?: string }).location) } : {}),
  });
};

/** 304 (RFC 9110 §15.4.5): no body, the ETag the client already holds. */
const notModified = (version: number) => new Response(null, { status: 304, headers: { ETag: weakEtag(version), 'Cache-Control': 'no-store' } });

async function users(ctx: SyncContext, method: string, id: string | undefined, params: URLSearchParams, select: ReturnType<typeof selectionOf>, ifMatch: string | null, request: Request) {
  if (!id) {
    if (method === 'GET') return scimJson(await listUsers(ctx, { ...select, filter: params.get('filter') ?? undefined, startIndex: params.get('startIndex') ?? undefined, count: params.get('count') ?? undefined }));
    if (method === 'POST') {
      const user = await createDirectoryUser(ctx, platformDb(), await readBody(request));
      return withEtag(userResource(user, [], select), 201);
    }
    throw methodNotAllowed();
  }
  switch (method) {
    case 'GET': {
      const { user, groupIds } = await readUserOrThrow(ctx, id);
      if (isNotModified(request.headers.get('if-none-match'), user.version)) return notModified(user.version);
      return withEtag(userResource(user, await namedGroups(ctx, groupIds), select));
    }
    case 'PUT':
      return withEtag(userResource(await replaceDirectoryUser(ctx, id, await readBody(request), ifMatch), undefined, select));
    case 'PATCH':
      return withEtag(userResource(await patchDirectoryUser(ctx, id, await readBody(request), ifMatch), undefined, select));
    case 'DELETE':
      await deleteDirectoryUser(ctx, id, ifMatch);
      return scimJson(null, 204);
    default:
      throw methodNotAllowed();
  }
}

async function groups(ctx: SyncContext, method: string, id: string | undefined, params: URLSearchParams, select: ReturnType<typeof selectionOf>, ifMatch: string | null, request: Request) {
  if (!id) {
    if (method === 'GET') return scimJson(await listGroups(ctx, { ...select, filter: params.get('filter') ?? undefined, startIndex: params.get('startIndex') ?? undefined, count: params.get('count') ?? undefined }));
    if (method === 'POST') {
      const { group, members } = await createDirectoryGroup(ctx, await readBody(request));
      return withEtag(groupResource(group, members, select), 201);
    }
    throw methodNotAllowed();
  }
  switch (method) {
    case 'GET': {
      const { group, members } = await readGroupOrThrow(ctx, id, !excludes(select, 'members'));
      if (isNotModified(request.headers.get('if-none-match'), group.version)) return notModified(group.version);
      return withEtag(groupResource(group, members, select));
    }
    case 'PUT': {
      const { group, members } = await replaceDirectoryGroup(ctx, id, await readBody(request), ifMatch);
      return withEtag(groupResource(group, members, select));
    }
    case 'PATCH': {
      const group = await patchDirectoryGroup(ctx, id, await readBody(request), ifMatch);
      // Entra and Okta need no body back; 204 spares reading a large group's members again.
      return scimJson(null, 204, { ETag: weakEtag(group.version) });
    }
    case 'DELETE':
      await deleteDirectoryGroup(ctx, id, ifMatch);
      return scimJson(null, 204);
    default:
      throw methodNotAllowed();
  }
}


/** The JSON body, whichever JSON media type it came with (Okta sends application/json). */
async function readBody(request: Request): Promise<unknown> {
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_BODY_BYTES) throw tooLarge('2 MB');
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw tooLarge('2 MB');
  try {
    return JSON.parse(text);
  } catch {
    throw badSyntax('The body is not valid JSON.');
  }
}
