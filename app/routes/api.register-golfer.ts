import type { ActionFunctionArgs } from '@remix-run/node';
import { takeRegistrationSlot } from '~/models/rate-limit.server';
import { requireOpenRegistration, startRegistration } from '~/features/registration/checkout.server';
import { registrationSchema, type RegistrationInput } from '~/schemas/registration';
import { clientAddress } from '~/web/client-address.server';
import {
  apiHandler,
  HttpError,
  methodNotAllowed,
  parseBody,
  postOnlyLoader,
  readJson,
  siteOrigin,
  TooManyRequestsError,
} from '~/web/http.server';

export const loader = postOnlyLoader;

/**
 * A body wrong only in its terms gets the terms sentence itself as its message
 * (docs/product/api.md#registration-and-payment); one with other mistakes too gets the general one, every field named.
 */
function termsOnly(error: unknown): unknown {
  if (!(error instanceof HttpError) || !error.errors) return error;
  const fields = Object.keys(error.errors);
  if (fields.length !== 1 || fields[0] !== 'termsAccepted') return error;
  return new HttpError(400, error.errors.termsAccepted[0], error.errors);
}

/**
 * POST /api/register-golfer (public): the JSON twin of the /register form, with the same schema and model
 * call. Answers {checkoutUrl} to send the golfer to, or {message, errors?}; the payment provider being down is
 * a 502 (nothing was charged, the golfer may retry). While no season's registration window contains today the
 * answer is 409 with the page's closed message, whatever the body
 * (docs/product/seasons.md#registration-follows-the-season). Past the address's allowance of checkouts the answer is
 * 429 and nothing else happens (docs/product/accounts.md#registration-abuse).
 */
export function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    // Rate-limited per client address; without an address this is a 500, logged (app/web/client-address.server.ts).
    const address = clientAddress(context);
    await requireOpenRegistration();
    const body = await readJson(request, 20_000);
    let input: RegistrationInput;
    try {
      input = parseBody(registrationSchema, body, 'Please correct the highlighted fields.');
    } catch (error) {
      throw termsOnly(error);
    }
    const refused = await takeRegistrationSlot(address);
    if (refused) throw new TooManyRequestsError(refused.message, refused.retryAfter);
    const { checkoutUrl } = await startRegistration(input, siteOrigin(request));
    return Response.json({ checkoutUrl });
  });
}
