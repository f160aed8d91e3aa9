// Page sizes of the tree listings (docs/data-model.md): T3 children, T4 subtree.
export const CHILDREN_PAGE = { default: 50, max: 100 } as const;
export const SUBTREE_PAGE = { default: 200, max: 1000 } as const;

export interface PageOptions {
  limit?: number;
  /** The `nextCursor` of the previous page, as given. */
  cursor?: string;
}
