import type { SubmissionResult } from '@conform-to/react';
import { data } from '@remix-run/node';
import type { $ZodType, output } from 'zod/v4/core';
import { parseForm } from '~/schemas/parse-form';
import { requireAdmin, requireUser, type PublicUser } from './auth.server';
import { failureOf, HttpError, readSmallForm, type DataAnswer, type Failure, type Redirect } from './http.server';
import { idParam, requireId } from './id-param';
import { redirectWithToast } from './session.server';

/**
 * What an admin page's action answers when it does not redirect: the `intent` of the form that was sent (null for
 * one the page does not know), and either `result` (conform's reply: the form shows its field and form messages)
 * or `message` (for what is not a form: a delete dialog, a notice). A page may add its own fields (`Extra`).
 */
export type AdminActionData<Extra extends object = object> = {
  intent: string | null;
  result?: SubmissionResult<string[]>;
  message?: string;
} & Partial<Extra>;

type SuccessToast = string | { title: string; description?: string };

export type IntentArgs<Value> = {
  /** The schema's output (undefined for an intent without a schema). */
  value: Value;
  /** The signed-in user, who is making the change: the write functions record it in the audit log. */
  actor: PublicUser;
  form: FormData;
  request: Request;
  /** The list's URL the action was given (dialogs closed). */
  back: string;
  /** Redirects to `to` (default: `back`) with a success toast; a string is the description under 'Success'. */
  done: (toast: SuccessToast, to?: string) => Promise<Redirect>;
};

type FailureArgs = { intent: string; form: FormData; request: Request; back: string };

/**
 * How an expected failure of one intent is answered, when not the usual way: a redirect (with an error toast), or
 * fields to send beside `intent` and `message`.
 */
type FailureAnswer<Extra> = (
  failure: Failure,
  args: FailureArgs,
) => Redirect | Partial<Extra> | Promise<Redirect | Partial<Extra>>;

export type AdminIntent<Extra extends object = object> = {
  /** Validated with `parseForm` (app/schemas/parse-form.ts); invalid input is answered with the form's messages (400). */
  schema?: $ZodType;
  /** Admin only: `requireAdmin(request, admin)` runs first, and its refusal is this intent's 403 answer. */
  admin?: string;
  /** Invalid input is answered as one failure with this text (`message`, not field messages). */
  invalid?: string;
  /** Fields the form's reply must not send back (passwords). */
  hideFields?: string[];
  // A method, so an intent whose `value` is its own schema's output fits the map (parameters are bivariant).
  run(args: IntentArgs<unknown>): Promise<Redirect>;
  /** How this intent's expected failures are answered, when not the usual way. */
  failed?: FailureAnswer<Extra>;
};

/** One intent of an admin action, typed by its schema: `run` gets the schema's output as `value`. */
export function intent<S extends $ZodType, Extra extends object = object>(
  def: Omit<AdminIntent<Extra>, 'schema' | 'run'> & {
    schema: S;
    run: (args: IntentArgs<output<S>>) => Promise<Redirect>;
  },
): AdminIntent<Extra>;
export function intent<Extra extends object = object>(
  def: Omit<AdminIntent<Extra>, 'schema' | 'run'> & {
    schema?: undefined;
    run: (args: IntentArgs<undefined>) => Promise<Redirect>;
  },
): AdminIntent<Extra>;
export function intent(def: AdminIntent): AdminIntent {
  return def;
}

type Reply = (options?: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
}) => SubmissionResult<string[]>;

/**
 * The action of every admin page: the signed-in user (anonymous → /auth), the form read with a size limit (too
 * large → back to the list with an 'Error' toast), dispatch on `intent` to one of `intents` (unknown → 400), the
 * admin check and schema of that intent, then its `run`, which answers with `done(...)` (a redirect with a toast).
 * An expected failure (`failureOf`: a domain error or an HttpError, the admin refusal included) gets its status
 * and is answered with the form's messages (an intent with a schema) or `message`, unless the intent's `failed`
 * (or the page's) answers otherwise. Anything else is a defect and propagates (500).
 */
