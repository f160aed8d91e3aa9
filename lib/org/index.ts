// The org tree (T2–T5, T11): units stored as materialized paths, read by id, children, subtree
// and breadcrumb; created, renamed, moved and deleted with optimistic locking; moves and
// deletes too large for one transaction run as journaled, resumable jobs.
export { MAX_DEPTH, DEFAULT_UNIT_LIMIT, validateUnitName, isWithin, pathIds, parentPathOf, type Unit, type UnitAdministrator } from './unit-item';
export { unitLabels, type UnitLabel } from './unit-labels';
export { CHILDREN_PAGE, SUBTREE_PAGE, type PageOptions } from './tree-pages';
export { getUnit, getUnitOrThrow } from './get-unit';
export { listChildren } from './list-children';
export { listSubtree } from './list-subtree';
export { loadTreeIndex, subtreePages, pathKey, type TreeIndex, type IndexedUnit } from './tree-index';
export { getBreadcrumb, getAncestors, type Crumb, type Ancestor } from './get-breadcrumb';
export { whoCanAdminister } from './who-can-administer';
export { countSubtree, type SubtreeCounts } from './count-subtree';
export { createUnit, type CreateUnitInput } from './create-unit';
export { siblingNameKey } from './sibling-name';
export { renameUnit, type RenameUnitInput } from './rename-unit';
export { moveUnit, type MoveUnitInput, type MoveResult } from './move-unit';
export { deleteUnit, type DeleteUnitInput, type DeleteResult } from './delete-unit';
export { guardTreePage, viewUnits } from './job-view';
export { getTreeJob, readTreeJob } from './jobs/get-tree-job';
export { resumeTreeJob, resumeTreeJobs, listUnfinishedTreeJobs, settleBackgroundJobs, nudgeTreeJob } from './jobs/resume-tree-jobs';
export { DEFAULT_LEASE_MS, type TreeJobOptions } from './jobs/run-tree-job';
export type { TreeJob, TreeJobKind, TreeJobStatus } from './jobs/job-item';
export type { JobProgress } from './jobs/job-journal';
