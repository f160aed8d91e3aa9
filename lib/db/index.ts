// Data access entry: the table shape, the key builder, client construction, read and write helpers.
// The only module that writes: everything else holds a read-only client (context.ts ReadClient).
export { keys, sortKeys, tenantPrefix, tenantChildPrefix, isTenantPartition, tenantLeadingKeyPatterns, TENANT_KEY_PREFIX, PLATFORM_KEY_PREFIXES, type Key } from './keys';
export { rootPath, childPath, pathIds, parentPathOf, depthOf, isWithin, MAX_DEPTH, UNIT_PATH } from './keys';
export { INDEX, TTL_ATTRIBUTE, tableDefinition } from './table';
export { createDocumentClient, type DocumentClient, type DocumentClientOptions } from './client';
export {
  transactWrite, confirmDecision, cancellationReasons, isConditionFailure, MAX_TRANSACTION_ITEMS, GUARD_ITEMS,
  type TransactItem, type FailedCondition,
} from './transactions';
export { actorIdentity, holdingLocks, type TenantDb, type PlatformDb, type AuditActor, type ReadClient } from './context';
export { putItem, updateItem, deleteItem, written, type WriteDb, type WriteOutcome, type PutInput, type UpdateInput, type DeleteInput } from './writes';
export { putAll, deleteAll, BATCH_WRITE_ITEMS, type BatchOptions } from './batch-writes';
export { encodeCursor, decodeCursor, pageSize, type Page } from './cursor';
export { getItem, batchGet, queryAll, queryCount } from './reads';
export { queryPage } from './query-page';
export { withoutGuards, type WriteFact, type WriteGuards } from './write-guards';
export { transaction } from './transaction';
export { itemParser, storedActor, StoredItemError } from './item-schema';
export { isWriteCommand } from './write-commands';
export { CONSISTENCY_TOKEN_HEADER, CLOCK_SKEW_MS, MAX_TOKEN_CHARS, consistencyTokenTime, issueConsistencyToken, sawToken } from './consistency-token';
export { withWriteToken } from './write-token';
