// The browser's calls to the change-sets API (app/api/v1/change-sets/**), typed by their
// operations (lib/api/client.ts). Each change sends the set's version it read (`expectedVersion`);
// errors arrive as ApiError with the server's message.
import { call } from '@/lib/api/client';
import type { OperationInput } from '@/lib/change-sets';

export const createChangeSet = (name: string, description: string) =>
  call('changeSets.create', { body: { name, ...(description ? { description } : {}) } });

export const getChangeSet = (setId: string) => call('changeSets.get', { params: { setId } });

export const getPreview = (setId: string) => call('changeSets.preview', { params: { setId } });

export const renameChangeSet = (setId: string, expectedVersion: number, name: string, description: string) =>
  call('changeSets.update', { params: { setId }, body: { name, description, expectedVersion } });

export const deleteChangeSet = (setId: string, expectedVersion: number) =>
  call('changeSets.delete', { params: { setId }, query: { expectedVersion: String(expectedVersion) } });

export const addOperations = (setId: string, expectedVersion: number, operations: OperationInput[]) =>
  call('changeSets.addOperations', { params: { setId }, body: { expectedVersion, operations } });

export const dropOperation = (setId: string, expectedVersion: number, seq: number) =>
  call('changeSets.dropOperation', { params: { setId, seq: String(seq) }, query: { expectedVersion: String(expectedVersion) } });

export const reconfirmOperation = (setId: string, expectedVersion: number, seq: number) =>
  call('changeSets.reconfirmOperation', { params: { setId, seq: String(seq) }, body: { expectedVersion } });

export const reviewChangeSet = (setId: string, expectedVersion: number, decision: 'approve' | 'reject', comment: string) =>
  call('changeSets.review', { params: { setId }, body: { expectedVersion, decision, ...(comment ? { comment } : {}) } });

/** Without `at`: starts applying now (the answer is the set, `applying`). With `at`: schedules it. */
export const applyChangeSet = (setId: string, expectedVersion: number, at?: string) =>
  call('changeSets.apply', { params: { setId }, body: { expectedVersion, ...(at ? { at } : {}) } });

export const unscheduleChangeSet = (setId: string, expectedVersion: number) =>
  call('changeSets.unschedule', { params: { setId }, query: { expectedVersion: String(expectedVersion) } });

export const revertChangeSet = (setId: string) => call('changeSets.revert', { params: { setId } });
