import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { selectTeeTimeForSession } from '~/models/registrations.server';
import { asPosition } from '~/models/tee-times.server';
import { selectTeeTimeSchema } from '~/schemas/tee-time';
import { apiHandler, HttpError, readJson, zodFieldErrors } from '~/utils/http.server';
import { PaymentProviderError } from '~/utils/payments.server';
import { postOnlyLoader } from '~/utils/api-input.server';

/**
 * POST /api/select-tee-time {sessionId, teeTimeId, position} (public, proven by the paid checkout session):
 * the session's golfer takes that position. 409 "That tee time was just taken" when someone was quicker.
 */

/** Only POST does anything here; a GET gets 405 in JSON. */
export const loader = postOnlyLoader;

export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const parsed = selectTeeTimeSchema.safeParse(await readJson(request, 10_000));
    if (!parsed.success) throw new HttpError(400, 'Please choose a tee time', zodFieldErrors(parsed.error));
    try {
      const result = await selectTeeTimeForSession({ ...parsed.data, position: asPosition(parsed.data.position) });
      return json({ success: true, ...result });
    } catch (error) {
      if (error instanceof PaymentProviderError) return json({ message: error.message }, { status: 502 });
      throw error;
    }
  });
}