export async function adminAction<Extra extends object = object>(
  request: Request,
  {
    back,
    intents,
    maxBytes = 20_000,
    failed: pageFailed,
  }: {
    back: string;
    intents: Record<string, AdminIntent<Extra>>;
    maxBytes?: number;
    /** How every intent's failures are answered, when the intent does not say. */
    failed?: FailureAnswer<Extra>;
  },
): Promise<Redirect | DataAnswer<AdminActionData<Extra>>> {
  const actor = await requireUser(request);
  let form: FormData;
  try {
    form = await readSmallForm(request, maxBytes);
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return redirectWithToast(back, { type: 'error', title: 'Error', description: failure.message }, {}, request);
  }
  const answer = (body: AdminActionData, status: number) => data(body as AdminActionData<Extra>, { status });
  const name = form.get('intent');
  const handler = typeof name === 'string' && Object.hasOwn(intents, name) ? intents[name] : undefined;
  if (typeof name !== 'string' || !handler) return answer({ intent: null, message: 'Unknown action' }, 400);
  const asForm = handler.schema !== undefined && handler.invalid === undefined;
  let reply: Reply | undefined;
  try {
    if (handler.admin !== undefined) await requireAdmin(request, handler.admin);
    let value: unknown;
    if (handler.schema) {
      const submission = parseForm(form, handler.schema);
      reply = (options) => submission.reply(options);
      if (submission.status !== 'success') {
        if (handler.invalid !== undefined) throw new HttpError(400, handler.invalid);
        return answer({ intent: name, result: submission.reply({ hideFields: handler.hideFields }) }, 400);
      }
      value = submission.value;
    }
    const done = (toast: SuccessToast, to = back) =>
      redirectWithToast(
        to,
        typeof toast === 'string'
          ? { type: 'success', title: 'Success', description: toast }
          : { type: 'success', ...toast },
        {},
        request,
      );
    return await handler.run({ value, actor, form, request, back, done });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    const custom = handler.failed ?? pageFailed;
    if (custom) {
      const extra = await custom(failure, { intent: name, form, request, back });
      if (extra instanceof Response) return extra as Redirect;
      return answer({ intent: name, message: failure.message, ...extra }, failure.status);
    }
    if (!asForm) return answer({ intent: name, message: failure.message }, failure.status);
    const result = reply
      ? reply({ formErrors: [failure.message], fieldErrors: failure.errors, hideFields: handler.hideFields })
      : // Refused before the form was read (the admin check): the message above the form.
        ({ status: 'error', error: { '': [failure.message], ...failure.errors } } satisfies SubmissionResult<string[]>);
    return answer({ intent: name, result }, failure.status);
  }
}

type Saved = { back?: string } | void;

/**
 * The create / update / delete intents of a list page with URL dialogs, in the words of
 * docs/product/messages.md#admin-record-messages: 'Golfer created
 * successfully', '… updated …', '… deleted …'. The form's `id` names the record to update or delete ('Golfer is
 * required for update' without one). `create`/`update` may return `{ back }` to land elsewhere (the saved
 * record's season). A failed delete is an 'Error' toast ('Failed to delete golfer: …') back on the list, or with
 * `deleteFailure: 'dialog'` a `message` the delete dialog shows.
 */
export function crudIntents<S extends $ZodType>({
  noun,
  schema,
  create,
  update,
  remove,
  created = 'created',
  deleteFailure = 'toast',
}: {
  /**
   * Lower-case entity name as docs/product/messages.md#admin-record-messages words it: 'golfer',
   * 'course', 'flight assignment'.
   */
  noun: string;
  schema: S;
  create: (value: output<S>, actor: PublicUser) => Promise<Saved>;
  update: (id: number, value: output<S>, actor: PublicUser) => Promise<Saved>;
  remove: (id: number, actor: PublicUser) => Promise<unknown>;
  /** The verb of the create toast: 'Round recorded successfully'. */
  created?: string;
  deleteFailure?: 'toast' | 'dialog';
}): Record<'create' | 'update' | 'delete', AdminIntent> {
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  const idOf = (form: FormData, action: string) => requireId(form.get('id'), `${Noun} is required for ${action}`);
  return {
    create: intent({
      schema,
      run: async ({ value, actor, done }) =>
        done(`${Noun} ${created} successfully`, (await create(value, actor))?.back),
    }),
    update: intent({
      schema,
      run: async ({ value, actor, form, done }) =>
        done(`${Noun} updated successfully`, (await update(idOf(form, 'update'), value, actor))?.back),
    }),
    delete: intent({
      run: async ({ actor, form, done }) => {
        await remove(idOf(form, 'delete'), actor);
        return done(`${Noun} deleted successfully`);
      },
      failed:
        deleteFailure === 'toast'
          ? (failure, { back, request }) =>
              redirectWithToast(
                back,
                { type: 'error', title: 'Error', description: `Failed to delete ${noun}: ${failure.message}` },
                {},
                request,
              )
          : undefined,
    }),
  };
}

/**
 * The records of the ?edit=ID and ?delete=ID dialogs, for a list page whose loader looks them up (rounds and
 * flights list one season; the record may be in another). A missing record is null, and `status` 404: the page
 * still renders, its dialog saying '<Thing> not found.'. An id that is not a number is a 400 (`what` names it).
 */
export async function dialogRecords<E, D = E>(
  url: URL,
  what: string,
  getEditing: (id: number) => Promise<E | null>,
  getDeleting: (id: number) => Promise<D | null>,
): Promise<{ editing: E | null; deleting: D | null; status: 200 | 404 }> {
  const edit = url.searchParams.get('edit');
  const del = url.searchParams.get('delete');
  const [editing, deleting] = await Promise.all([
    edit !== null ? getEditing(idParam(edit, what)) : null,
    del !== null ? getDeleting(idParam(del, what)) : null,
  ]);
  const missing = (edit !== null && !editing) || (del !== null && !deleting);
  return { editing, deleting, status: missing ? 404 : 200 };
}
