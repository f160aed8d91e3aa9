// The browser's calls to the units API (app/api/v1/units/**, app/api/v1/jobs/**). Each edit
// sends the version it read; errors arrive as ApiError with the server's message.
import { api } from '@/lib/api/client';
import type { SubtreeCounts } from '@/lib/org/count-subtree';
import type { TreeJob } from '@/lib/org/jobs/job-item';
import type { MovePicker } from '@/lib/screens/tree';
import type { UnitRow } from '@/lib/screens/unit-view';

export type MoveResponse = { kind: 'moved'; unit: UnitRow } | { kind: 'job'; jobId: string };
export type DeleteResponse = { kind: 'deleted'; units: number; memberships: number } | { kind: 'job'; jobId: string };

export const getUnitRow = (unitId: string) => api<UnitRow>(`/api/v1/units/${unitId}`);

export const createUnit = (parentId: string, name: string) => api<UnitRow>('/api/v1/units', { body: { parentId, name } });

export const renameUnit = (unitId: string, name: string, expectedVersion: number) =>
  api<UnitRow>(`/api/v1/units/${unitId}`, { method: 'PATCH', body: { name, expectedVersion } });

export const moveUnit = (unitId: string, newParentId: string, expectedVersion: number) =>
  api<MoveResponse>(`/api/v1/units/${unitId}/move`, { body: { newParentId, expectedVersion } });

export const getMovePicker = (unitId: string) => api<MovePicker>(`/api/v1/units/${unitId}/move`);

export const deleteUnit = (unitId: string, expectedVersion: number, recursive: boolean) =>
  api<DeleteResponse>(`/api/v1/units/${unitId}?expectedVersion=${expectedVersion}&recursive=${recursive}`, { method: 'DELETE' });

export const getSubtreeCounts = (unitId: string) => api<SubtreeCounts>(`/api/v1/units/${unitId}/counts`);

export const getJob = (jobId: string) => api<TreeJob>(`/api/v1/jobs/${jobId}`);
