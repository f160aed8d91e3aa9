// The jobs large moves and deletes run as (app/api/v1/jobs/**), polled until finished.
import { z } from 'zod';
import type { TreeJob } from '../../org';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes } from './schemas';

const treeJob = describes<TreeJob>()(
  z.object({
    id: z.string(),
    kind: z.enum(['move', 'delete']),
    status: z
      .enum(['preparing', 'prepared', 'committed', 'done', 'rollingBack', 'rolledBack'])
      .meta({ description: 'From `committed` on the change has happened; `done` and `rolledBack` are final.' }),
    finished: z.boolean(),
    unitId: z.string(),
    fromParentId: z.string(),
    toParentId: z.string().optional().meta({ description: 'Moves only.' }),
    done: z.int().meta({ description: 'Units and memberships rewritten (or deleted) so far, of `total`.' }),
    total: z.int(),
    error: z.object({ code: z.string(), message: z.string() }).optional().meta({ description: 'Why a job rolled back.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);

const jobStatus = treeJob
  .extend({
    consistencyToken: z.string().optional().meta({
      description: 'Once `finished`: a token covering every write of the job, to send with a check (`atLeastAsFresh`) as a write answer\'s `Arbor-Consistency-Token`.',
    }),
  })
  .meta({ id: 'Job' });

export const jobs = {
  get: operation({
    method: 'get', path: '/api/v1/jobs/{jobId}', operationId: 'getJob', tag: 'Jobs',
    summary: 'Get a job',
    description: 'The progress of a large move or delete; poll until `finished`, which answers a consistency token for the job\'s writes. Needs `tree.read` on the unit it was taken from.',
    params: z.object({ jobId: field.id('job') }),
    response: jobStatus, errors: ['notFound'],
  }),
};
