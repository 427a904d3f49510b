import { data, type HeadersFunction } from '@remix-run/node';
import type { ZodMiniType } from 'zod/mini';
import type { output } from 'zod/v4/core';
import {
  failureInit,
  failureOf,
  HttpError,
  parseBody,
  readSmallForm,
  type DataAnswer,
  type Failure,
  type Redirect,
} from './http.server';
import { redirectWithToast } from './session.server';

export type PublicActionArgs = {
  /** The form as sent, read with the action's size limit. */
  form: FormData;
  request: Request;
  /** Redirects to `to` (303: the browser follows with a GET) with a success toast the next page shows once. */
  done: (to: string, toast: { title: string; description?: string }) => Promise<Redirect>;
};

/**
 * One intent of a public action, typed by its schema as an admin page's are (`intent`, admin-page.server.ts): the
 * form is read through `schema` first (`parseBody`: refused with `invalid` and the field messages, a 400), and `run`
 * gets its output as `value`.
 */
export type PublicIntent<Answer> = {
  schema?: ZodMiniType;
  invalid?: string;
  // A method, so an intent whose `value` is its own schema's output fits the map (parameters are bivariant).
  run(args: PublicActionArgs & { value: unknown }): Promise<Answer>;
};

export function publicIntent<S extends ZodMiniType, Answer>(def: {
  schema: S;
  invalid: string;
  run: (args: PublicActionArgs & { value: output<S> }) => Promise<Answer>;
}): PublicIntent<Answer>;
export function publicIntent<Answer>(def: {
  schema?: undefined;
  run: (args: PublicActionArgs & { value: undefined }) => Promise<Answer>;
}): PublicIntent<Answer>;
export function publicIntent<Answer>(def: PublicIntent<Answer>): PublicIntent<Answer> {
  return def;
}

/** A public action's intents: the form's `intent` chooses one; `unknown` answers any other (a 400). */
type Intents<Answer> = {
  intents: Record<string, PublicIntent<Answer>>;
  /** The message of the 400 for an intent the page does not know. */
  unknown: string;
  /** The intent of a form that names none (a page's plain form, a mail program's one-click POST). */
  fallback?: string;
};

function runIntent<Answer>(args: PublicActionArgs, { intents, unknown, fallback }: Intents<Answer>): Promise<Answer> {
  const named = args.form.get('intent');
  const name = named === null ? fallback : named;
  const handler = typeof name === 'string' && Object.hasOwn(intents, name) ? intents[name] : undefined;
  if (!handler) throw new HttpError(400, unknown);
  const value = handler.schema
    ? parseBody(handler.schema, Object.fromEntries(args.form), handler.invalid ?? unknown)
    : undefined;
  return handler.run({ ...args, value });
}

/**
 * The action of every public page, as `adminAction` (admin-page.server.ts) is of the admin pages, without the sign-in:
 * the form read with a size limit (a larger body is a 413), then `run`, which answers success: a redirect (`done`
 * for one with a toast) or the page's own data, and the form with its messages when the input is not valid (400).
 * A page whose forms do several things gives `intents` (`publicIntent`: each typed and checked by its schema, as an
 * admin page's) in place of `run`.
 *
 * An expected failure, of the read or thrown by `run` (`failureOf`: a domain error, an HttpError, a 429 with its
 * Retry-After, the payment provider down), is answered the one way: `failed` says what the page shows (its form back
 * with the message, a notice) and `failureInit` gives the status and headers. `form` is null when the form itself
 * could not be read. (A resource route's `failed` answers a Response of its own, sent as it is.) Anything else is a
 * defect and propagates (500).
 */
export async function publicAction<Answer, Failed>(
  request: Request,
  options: {
    maxBytes?: number;
    failed: (failure: Failure, form: FormData | null) => Failed | Promise<Failed>;
  } & ({ run: (args: PublicActionArgs) => Promise<Answer> } | Intents<Answer>),
): Promise<Answer | DataAnswer<Exclude<Failed, Response>> | Extract<Failed, Response>> {
  const { maxBytes = 20_000, failed } = options;
  let form: FormData | null = null;
  try {
    form = await readSmallForm(request, maxBytes);
    const done: PublicActionArgs['done'] = (to, toast) =>
      redirectWithToast(to, { type: 'success', ...toast }, { status: 303 }, request);
    const args = { form, request, done };
    return await ('run' in options ? options.run(args) : runIntent(args, options));
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    const answer = await failed(failure, form);
    if (answer instanceof Response) return answer as Extract<Failed, Response>;
    return data(answer as Exclude<Failed, Response>, failureInit(failure));
  }
}

/**
 * The `headers` of a public page whose action can answer 429. With JavaScript off the browser gets the action's answer
 * as the page's document, whose headers are the route's, not the action's: this keeps the action's Retry-After, so the
 * page says when to come back in its header too, as it does to a script (and the JSON API).
 */
export const retryAfterHeaders: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get('Retry-After');
  if (retryAfter) headers.set('Retry-After', retryAfter);
  return headers;
};
