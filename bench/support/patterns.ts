// Names the access pattern (docs/data-model.md) of a read request from its key shape (see
// meter.ts keyShape), so per-screen tables say "T3 children" rather than an index and a key.
const PATTERNS: [RegExp, string][] = [
  [/^QueryCommand T#·#USER#·$/, 'T8 memberships'],
  [/^QueryCommand GSI4 USER#·$/, 'P2 tenants of a user'],
  [/^BatchGetItemCommand TENANT#·\/TENANT$/, 'P2 tenant names'],
  [/^GetItemCommand T#·\/TENANT$/, 'T1 tenant settings'],
  [/^GetItemCommand T#·#U#·\/UNIT$/, 'T2 unit'],
  [/^BatchGetItemCommand T#·#U#·\/UNIT$/, 'T5 units by id'],
  [/^BatchGetItemCommand T#·#JOB#·\/JOB$/, 'tree jobs'],
  [/^QueryCommand GSI2 T#·#CHILDREN#·$/, 'T3 children'],
  [/^QueryCommand GSI1 T#·#TREE$/, 'T4 subtree'],
  [/^QueryCommand T#·#U#·$/, 'T6 unit members'],
  [/^QueryCommand GSI1 T#·#MTREE$/, 'T7 subtree members'],
  [/^QueryCommand T#·#AUDIT$/, 'T14 tenant audit'],
  [/^QueryCommand GSI1 T#·#AUDIT#·$/, 'T14 unit audit'],
  [/^QueryCommand GSI2 T#·#EMAILS$/, 'member list (GSI2 emails)'],
  [/^QueryCommand GSI3 T#·#NAMES$/, 'T10 names'],
  [/^QueryCommand GSI1 T#·#INVITES$/, 'T13 invitations'],
  [/^QueryCommand GSI1 T#·#JOBS$/, 'unfinished tree jobs'],
];

export function patternOf(shape: string): string {
  return PATTERNS.find(([re]) => re.test(shape))?.[1] ?? shape;
}
