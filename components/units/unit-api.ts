// The browser's calls to the units API (app/api/v1/units/**, app/api/v1/jobs/**), typed by their
// operations (lib/api/client.ts). Each edit sends the version it read; errors arrive as ApiError
// with the server's message.
import { call } from '@/lib/api/client';

export const getUnitRow = (unitId: string) => call('units.get', { params: { unitId } });

export const createUnit = (parentId: string, name: string) => call('units.create', { body: { parentId, name } });

export const renameUnit = (unitId: string, name: string, expectedVersion: number) =>
  call('units.rename', { params: { unitId }, body: { name, expectedVersion } });

export const moveUnit = (unitId: string, newParentId: string, expectedVersion: number) =>
  call('units.move', { params: { unitId }, body: { newParentId, expectedVersion } });

export const getMovePicker = (unitId: string) => call('units.movePicker', { params: { unitId } });

export const deleteUnit = (unitId: string, expectedVersion: number, recursive: boolean) =>
  call('units.delete', { params: { unitId }, query: { expectedVersion: String(expectedVersion), recursive: recursive ? 'true' : 'false' } });

export const getSubtreeCounts = (unitId: string) => call('units.counts', { params: { unitId } });

export const getJob = (jobId: string) => call('jobs.get', { params: { jobId } });
