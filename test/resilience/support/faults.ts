// Tells the local AWS emulator which faults to inject (its /__faults control endpoint), for the
// fault suite. Only requests through the emulator are affected: the app's and the tests' scoped
// clients. Set-up and checks use the direct client to DynamoDB Local and never meet a fault.
import type { FaultPlan, FaultStats } from '../../../scripts/local-stack/aws-emulator/faults';
import { stackEnv } from '../../support/stack';

async function control(method: 'GET' | 'PUT' | 'DELETE', plan?: FaultPlan): Promise<FaultStats> {
  const res = await fetch(stackEnv('ARBOR_EMULATOR_FAULTS_URL'), {
    method,
    headers: { authorization: `Bearer ${stackEnv('ARBOR_EMULATOR_CONTROL_TOKEN')}`, 'content-type': 'application/json' },
    body: plan ? JSON.stringify(plan) : undefined,
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`fault control: ${res.status} ${JSON.stringify(body)}`);
  return body as FaultStats;
}

export const injectFaults = (plan: FaultPlan) => control('PUT', plan);
export const stopFaults = () => control('DELETE');
export const faultStats = () => control('GET');

/** A bad day: every fault at a rate the SDK's retries and Arbor's re-decisions absorb. */
export const BAD_DAY: FaultPlan = {
  seed: 20,
  rules: [
    { kind: 'throttling', rate: 0.04 },
    { kind: 'provisionedThroughputExceeded', rate: 0.04 },
    { kind: 'internalServerError', rate: 0.03 },
    { kind: 'transactionConflict', rate: 0.1 },
    { kind: 'transactionThrottled', rate: 0.05 },
    { kind: 'dropConnection', rate: 0.03 },
    { kind: 'lostResponse', rate: 0.1 },
    { kind: 'latency', rate: 0.1, latencyMs: 25 },
    { service: 'sts', kind: 'throttling', rate: 0.2 },
  ],
};
