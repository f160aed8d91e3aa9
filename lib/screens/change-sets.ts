// /reorganizations and /reorganizations/[setId]: the change sets the actor may see, and one set
// with its preview, the actor's standing on it and the live tree to plan on. Later reads (after
// an edit, while applying) go through GET /api/v1/change-sets/**.
import 'server-only';
import {
  authorizeOnSet, listChangeSets, previewChangeSet, readChangeSet, toSetDetail, toSetView, visibleTo,
  type ChangeSetDetail, type ChangeSetView, type Preview, type SetAction,
} from '../change-sets';
import { changeSetNotFound } from '../change-sets/errors';
import { can } from '../authz';
import { getTenantSettings } from '../tenants';
import { ULID } from '../validation/ids';
import type { ScreenContext } from './screen-context';
import { loadTree, type TreeData } from './tree';

export interface ChangeSetsScreen {
  sets: ChangeSetView[];
  nextCursor?: string;
  /** The actor administers a unit somewhere, so may start a set. */
  canCreate: boolean;
  now: string;
}

/** The list: one GSI1 Query page, filtered to the sets the actor may see. */
export async function loadChangeSets(ctx: ScreenContext, cursor?: string): Promise<ChangeSetsScreen> {
  ctx.authorize('tenant.read', {});
  const page = await listChangeSets(ctx.db, { cursor });
  return {
    sets: page.items.filter((h) => visibleTo(ctx.actor, h)).map((header) => toSetView({ header })),
    ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
    canCreate: can(ctx.actor, 'changeSet.draft', {}),
    now: new Date().toISOString(),
  };
}

/** What the viewer may do on the set (lib/authz `changeSet.*`); the API decides again on every call. */
export interface ChangeSetStanding {
  userId: string;
  /** Its author, or someone administering a part of the tree it touches: may work on its operations (each as they could draft it). */
  canChange: boolean;
  /** Its author or an owner or admin: may rename or delete it. */
  canEditDetails: boolean;
  /** Its author or an owner or admin: may apply it, schedule it or take it off the schedule. */
  canApply: boolean;
  /** May draft its inverse. */
  canRevert: boolean;
  /** Administers a part of the tree it touches (or is an owner or admin): may approve or reject. */
  canReview: boolean;
}

/** The organization's setting `ownersApproveOwnChangeSets`, shown beside the approvals. */
export interface ApprovalSettingView {
  on: boolean;
  /** The settings' version, sent back with a change. */
  version: number;
  /** Owners and admins (tenant.settings.update). */
  canEdit: boolean;
}

export interface ChangeSetScreen {
  set: ChangeSetDetail;
  preview: Preview;
  tree: TreeData;
  standing: ChangeSetStanding;
  approvalSetting: ApprovalSettingView;
  now: string;
}

/** What a set's screen asks beyond reading it: which of its buttons to show. */
type ChangingAction = Exclude<SetAction, 'changeSet.read'>;

/**
 * One set: its partition (one Query) and the units it touches as they stand (one BatchGetItem, to
 * decide on), then in parallel its preview (T1, the top unit, T4 pages,
 * the memberships and people named, a T7 Query per deleted unit), the planning tree (loadTree)
 * and the approval setting (T1).
 */
export async function loadChangeSetScreen(ctx: ScreenContext, setId: string): Promise<ChangeSetScreen> {
  if (!ULID.test(setId)) throw changeSetNotFound();
  const set = await readChangeSet(ctx.db, setId);
  const place = await authorizeOnSet(ctx.db, ctx.actor, ctx.authorize, set.header, 'changeSet.read');
  const may = (action: ChangingAction) => can(ctx.actor, action, place);
  const [preview, tree, settings] = await Promise.all([previewChangeSet(ctx.db, set, undefined, ctx.actor), loadTree(ctx), getTenantSettings(ctx.db)]);
  return {
    set: toSetDetail(set, ctx.actor),
    preview,
    tree,
    standing: {
      userId: ctx.actor.userId,
      canChange: may('changeSet.change'),
      canEditDetails: may('changeSet.update'),
      canApply: may('changeSet.apply'),
      canRevert: may('changeSet.revert'),
      canReview: may('changeSet.review'),
    },
    approvalSetting: { on: settings.ownersApproveOwnChangeSets, version: settings.version, canEdit: can(ctx.actor, 'tenant.settings.update', {}) },
    now: new Date().toISOString(),
  };
}
