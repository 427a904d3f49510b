import { json, type HeadersFunction, type TypedResponse } from '@remix-run/node';
import { failureInit, failureOf, readSmallForm, type Failure } from './http.server';
import { redirectWithToast } from './session.server';

export type PublicActionArgs = {
  /** The form as sent, read with the action's size limit. */
  form: FormData;
  request: Request;
  /** Redirects to `to` (303: the browser follows with a GET) with a success toast the next page shows once. */
  done: (to: string, toast: { title: string; description?: string }) => Promise<TypedResponse<never>>;
};

/**
 * The action of every public page, as `adminAction` (admin-page.server.ts) is of the admin pages, without the sign-in:
 * the form read with a size limit (a larger body is a 413), then `run`, which answers success: a redirect (`done`
 * for one with a toast) or the page's own data, and the form with its messages when the input is not valid (400).
 *
 * An expected failure, of the read or thrown by `run` (`failureOf`: a domain error, an HttpError, a 429 with its
 * Retry-After, the payment provider down), is answered the one way: `failed` says what the page shows (its form back
 * with the message, a notice) and `failureInit` gives the status and headers. `form` is null when the form itself
 * could not be read. Anything else is a defect and propagates (500).
 */
export async function publicAction<Answer extends TypedResponse<unknown>, Failed>(
  request: Request,
  {
    maxBytes = 20_000,
    run,
    failed,
  }: {
    maxBytes?: number;
    run: (args: PublicActionArgs) => Promise<Answer>;
    failed: (failure: Failure, form: FormData | null) => Failed | Promise<Failed>;
  },
): Promise<Answer | TypedResponse<Failed>> {
  let form: FormData | null = null;
  try {
    form = await readSmallForm(request, maxBytes);
    const done: PublicActionArgs['done'] = (to, toast) =>
      redirectWithToast(to, { type: 'success', ...toast }, { status: 303 }, request);
    return await run({ form, request, done });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return json(await failed(failure, form), failureInit(failure));
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
