// /settings/directory: directory sync (SCIM) as owners and admins set it up and watch it — the
// endpoint's URL, the tokens (tenant listing + last use from the platform items), the saved
// provider and rules with their version, the status (last sync, counts, recent errors), the
// directory's groups and names for the units the rules point at. Everything here is
// `sso.manage`: the company's identity-provider connections.
import 'server-only';
import type { AuditActor } from '../db';
import { pathIds, unitLabels } from '../org';
import {
  getDirectoryConfig, listDirectoryErrors, listDirectoryGroups, listScimTokens, MAX_TOKENS, scimBaseUrl,
  type DirectoryConfig, type DirectoryErrorEntry, type DirectoryRules, type DirectoryScope, type DirectoryToken,
} from '../scim';
import { readRoleCatalogue } from '../roles';
import { platformDb } from '../tenancy';
import { getTenantSettings } from '../tenants';
import type { UnitOption } from './members';
import type { ScreenContext } from './screen-context';

export interface DirectoryTokenView {
  tokenId: string;
  label: string;
  /** The secret's last 4 characters. */
  hint: string;
  createdAt: string;
  /** Who made it, by name (or email). */
  createdBy: string;
  lastUsedAt?: string;
}

export interface DirectoryGroupView {
  groupId: string;
  displayName: string;
  memberCount: number;
}

export interface DirectoryScreenView {
  /** Where the IdP sends SCIM requests (its "Tenant URL" / "SCIM connector base URL"). */
  baseUrl: string;
  tokens: DirectoryTokenView[];
  maxTokens: number;
  config: DirectoryConfig;
  errors: DirectoryErrorEntry[];
  groups: DirectoryGroupView[];
  /** The organization's custom roles (Settings → Roles), by name, for group mappings. */
  customRoles: { key: string; name: string }[];
  /** The organization's top unit: where path rules start unless told otherwise. */
  root: UnitOption;
  /** The units the saved rules name, for the pickers (deleted ones are absent). */
  units: Record<string, UnitOption>;
  /** Server time the view was made at (relative times render the same on server and client). */
  now: string;
}

/** The tenant's credentials for its listing, the platform's for the bearer-token items. */
export const directoryScope = (ctx: ScreenContext): DirectoryScope => ({ tenant: ctx.db, platform: platformDb() });

const actorName = (a: AuditActor) => a.name || a.email;

export const toTokenView = (t: DirectoryToken): DirectoryTokenView => ({
  tokenId: t.tokenId, label: t.label, hint: t.hint, createdAt: t.createdAt, createdBy: actorName(t.createdBy),
  ...(t.lastUsedAt ? { lastUsedAt: t.lastUsedAt } : {}),
});

/** The tokens as the screen lists them. */
export async function listDirectoryTokens(ctx: ScreenContext): Promise<DirectoryTokenView[]> {
  ctx.authorize('sso.manage', {});
  return (await listScimTokens(directoryScope(ctx))).map(toTokenView);
}

const unitIdsOf = (rules: DirectoryRules) =>
  [...rules.groups.map((g) => g.unitId), rules.departments?.parentUnitId, rules.groupNames?.parentUnitId].filter((id): id is string => Boolean(id));

/** Units by id as the pickers show them: name and the names above it (two BatchGetItems). */
async function unitOptions(ctx: ScreenContext, ids: string[]): Promise<Record<string, UnitOption>> {
  const labels = await unitLabels(ctx.db, ids);
  const above = await unitLabels(ctx.db, [...labels.values()].flatMap((l) => pathIds(l.path).slice(0, -1)));
  return Object.fromEntries(
    [...labels].map(([id, l]) => [
      id,
      { id, name: l.name, parents: pathIds(l.path).slice(0, -1).map((p) => above.get(p)?.name ?? '…'), addRoles: [], inviteRoles: [] },
    ]),
  );
}

/** Everything the screen shows, read in parallel. */
export async function loadDirectoryScreen(ctx: ScreenContext): Promise<DirectoryScreenView> {
  ctx.authorize('sso.manage', {});
  const [tokens, config, errors, groups, settings, catalogue] = await Promise.all([
    listScimTokens(directoryScope(ctx)),
    getDirectoryConfig(ctx.db),
    listDirectoryErrors(ctx.db),
    listDirectoryGroups(ctx.db),
    getTenantSettings(ctx.db),
    readRoleCatalogue(ctx.db),
  ]);
  const units = await unitOptions(ctx, unitIdsOf(config.rules));
  return {
    baseUrl: scimBaseUrl(),
    tokens: tokens.map(toTokenView),
    maxTokens: MAX_TOKENS,
    config,
    errors,
    groups: groups.map((g) => ({ groupId: g.groupId, displayName: g.displayName, memberCount: g.memberCount })),
    customRoles: Object.values(catalogue.roles).map((r) => ({ key: r.key, name: r.name })).sort((a, b) => a.name.localeCompare(b.name)),
    root: { id: settings.rootUnitId, name: settings.name, parents: [], addRoles: [], inviteRoles: [] },
    units,
    now: new Date().toISOString(),
  };
}
