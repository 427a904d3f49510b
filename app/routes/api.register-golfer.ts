import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { startRegistration } from '~/models/registrations.server';
import { registrationSchema } from '~/schemas/registration';
import { apiHandler, methodNotAllowed, parseBody, postOnlyLoader, readJson, siteOrigin } from '~/utils/http.server';

export const loader = postOnlyLoader;

/**
 * POST /api/register-golfer (public): the JSON twin of the /register form, with the same schema and model
 * call. Answers {checkoutUrl} to send the golfer to, or {message, errors?}; the payment provider being down is
 * a 502 (nothing was charged, the golfer may retry).
 */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const input = parseBody(
      registrationSchema,
      await readJson(request, 20_000),
      'Please correct the highlighted fields.',
    );
    const { checkoutUrl } = await startRegistration(input, siteOrigin(request));
    return json({ checkoutUrl });
  });
}
