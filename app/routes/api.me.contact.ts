import type { ActionFunctionArgs } from '@remix-run/node';
import { updateMyContact } from '~/features/my-league/my-league.server';
import { myContactSchema } from '~/schemas/my-league';
import { golferWriteApi } from '~/web/golfer-api.server';
import { methodNotAllowed, parseBody, siteOrigin } from '~/web/http.server';

export function loader() {
  return methodNotAllowed(['PUT']);
}

/**
 * PUT /api/me/contact {email, phone?} (a golfer's session, else 401): a new phone is stored at once; a new email is
 * confirmed by a link sent to it (200 {phoneChanged, emailPending}). 400 malformed, 409 another golfer's address.
 */
export function action({ request }: ActionFunctionArgs) {
  return golferWriteApi(request, 'PUT', 10_000, async (golferId, body) => {
    const input = parseBody(myContactSchema, body, 'Please correct the highlighted fields.');
    return Response.json(
      await updateMyContact(golferId, { email: input.email, phone: input.phone ?? null }, siteOrigin(request)),
    );
  });
}
