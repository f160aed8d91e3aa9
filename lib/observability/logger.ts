// The process's logger: pino, one JSON object per line on stdout, at the level ARBOR_LOG_LEVEL
// names. Every line written during a request carries its requestId (and tenantId and actorId once
// known), from ./request-context.ts. Before a line is written, everything in it passes through
// `scrub`: values under the keys of REDACTED_KEYS become "[redacted]" at any depth, and email
// addresses and bearer tokens inside strings (error messages, stacks) are masked, so what a
// caller puts in a field or an error message cannot leak a secret or a person into the logs.
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import { config } from '../config';
import { currentRequest } from './request-context';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type LogFields = Record<string, unknown>;

/**
 * Keys whose values never reach a log line, compared without case, '-' or '_'. Names and email
 * addresses are personal data; the rest are credentials. Ids (userId, keyId, tokenId) stay: they
 * name nobody outside Arbor and are what an operator searches by.
 */
export const REDACTED_KEYS = [
  'authorization', 'cookie', 'cookies', 'setcookie', 'xapikey', 'apikey',
  'token', 'accesstoken', 'refreshtoken', 'idtoken', 'sessiontoken', 'bearer', 'assertion', 'samlresponse',
  'secret', 'clientsecret', 'secretaccesskey', 'accesskeyid', 'credentials', 'password', 'passwd', 'passphrase', 'privatekey', 'signingkey',
  'email', 'emails', 'mail', 'phone', 'phonenumbers',
  'name', 'names', 'displayname', 'givenname', 'familyname', 'fullname', 'username', 'firstname', 'lastname', 'nickname', 'formatted',
] as const;
/** And any key ending in one of these (clientSecret, userEmail, webhookSigningSecret…). */
const REDACTED_SUFFIXES = ['token', 'secret', 'password', 'email', 'cookie'];

const REDACTED = '[redacted]';
const redactedKeys = new Set<string>(REDACTED_KEYS);
const normalize = (key: string) => key.toLowerCase().replace(/[-_]/g, '');
export const isRedactedKey = (key: string): boolean => {
  const k = normalize(key);
  return redactedKeys.has(k) || REDACTED_SUFFIXES.some((s) => k.endsWith(s));
};

// Neither side crosses a '/': a package path such as node_modules/@aws-sdk/core/index.js in a
// stack trace is no address.
const EMAIL = /[^\s@<>"'(),;:/]+@[^\s@<>"'(),;:/]+\.[^\s@<>"'(),;:/]+/g;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
/** Masks email addresses and Authorization values written into free text. */
export const scrubText = (text: string): string => text.replace(EMAIL, '[email]').replace(BEARER, '$1 [redacted]');

const MAX_DEPTH = 8;
const MAX_ITEMS = 100;

/** An error as name, message, stack (and code, cause, the AWS request id), masked like any text. */
function serializeError(e: Error, depth: number, seen: WeakSet<object>): LogFields {
  const aws = (e as { $metadata?: { httpStatusCode?: number; requestId?: string; attempts?: number } }).$metadata;
  const code = (e as { code?: unknown }).code;
  return {
    name: e.name,
    message: scrubText(e.message),
    ...(e.stack ? { stack: scrubText(e.stack) } : {}),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(aws ? { aws: { httpStatusCode: aws.httpStatusCode, requestId: aws.requestId, attempts: aws.attempts } } : {}),
    ...(e.cause !== undefined && depth < MAX_DEPTH ? { cause: scrub(e.cause, depth + 1, seen) } : {}),
  };
}

/** A copy of `value` fit for a log line (see the header). */
export function scrub(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) return serializeError(value, depth, seen);
  if (depth >= MAX_DEPTH) return '[deep]';
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Headers) return scrub(Object.fromEntries(value.entries()), depth, seen);
  if (value instanceof Map) return scrub(Object.fromEntries(value.entries()), depth, seen);
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value) || value instanceof Set) return [...value].slice(0, MAX_ITEMS).map((v) => scrub(v, depth + 1, seen));
  const out: LogFields = {};
  for (const [key, v] of Object.entries(value)) out[key] = isRedactedKey(key) ? REDACTED : scrub(v, depth + 1, seen);
  return out;
}

/** A logger writing to `destination` (stdout when absent): the app's, or a test's. */
export function createLogger(options: { level: LogLevel; destination?: DestinationStream }): Logger {
  const settings: LoggerOptions = {
    level: options.level,
    base: undefined, // no pid or hostname: the platform adds the instance
    messageKey: 'msg',
    timestamp: pino.stdTimeFunctions.isoTime,
    // pino's own error serializer would run again on what `scrub` made (and append causes to the
    // message): errors are `scrub`'s alone.
    serializers: { err: (value: unknown) => value },
    formatters: {
      level: (label) => ({ level: label }),
      // Errors are passed as `err` (or as the only argument) and serialized by `scrub` itself.
      log: (fields) => scrub(fields) as LogFields,
    },
    // The request's ids on every line written while it runs; fields given to the call win.
    mixin: () => {
      const request = currentRequest();
      if (!request) return {};
      return { requestId: request.requestId, ...(request.tenantId ? { tenantId: request.tenantId } : {}), ...(request.actorId ? { actorId: request.actorId } : {}) };
    },
    hooks: {
      // Messages are written by Arbor's code, but may interpolate an error's text: masked too.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        const masked = typeof first === 'string' ? [scrubText(first), ...rest] : [first instanceof Error ? { err: first } : first, ...rest.map((a) => (typeof a === 'string' ? scrubText(a) : a))];
        return method.apply(this, masked as Parameters<typeof method>);
      },
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

let instance: Logger | undefined;

/** The process's logger (stdout, level from ARBOR_LOG_LEVEL), made on first use. */
export function logger(): Logger {
  instance ??= createLogger({ level: config().ARBOR_LOG_LEVEL });
  return instance;
}

/** Sends the process's lines to `destination` until the returned function is called (tests). */
export function logTo(destination: DestinationStream, level: LogLevel = 'info'): () => void {
  const previous = instance;
  instance = createLogger({ level, destination });
  return () => {
    instance = previous;
  };
}

/** The logger's methods, each `(fields, message)`: `log.error({ err, setId }, 'change set run stopped')`. */
export const log = {
  error: (fields: LogFields, message: string) => logger().error(fields, message),
  warn: (fields: LogFields, message: string) => logger().warn(fields, message),
  info: (fields: LogFields, message: string) => logger().info(fields, message),
  debug: (fields: LogFields, message: string) => logger().debug(fields, message),
};
