// One typed error family for the whole domain. Each error has a stable dotted code from the
// closed list in ./codes.ts and a message a person understands. Errors are created by their
// area's module (lib/<area>/errors.ts), each code in one place; `lib/errors/http.ts` maps them to
// HTTP status once.
import { kindOf, type ErrorCode, type Versioned } from './codes';
import type { ErrorKind } from './kinds';

export type { ErrorKind } from './kinds';
export type { ErrorCode, IdSubject, NameSubject, Versioned } from './codes';

export class ArborError extends Error {
  readonly code: ErrorCode;
  readonly kind: ErrorKind;
  readonly details?: Record<string, unknown>;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ArborError';
    this.kind = kindOf(code);
    this.code = code;
    this.details = details;
  }
}

/** For the area errors modules only (test/errors/registry.test.ts checks no one else calls it). */
export const arborError = (code: ErrorCode, message: string, details?: Record<string, unknown>) =>
  new ArborError(code, message, details);

const VERSIONED_NOUN: Record<Versioned, string> = {
  unit: 'unit',
  membership: 'membership',
  tenant: 'organization',
  invitation: 'invitation',
  sso: 'SSO connection',
  reportingLine: 'reporting line',
};

/** A write lost an optimistic-locking race; carries the version now stored. */
export function versionConflict(entity: Versioned, currentVersion: number | undefined, current?: unknown) {
  return arborError(
    `${entity}.versionConflict`,
    `Someone else changed this ${VERSIONED_NOUN[entity]} while you were editing. Review the current value and apply your change again.`,
    { currentVersion, current },
  );
}

export const isArborError = (e: unknown): e is ArborError => e instanceof ArborError;
