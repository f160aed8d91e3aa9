// What one person's approval does on a change set, from the preview's approvals: the areas it
// covers, the areas they administer where it would not count (four eyes), and what still waits
// and for whom. Pure, so the console's screens and dialogs say the same thing.
import type { ApprovalArea, ApprovalState } from './approvals';

export interface ApprovalCoverage {
  /** Areas where this person's approval counts. */
  covers: ApprovalArea[];
  /** Areas they administer as the set's author where theirs does not count (someone else must). */
  notCounted: ApprovalArea[];
  /** Areas not approved yet. */
  remaining: ApprovalArea[];
}

export function approvalCoverage(state: ApprovalState, userId: string, authorId: string): ApprovalCoverage {
  return {
    covers: state.areas.filter((a) => a.approvers.some((p) => p.userId === userId)),
    notCounted: userId === authorId ? state.areas.filter((a) => a.author === 'fourEyes') : [],
    remaining: state.areas.filter((a) => !a.approvedBy),
  };
}

const and = new Intl.ListFormat('en', { type: 'conjunction' });
const or = new Intl.ListFormat('en', { type: 'disjunction' });

/** "Ops, Sales, and Field". */
export const namesOf = (areas: Pick<ApprovalArea, 'unitName'>[]): string => and.format(areas.map((a) => a.unitName));

/** Who may approve an area, in words: "Sam Manager or Ada Admin" (but `except`). */
export function approverNames(area: Pick<ApprovalArea, 'approvers'>, except?: string): string {
  // An area outside the viewer's view comes without its approvers (./viewer-parts.ts).
  if (area.approvers.length === 0) return 'someone who administers it';
  const names = area.approvers.filter((p) => p.userId !== except).map((p) => p.name || p.email);
  return names.length ? or.format(names) : 'nobody else';
}
