// The console's search box (app/api/v1/search): units and people by name or email prefix.
import { z } from 'zod';
import type { SearchHit } from '../../screens/search';
import { field } from '../../validation';
import { operation } from '../operation';
import { describes } from './schemas';

const searchHit = describes<SearchHit>()(
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('unit'),
      id: z.string(),
      name: z.string(),
      parentName: z.string().optional(),
      childCount: z.int(),
      memberCount: z.int(),
    }),
    z.object({ kind: z.literal('member'), userId: z.string(), name: z.string(), email: z.string() }),
  ]).meta({ id: 'SearchHit' }),
);

export const search = {
  search: operation({
    method: 'get', path: '/api/v1/search', operationId: 'search', tag: 'Search',
    summary: 'Search units and people',
    description:
      'Up to 12 units the caller may read and, for owners and admins, members, whose name (or email) starts with `q`.',
    query: z.object({ q: field.text(400) }),
    response: z.array(searchHit),
  }),
};
