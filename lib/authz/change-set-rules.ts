// The rules of change sets (docs/authorization.md, "Change sets"). A set's place is its author
// and the units its operations touch as they stand now. Seeing it and working on its operations
// follow the tree: its author, the owners and admins, and whoever manages a touched unit or one
// above it. The set itself (its name, its existence, when it runs) belongs to its author and the
// owners and admins. Each operation is decided on its own as the change it makes
// (lib/change-sets drafts.ts), so nobody changes an operation they could not have drafted.
import type { Action, ChangeSetRef, PlaceOf } from './actions';
import { covers, isManager, isTenantWide, type ActorAccess, type Grant } from './grants';
import type { Denial, Rule } from './rules';

type SetAction = Exclude<Extract<Action, `changeSet.${string}`>, 'changeSet.draft'>;

const wrote = (set: ChangeSetRef, access: ActorAccess) => set.authorId === access.userId;
/** A manager of a unit the set touches, or of one above it. */
const managesArea = (g: Grant, set: ChangeSetRef) => isManager(g) && set.areas.some((a) => covers(g, a.path));
/** The author, while they still manage a unit (what drafting needs). */
const authorManaging = (g: Grant, set: ChangeSetRef, access: ActorAccess) => wrote(set, access) && isManager(g);

const notManager = (message: string): Denial => ({ reason: 'notManager', message });

/** Work on the operations (change, revert): the author, owners and admins, managers of a touched unit. */
function operationsRule(purpose: string, area: string): Rule<SetAction> {
  return {
    grants: (g, { set }, access) => isTenantWide(g) || authorManaging(g, set, access) || managesArea(g, set),
    deny: ({ set }, access) =>
      notManager(wrote(set, access) ? `You need to manage a unit to ${purpose}.` : `You need to manage a part of the tree this change set ${area} to ${purpose}.`),
  };
}

/** The set itself: its author (still managing a unit) and the owners and admins. */
function authorsRule(purpose: string): Rule<SetAction> {
  return {
    grants: (g, { set }, access) => isTenantWide(g) || authorManaging(g, set, access),
    deny: ({ set }, access) =>
      wrote(set, access)
        ? notManager(`You need to manage a unit to ${purpose}.`)
        : { reason: 'notAuthor', message: `Only the person who wrote this change set, and the organization's owners and admins, can ${purpose}.` },
  };
}

export const CHANGE_SET_RULES: { [A in Extract<Action, `changeSet.${string}`>]: Rule<A> } = {
  'changeSet.read': {
    grants: (g, { set }, access) => isTenantWide(g) || wrote(set, access) || managesArea(g, set),
    deny: () => ({ reason: 'notVisible', message: 'You can see a change set only if you wrote it or manage a part of the tree it changes.' }),
  },
  'changeSet.draft': {
    grants: (g) => isTenantWide(g) || isManager(g),
    deny: () => notManager('You need to manage a unit to draft a change set.'),
  },
  'changeSet.change': operationsRule("change this change set's operations", 'changes'),
  'changeSet.update': authorsRule('rename this change set'),
  'changeSet.delete': authorsRule('delete this change set'),
  'changeSet.review': {
    grants: (g, { set }) => isTenantWide(g) || managesArea(g, set),
    deny: () => notManager("You don't administer any part of the tree this change set touches, so your review would not count."),
  },
  'changeSet.apply': authorsRule('apply this change set or change its schedule'),
  'changeSet.revert': operationsRule('revert this change set', 'changed'),
};

/** The touched unit a change-set decision stands on: the first the granting membership reaches. */
export const areaDecidedOn = (grant: Grant, place: unknown) =>
  (place as Partial<PlaceOf<'changeSet.read'>>).set?.areas.find((a) => covers(grant, a.path));
