import * as z from 'zod/mini';

/**
 * Field types shared by the admin schemas. The same schema reads a form (strings, an unchecked box missing), a JSON
 * body (numbers and booleans) and an import row (strings again), so each field accepts either spelling.
 */

/** A field that reads its raw value with `fn` first (a form's text, a JSON value) and gives the result to `schema`. */
export function preprocess<T extends z.ZodMiniType>(fn: (value: unknown) => unknown, schema: T) {
  return z.pipe(z.transform(fn), schema);
}

/** null and blank text mean "not given" (a form sends "", a JSON client null). */
export function blankToUndefined(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

function toNumber(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (typeof v === 'string' && /^\s*[-+]?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
  return v;
}

function numberSchema(label: string, min: number, max: number, requiredMessage: string) {
  const range = `${label} must be a whole number from ${min} to ${max}`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? requiredMessage : range) })
    .check(z.int(range), z.minimum(min, range), z.maximum(max, range));
}

/** A required whole number within [min, max]. */
export function intField(label: string, min: number, max: number, requiredMessage = `${label} is required`) {
  return preprocess(toNumber, numberSchema(label, min, max, requiredMessage));
}

/** An optional whole number within [min, max]; blank or null is absent. */
export function optionalIntField(label: string, min: number, max: number) {
  return preprocess(toNumber, z.optional(numberSchema(label, min, max, `${label} is required`)));
}

/** A required positive id (a select's value), with the message to show when nothing is chosen. */
export function idField(requiredMessage: string) {
  return preprocess(
    toNumber,
    z.number({ error: requiredMessage }).check(z.int(requiredMessage), z.positive(requiredMessage)),
  );
}

const TRUE_WORDS = new Set(['on', 'true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['off', 'false', 'no', 'n', '0']);

/** A yes/no toggle: a checkbox ('on' or missing), a JSON boolean, or yes/no, true/false, 1/0 from a file. */
export function booleanField(label: string) {
  return preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (v === undefined) return false;
      if (typeof v === 'number') return v === 1 ? true : v === 0 ? false : v;
      if (typeof v === 'string') {
        const word = v.trim().toLowerCase();
        if (TRUE_WORDS.has(word)) return true;
        if (FALSE_WORDS.has(word)) return false;
      }
      return v;
    },
    z.boolean({ error: `${label} must be yes or no` }),
  );
}

/** Required trimmed text. */
export function textField(requiredMessage: string, max: number) {
  return z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? requiredMessage : 'Enter text here'),
    })
    .check(z.trim(), z.minLength(1, requiredMessage), z.maxLength(max, `Use at most ${max} characters`));
}

/** An optional instant (ISO text or a Date); blank is absent. */
export function optionalDateTimeField(label: string) {
  return preprocess(
    (value) => {
      const v = blankToUndefined(value);
      if (typeof v === 'string') {
        const date = new Date(v);
        return Number.isNaN(date.getTime()) ? v : date;
      }
      return v;
    },
    z.optional(z.date({ error: `${label} must be a valid date and time` })),
  );
}
