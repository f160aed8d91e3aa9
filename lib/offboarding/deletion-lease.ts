// Keeps a running deletion's lease alive on a timer, for the whole run. Progress writes extend it
// too, but the long stretches without a batch (cataloguing a large tenant, asking GSI4 about each
// person, verify's catalog and the operator's Scan) can outlast the lease; the next wake-up would
// then take the deletion over and this run would fail with `offboarding.busy` at its next write,
// round after round, for any tenant that large. A renewal every quarter of the lease (15 s of 60 s)
// is conditioned on the lease's owner, like every journal write; once one finds the lease taken
// over, the run stops at its next checkpoint (`assertHeld`) instead of deleting on beside the new
// owner.
import 'server-only';
import type { PlatformDb } from '../db';
import { log } from '../observability';
import { renewDeletionLease, type DeletionJournal } from './deletion-journal';
import { deletionBusy } from './errors';

export interface DeletionLease {
  /** Throws `offboarding.busy` once a renewal found the lease taken over. */
  assertHeld(): void;
  /** Stops the timer and waits for a renewal in flight (before the journal is released or removed). */
  stop(): Promise<void>;
}

export function keepDeletionLease(
  platform: PlatformDb,
  journal: Pick<DeletionJournal, 'tenantId' | 'leaseOwner'>,
  input: { now: () => number; leaseMs: number },
): DeletionLease {
  const tenantId = journal.tenantId;
  let lost = false;
  let inFlight: Promise<void> | undefined;
  const renew = async () => {
    try {
      if (await renewDeletionLease(platform, journal, { now: input.now(), leaseMs: input.leaseMs })) return;
      lost = true;
      log.warn({ tenantId }, 'tenant deletion lease taken over by another process; this run stops');
    } catch (e) {
      // A failed request is tried again at the next tick; three more before the lease runs out.
      log.warn({ err: e, tenantId }, 'tenant deletion lease not renewed; trying again');
    }
  };
  const timer = setInterval(() => {
    if (lost || inFlight) return;
    inFlight = renew().finally(() => {
      inFlight = undefined;
    });
  }, Math.max(1, Math.floor(input.leaseMs / 4)));
  // The run's own requests keep the process alive; the timer alone must not.
  timer.unref();
  return {
    assertHeld() {
      if (lost) throw deletionBusy();
    },
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}
