import { parse, type Submission } from '@conform-to/react';
import * as z from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/**
 * A form's submission read through its zod schema, in the browser as the user types (useForm's onValidate) and in the
 * action alike: conform reads the form (and its intent) and the schema decides, each field first made what its
 * schema expects. It stands in for @conform-to/zod's parseWithZod, whose coercion imports classic zod into every page
 * with a form (docs/decisions/061-javascript-budgets.md), and reads the fields as that coercion did:
 *
 * - an empty text, choice, number or checkbox field is absent, and so is any empty optional field;
 * - a number field's text is the number it spells (other text is not a number, for the schema to refuse);
 * - a checked box (`on`) is `true`;
 * - a field whose schema starts with a transform (the helpers of form-values.ts) gets the text as sent; what the
 *   transform gives is read as above.
 *
 * The forms are flat: lists and nested objects are left as sent. Messages are keyed by conform's field names
 * (`a.b`, `list[0]`); one about the whole form under ''.
 */
export function parseForm<S extends $ZodType>(
  formData: FormData | URLSearchParams,
  schema: S,
): Submission<z.input<S>, string[], z.output<S>> {
  return parse<z.output<S>, string[]>(formData, {
    resolve(payload) {
      const result = z.safeParse(formSchema(schema) as S, payload);
      if (result.success) return { value: result.data };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues) {
        const name = issue.path
          .map((key, i) => (typeof key === 'number' ? `[${key}]` : i ? `.${String(key)}` : String(key)))
          .join('');
        (error[name] ??= []).push(issue.message);
      }
      return { error };
    },
  });
}

/** The parts of a schema's definition the form reading looks at. */
type Def = {
  type: string;
  shape?: Record<string, $ZodType>;
  options?: $ZodType[];
  innerType?: $ZodType;
  in?: $ZodType;
  out?: $ZodType;
};

const defOf = (schema: $ZodType) => schema._zod.def as Def;

/** The same kind of schema with some of its definition changed (its checks and messages kept). */
function rebuild(schema: $ZodType, change: Partial<Def>): $ZodType {
  const Schema = schema._zod.constr;
  return new Schema({ ...schema._zod.def, ...change });
}

/** `schema` given what `read` makes of the form's text; as optional (or not) in its object as `schema` is. */
function reading(read: (value: unknown) => unknown, schema: $ZodType): $ZodType {
  const piped = z.pipe(z.transform(read), schema);
  Object.defineProperty(piped._zod, 'optin', { value: schema._zod.optin, configurable: true, writable: true });
  return piped;
}

const text =
  (convert: (text: string) => unknown = (t) => t) =>
  (value: unknown) =>
    typeof value !== 'string' ? value : value === '' ? undefined : convert(value);

// A literal is left as sent: a discriminated union finds its object by the literal's value (an empty one matches none).
const READERS: Record<string, (value: unknown) => unknown> = {
  string: text(),
  enum: text(),
  number: text((t) => (t.trim() === '' ? Number.NaN : Number(t))),
  boolean: text((t) => (t === 'on' ? true : t)),
};

const formSchemas = new WeakMap<$ZodType, $ZodType>();

/** `schema` reading a form: each field, through objects, unions, pipes and optional fields, reads its text first. */
function formSchema(schema: $ZodType): $ZodType {
  let form = formSchemas.get(schema);
  if (form) return form;
  const def = defOf(schema);
  const read = READERS[def.type];
  if (read) form = reading(read, schema);
  else if (def.type === 'object' && def.shape) {
    const shape: Record<string, $ZodType> = {};
    for (const [name, field] of Object.entries(def.shape)) shape[name] = formSchema(field);
    form = rebuild(schema, { shape });
  } else if (def.type === 'union' && def.options) form = rebuild(schema, { options: def.options.map(formSchema) });
  else if (def.type === 'pipe' && def.in && def.out)
    form = rebuild(schema, { in: formSchema(def.in), out: formSchema(def.out) });
  else if (def.type === 'optional' && def.innerType)
    form = reading(text(), rebuild(schema, { innerType: formSchema(def.innerType) }));
  else form = schema;
  formSchemas.set(schema, form);
  return form;
}
