/**
 * Expected failures, in the league's words. Models and domain functions throw these and know nothing of HTTP;
 * the route edge (`failureOf` in app/web/http.server.ts) is the one place that gives each its status.
 * Anything else thrown is a defect and answers 500.
 */
export type FieldErrors = Record<string, string[]>;

export abstract class DomainError extends Error {
  abstract readonly kind: 'invalid' | 'not-found' | 'conflict' | 'forbidden' | 'too-large' | 'unsupported-type';
  constructor(
    message: string,
    /** Messages per form field, shown beside the fields (conform) or as `errors` in JSON. */
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
  }
}

/** The input breaks a rule ('Gross score must be at least 1'): 400. */
export class InvalidError extends DomainError {
  readonly kind = 'invalid';
}

/** The record asked for does not exist ('Golfer not found'): 404. */
export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
}

/** The change clashes with what is stored ('A golfer with this email already exists'): 409. */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** The signed-in user may not do this ('Only an administrator can calculate points'): 403. */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

/** The input is larger than the league allows ('The file is larger than 5 MB'): 413. */
export class TooLargeError extends DomainError {
  readonly kind = 'too-large';
}

/** The input is of a kind that cannot be read ('Upload a CSV, .xlsx or .xls file'): 415. */
export class UnsupportedTypeError extends DomainError {
  readonly kind = 'unsupported-type';
}
