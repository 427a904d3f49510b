/**
 * Expected failures, in the league's words. Models and domain functions throw these and know nothing of HTTP;
 * the route edge (`failureOf` in app/web/http.server.ts) is the one place that gives each its status.
 * Anything else thrown is a defect and answers 500.
 */
export type FieldErrors = Record<string, string[]>;

export abstract class DomainError extends Error {
  abstract readonly kind:
    'invalid' | 'not-found' | 'conflict' | 'signed-out' | 'forbidden' | 'too-large' | 'unsupported-type';
  constructor(
    message: string,
    /** Messages per form field, shown beside the fields (conform) or as `errors` in JSON. */
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
  }
}

/** A DomainError class of one kind; `instanceof` tells the classes apart, `kind` gives the edge its status. */
function ofKind<K extends DomainError['kind']>(kind: K) {
  return class extends DomainError {
    readonly kind: K = kind;
  };
}

/** The input breaks a rule ('Gross score must be at least 1'): 400. */
export class InvalidError extends ofKind('invalid') {}

/** The record asked for does not exist ('Golfer not found'): 404. */
export class NotFoundError extends ofKind('not-found') {}

/** The change clashes with what is stored ('A golfer with this email already exists'): 409. */
export class ConflictError extends ofKind('conflict') {}

/** The sign-in the request carries is unknown or has ended ('Sign in with the code we email you first'): 401. */
export class SignedOutError extends ofKind('signed-out') {}

/** The signed-in user may not do this ('Only an administrator can calculate points'): 403. */
export class ForbiddenError extends ofKind('forbidden') {}

/** The input is larger than the league allows ('The file is larger than 5 MB'): 413. */
export class TooLargeError extends ofKind('too-large') {}

/** The input is of a kind that cannot be read ('Upload a CSV, .xlsx or .xls file'): 415. */
export class UnsupportedTypeError extends ofKind('unsupported-type') {}
