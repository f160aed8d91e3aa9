// What an import preview says about each row, and the writes it plans. Plain data: the preview
// goes to the browser, which sends the planned writes back in chunks to be applied.
import type { Role } from '../members/membership-items';

export type RowStatus = 'create' | 'add' | 'skip' | 'error';

export interface PreviewRow {
  line: number;
  /** What the row is about, as the person wrote it ("Engineering/Cloud", "ada@x.com → Cloud"). */
  label: string;
  status: RowStatus;
  /** Why: the error, why it is skipped, or what will happen. */
  message: string;
}

/** Create a unit named `name` under an existing unit or under the unit another line creates. */
export interface UnitOp {
  line: number;
  name: string;
  parentId?: string;
  parentLine?: number;
}

/** Add `email` to an existing unit with a role; `name` for someone not in the organization yet. */
export interface MembershipOp {
  line: number;
  unitId: string;
  email: string;
  name?: string;
  role: Role;
  /** Custom role keys given beside `role` (the `custom_roles` column). */
  roles?: string[];
  /** The manager's email (the `manager` column): only on a `lineOnly` op. */
  manager?: string;
  /**
   * Sets the person's manager, no membership: planned after every membership of the file, so a
   * manager the file adds is there by the time their reports' lines are set.
   */
  lineOnly?: true;
}

export interface ImportPlan<Op> {
  rows: PreviewRow[];
  ops: Op[];
}
