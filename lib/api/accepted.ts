// A handler's 202: the change was handed to a job. Returned instead of a Response so that its
// body is typed by the operation's `accepted` schema like any other answer.
const ACCEPTED = Symbol('arbor.accepted');

export interface Accepted<T> {
  readonly [ACCEPTED]: true;
  readonly body: T;
}

/** `return accepted(job)`: answers 202 with `job`. */
export const accepted = <T>(body: T): Accepted<T> => ({ [ACCEPTED]: true, body });

export const isAccepted = (value: unknown): value is Accepted<unknown> =>
  typeof value === 'object' && value !== null && ACCEPTED in value;
