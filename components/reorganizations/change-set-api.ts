// The browser's calls to the change-sets API (app/api/v1/change-sets/**). Each change sends the
// set's version it read (`expectedVersion`); errors arrive as ApiError with the server's message.
import { api } from '@/lib/api/client';
import type { ChangeSetDetail, ChangeSetView, OperationInput, Preview } from '@/lib/reorganizations';

const base = (setId: string) => `/api/v1/change-sets/${setId}`;

export const createChangeSet = (name: string, description: string) =>
  api<ChangeSetView>('/api/v1/change-sets', { body: { name, ...(description ? { description } : {}) } });

export const getChangeSet = (setId: string) => api<ChangeSetDetail>(base(setId));

export const getPreview = (setId: string) => api<Preview>(`${base(setId)}/preview`);

export const renameChangeSet = (setId: string, expectedVersion: number, name: string, description: string) =>
  api<ChangeSetView>(base(setId), { method: 'PATCH', body: { name, description, expectedVersion } });

export const deleteChangeSet = (setId: string, expectedVersion: number) =>
  api<void>(`${base(setId)}?expectedVersion=${expectedVersion}`, { method: 'DELETE', body: {} });

export const addOperations = (setId: string, expectedVersion: number, operations: OperationInput[]) =>
  api<ChangeSetDetail>(`${base(setId)}/operations`, { body: { expectedVersion, operations } });

export const dropOperation = (setId: string, expectedVersion: number, seq: number) =>
  api<ChangeSetDetail>(`${base(setId)}/operations/${seq}?expectedVersion=${expectedVersion}`, { method: 'DELETE', body: {} });

export const reconfirmOperation = (setId: string, expectedVersion: number, seq: number) =>
  api<ChangeSetDetail>(`${base(setId)}/operations/${seq}/reconfirm`, { body: { expectedVersion } });

export const reviewChangeSet = (setId: string, expectedVersion: number, decision: 'approve' | 'reject', comment: string) =>
  api<ChangeSetView>(`${base(setId)}/reviews`, { body: { expectedVersion, decision, ...(comment ? { comment } : {}) } });

/** Without `at`: starts applying now (the answer is the set, `applying`). With `at`: schedules it. */
export const applyChangeSet = (setId: string, expectedVersion: number, at?: string) =>
  api<ChangeSetView>(`${base(setId)}/apply`, { body: { expectedVersion, ...(at ? { at } : {}) } });

export const unscheduleChangeSet = (setId: string, expectedVersion: number) =>
  api<ChangeSetView>(`${base(setId)}/apply?expectedVersion=${expectedVersion}`, { method: 'DELETE', body: {} });

export const revertChangeSet = (setId: string) => api<ChangeSetDetail>(`${base(setId)}/revert`, { body: {} });
