import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { siteOrigin, startRegistration } from '~/models/registrations.server';
import { registrationSchema } from '~/schemas/registration';
import { apiHandler, HttpError, readJson, zodFieldErrors } from '~/utils/http.server';
import { PaymentProviderError } from '~/utils/payments.server';
import { postOnlyLoader } from '~/utils/api-input.server';

/**
 * POST /api/register-golfer (public): the JSON twin of the /register form, with the same schema and model
 * call. Answers {checkoutUrl} to send the golfer to, or {message, errors?}.
 */

/** Only POST does anything here; a GET gets 405 in JSON. */
export const loader = postOnlyLoader;

export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') throw new HttpError(400, 'Use POST');
    const parsed = registrationSchema.safeParse(await readJson(request, 20_000));
    if (!parsed.success)
      throw new HttpError(400, 'Please correct the highlighted fields.', zodFieldErrors(parsed.error));
    try {
      const { checkoutUrl } = await startRegistration(parsed.data, siteOrigin(request));
      return json({ checkoutUrl });
    } catch (error) {
      // The provider being down is not our defect, and nothing was charged: say so and let them retry.
      if (error instanceof PaymentProviderError) return json({ message: error.message }, { status: 502 });
      throw error;
    }
  });
}
