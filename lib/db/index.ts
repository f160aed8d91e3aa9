// Data access entry: the table shape, the key builder, client construction, read and write helpers.
export { keys, sortKeys, tenantPrefix, tenantChildPrefix, isTenantPartition, tenantLeadingKeyPatterns, TENANT_KEY_PREFIX, PLATFORM_KEY_PREFIXES, type Key } from './keys';
export { rootPath, childPath, pathIds, parentPathOf, depthOf, isWithin } from './keys';
export { INDEX, TTL_ATTRIBUTE, tableDefinition } from './table';
export { createDocumentClient, type DocumentClient, type DocumentClientOptions } from './client';
export {
  transactWrite, confirmDecision, cancellationReasons, isConditionFailure, MAX_TRANSACTION_ITEMS, GUARD_ITEMS,
  type TransactItem, type FailedCondition,
} from './transactions';
export { actorIdentity, holdingLocks, type TenantDb, type PlatformDb, type AuditActor } from './context';
export { encodeCursor, decodeCursor, pageSize, type Page } from './cursor';
export { getItem, batchGet, queryAll, queryCount } from './reads';
export { queryPage } from './query-page';
export { withoutGuards, type WriteFact, type WriteGuards } from './write-guards';
export { transaction } from './transaction';
export { noteAccessTokenUse } from './access-token-use';
export { itemParser, storedActor, StoredItemError } from './item-schema';
