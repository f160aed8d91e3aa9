// In the test runs only (ARBOR_CHECK_ANSWERS=1, which `npm test` sets for the suites and the e2e
// app): every answer an operation sends is parsed against its schema as it goes over the wire, so
// an answer the reference does not describe, or a field it does not name, fails the request (500)
// and the run (ARBOR_BUG_LOG). Production never pays for it.
import 'server-only';
import { appendFileSync } from 'node:fs';
import type { ZodType } from 'zod';
import { config, type AppConfig } from '../config';
import type { MediaAnswer } from './operation';

export class AnswerMismatch extends Error {
  override name = 'AnswerMismatch';
}

/** Paths present in `sent` that `parsed` (zod's output, which drops unknown keys) does not hold. */
function undeclared(sent: unknown, parsed: unknown, at: string): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) return sent.flatMap((item, i) => undeclared(item, parsed[i], `${at}[${i}]`));
  if (typeof sent !== 'object' || sent === null || typeof parsed !== 'object' || parsed === null) return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    key in parsed ? undeclared(value, (parsed as Record<string, unknown>)[key], `${at}.${key}`) : [`${at}.${key}`],
  );
}

type Settings = Pick<AppConfig, 'ARBOR_CHECK_ANSWERS' | 'ARBOR_BUG_LOG'>;

function mismatch(operation: string, message: string, file: string | undefined): never {
  const error = new AnswerMismatch(`${operation}: ${message}`);
  if (file) appendFileSync(file, `${new Date().toISOString()} ${error.message}\n${error.stack ?? ''}\n\n`);
  throw error;
}

/**
 * Throws unless `answer`, as JSON, is exactly what `schema` describes (undefined: the operation
 * answers nothing). A no-op unless ARBOR_CHECK_ANSWERS=1.
 */
export function checkAnswer(operation: string, schema: ZodType | MediaAnswer | undefined, answer: unknown, settings: Settings = config()): void {
  if (settings.ARBOR_CHECK_ANSWERS !== '1') return;
  const fail = (message: string) => mismatch(operation, message, settings.ARBOR_BUG_LOG);
  if (!schema) return fail('answered a body, but its operation declares none');
  if (!('safeParse' in schema)) return fail(`answered JSON, but its operation declares ${schema.mediaType}`);
  const wire: unknown = JSON.parse(JSON.stringify(answer));
  const parsed = schema.safeParse(wire);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(`answer does not match its schema at ${['$', ...issue.path.map(String)].join('.')}: ${issue.message}`);
  }
  const extra = undeclared(wire, parsed.data, '$');
  if (extra.length) fail(`answer carries fields its schema does not declare: ${extra.join(', ')}`);
}
