// How long audit entries live before DynamoDB's TTL removes them (ARBOR_AUDIT_RETENTION_DAYS).
import 'server-only';
import { config } from '../config';

const DAY_SECONDS = 24 * 60 * 60;

/** Seconds an audit entry is kept, or undefined to keep entries forever (retention 0). */
export function auditRetentionSeconds(): number | undefined {
  const days = config().ARBOR_AUDIT_RETENTION_DAYS;
  return days > 0 ? days * DAY_SECONDS : undefined;
}
