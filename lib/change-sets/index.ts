// Reorganizations as reviewed change sets: drafted (console, CSV, API), previewed with who gains
// and loses what, reviewed by both sides, applied now or at a set time with all-or-nothing
// guarantees, and reverted as a new set. See docs/reorganizations.md.
import 'server-only';
export { STATUSES, EDITABLE, type ChangeSet, type ChangeSetHeader, type ChangeSetStatus, type DraftedOperation, type Review, type UndoEntry } from './change-set-item';
export { toOperation, operationInput, type Operation, type OperationInput, type OperationKind } from './operations';
export { readChangeSet, listChangeSets } from './store';
export { createChangeSet, updateDetails, addOperations, appendOperations, dropOperation, reconfirmOperation, deleteChangeSet, MAX_OPERATIONS, type Drafter } from './drafts';
export { previewChangeSet, readLiveState, type Preview, type Conflict } from './preview';
export { reviewChangeSet, reviewerGrant } from './reviews';
export { applyChangeSet, resumeRun, readinessProblems, DEFAULT_RUN_LEASE_MS, type RunOptions } from './apply/run';
export { scheduleChangeSet, unscheduleChangeSet, runDueChangeSets } from './schedule';
export { revertChangeSet } from './revert';
export type { PersonImpact, AccessChange, MembershipLoss, Unmanaged } from './impact';
export type { TreeChanges, TreeRow, Mark } from './tree-changes';
export { PICTURE_LIMIT, type Pictures, type PictureSide, type PictureUnit } from './pictures';
export type { ApprovalState, ApprovalArea, Approver, SelfApproval } from './approvals';
export { toSetView, toSetDetail, type ChangeSetView, type ChangeSetDetail, type OperationView, type ReviewView } from './views';
export { authorizeOnSet, visibleTo, setPlace, currentAreas, type SetAction } from './standing';
export { operationsFromCsv, CHANGE_SET_CSV, type CsvRowError } from './csv-import';
