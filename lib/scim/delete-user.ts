// DELETE /Users/<id> (Entra's hard delete): the person leaves the organization.
//
// In steps that each show on the SCIM item, so a crash between them is finished by the IdP's
// retry and a concurrent request cannot undo them:
// 1. the item is marked `state: deleting` and `active: false` (conditioned on the version read,
//    which If-Match names when sent):
//    access ends at once (T8 reads `active`), and from here every placement write, and every
//    group member add, which are conditioned on `state = live`, is refused;
// 2. every membership goes (lib/members removeUserFromTenant; the last-owner rule is checked first);
// 3. the group links, read again after the mark, then the item and its userName claim.
import 'server-only';
import { keys, transaction, updateItem, withoutGuards } from '../db';
import { isArborError } from '../errors';
import { removeUserFromTenant } from '../members';
import { countResources } from './directory-config';
import { readPerson, type SyncContext } from './place-people';
import { busy, notFound, versionMismatch } from './protocol-errors';
import { checkIfMatch } from './preconditions';
import { userNameClaimKey } from './user-item';
import { readUserOrThrow, refuseLastOwner } from './users';
import { backoff, RETRY_LIMITS } from '../db/retry-policy';

/** With If-Match, the mark is conditioned on that version: a stale one answers 412, nothing done. */
export async function deleteDirectoryUser(ctx: SyncContext, rawId: string, ifMatch: string | null = null): Promise<void> {
  const db = ctx.db;
  let state = await readUserOrThrow(ctx, rawId, { deleting: true });
  let user = state.user;
  // A delete under way (the IdP retrying one that crashed) is finished whatever version it read.
  if (!user.deleting) checkIfMatch(ifMatch, user.version);
  // Marked by this request, or found marked by a concurrent delete of the same person.
  for (let attempt = 1; !user.deleting; attempt++) {
    await refuseLastOwner(ctx, state, 'delete');
    const marked = await transaction(db)
      .add(
        {
          Update: {
            TableName: db.tableName, Key: keys.directoryUser(db.tenantId, user.userId),
            UpdateExpression: 'SET #state = :deleting, active = :off, version = version + :one',
            ConditionExpression: 'version = :v AND #state = :live',
            ExpressionAttributeNames: { '#state': 'state' },
            ExpressionAttributeValues: { ':deleting': 'deleting', ':off': false, ':one': 1, ':v': user.version, ':live': 'live' },
          },
        },
        (stored) => (!stored ? notFound('User') : ifMatch ? versionMismatch() : 'retry'),
      )
      .send();
    if (marked === 'written') break;
    if (attempt >= RETRY_LIMITS.redecide) throw busy();
    await backoff(attempt);
    state = await readUserOrThrow(ctx, rawId, { deleting: true });
    user = state.user;
  }
  try {
    await removeUserFromTenant(db, ctx.actor, user.userId);
  } catch (e) {
    if (!(isArborError(e) && e.code === 'member.notFound')) throw e;
  }
  const { groupIds } = await readPerson(db, user.userId);
  const links = groupIds.flatMap((g) => [
    { Delete: { TableName: db.tableName, Key: keys.groupMember(db.tenantId, g, user.userId) } },
    { Delete: { TableName: db.tableName, Key: keys.userGroup(db.tenantId, user.userId, g) } },
  ]);
  for (let i = 0; i < links.length; i += 96) await transaction(db).add(links.slice(i, i + 96)).send();
  const gone = await transaction(db)
    .add({ Delete: { TableName: db.tableName, Key: keys.directoryUser(db.tenantId, user.userId), ConditionExpression: 'attribute_exists(PK)' } }, () => 'retry')
    .add({ Delete: { TableName: db.tableName, Key: userNameClaimKey(db.tenantId, user.userName) } })
    .send();
  // A concurrent delete of the same person finished first: it counted.
  if (gone === 'retry') return;
  await countResources(db, 'userCount', -1);
  // Group member counts are shown, not decided on: moved after, only on groups that still exist.
  await Promise.all(
    groupIds.map((g) =>
      updateItem(withoutGuards(db), { Key: keys.directoryGroup(db.tenantId, g), UpdateExpression: 'ADD memberCount :m', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':m': -1 } })
        .catch(() => undefined),
    ),
  );
}

