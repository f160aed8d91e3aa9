// "Send a test entry": the audit entry of the test itself (`auditStream.test`) is written, then sent
// to the destination at once, in its kind's format, and the outcome answered. The cursor does not
// move: the worker delivers that same entry again in its turn, and the receiver, de-duplicating
// by id, keeps one.
import 'server-only';
import { auditEntryPut } from '../audit';
import { transaction, type AuditActor, type TenantDb } from '../db';
import { SEND_TIMEOUT_MS } from '../webhooks';
import { destinationSecret, readStoredDestination } from './destinations';
import { batchOf, failureInWords, sendBatch, streamedEntry } from './transport';
import type { DestinationTestResult } from './types';
import { allowPrivateNetworks, type UrlPolicy } from './validate';

export async function testDestination(
  db: TenantDb, actor: AuditActor, destinationId: string, options: { policy?: UrlPolicy; timeoutMs?: number } = {},
): Promise<DestinationTestResult> {
  const destination = await readStoredDestination(db, destinationId);
  const put = auditEntryPut(db, {
    actor, action: 'auditStream.test', target: { type: 'auditStream', id: destinationId, label: destination.name },
    after: { message: 'A test entry from Arbor: this destination receives the audit log.' },
  });
  await transaction(db).add(put).send();
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const result = await sendBatch(
    { tenantId: db.tenantId, settings: destination.settings, secret: destinationSecret(db, destination) },
    batchOf([streamedEntry(put.Put.Item)]),
    { allowPrivateNetworks: options.policy?.allowPrivateNetworks ?? allowPrivateNetworks(), timeoutMs },
  );
  return {
    ok: result.ok, durationMs: result.durationMs, ...(result.status ? { status: result.status } : {}),
    ...(result.ok ? {} : { error: failureInWords(result, timeoutMs) }),
  };
}
