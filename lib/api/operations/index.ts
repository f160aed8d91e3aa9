// Every operation of the public API, one contract module per area: the route handlers run with
// them (`withActor(units.create, …)`) and lib/openapi documents them. A new area is one more
// entry in AREAS; test/api/openapi.test.ts fails for a route that is in no area.
import type { Operation } from '../operation';
import { accessReviewSchedules } from './access-review-schedules';
import { accessReviews } from './access-reviews';
import { apiKeys } from './api-keys';
import { audit } from './audit';
import { auditStreams } from './audit-streams';
import { bulk } from './bulk';
import { chart } from './chart';
import { changeSets } from './change-sets';
import { checkOperations as checks } from './checks';
import { directory } from './directory';
import { invitations } from './invitations';
import { jobs } from './jobs';
import { members } from './members';
import { memberships } from './memberships';
import { roles as roleHolders } from './role-holders';
import { permissions, roles as roleCatalogue } from './roles';
import { reportingLines } from './reporting-lines';
import { search } from './search';
import { settings } from './settings';
import { setup } from './setup';
import { sso } from './sso';
import { units } from './units';
import { webhooks } from './webhooks';

/** An operation as listed, whatever its schemas' types. */
export type ListedOperation = Operation<any, any, any>;

/** The `roles` area: the catalogue's operations (./roles.ts) and who holds a role (./role-holders.ts). */
const roles = { ...roleCatalogue, ...roleHolders };

export const AREAS = { units, jobs, members, memberships, invitations, audit, search, bulk, directory, settings, sso, apiKeys, webhooks, changeSets, roles, permissions, checks, chart, reportingLines, accessReviews, accessReviewSchedules, auditStreams } satisfies Record<
  string,
  Record<string, ListedOperation>
>;

export const allOperations: ListedOperation[] = Object.values(AREAS).flatMap((area) => Object.values(area));

/** What the console calls by name (lib/api/client.ts): the public operations, and a setup link's own. */
export const CONSOLE_OPERATIONS = { ...AREAS, setup } satisfies Record<string, Record<string, ListedOperation>>;
