import type { ActionFunctionArgs } from '@remix-run/node';
import { setAvailability } from '~/features/subs/golfer-nights.server';
import { availabilitySchema } from '~/schemas/availability';
import { golferWriteApi } from '~/web/golfer-api.server';
import { methodNotAllowed, parseBody, siteOrigin } from '~/web/http.server';

export function loader() {
  return methodNotAllowed(['PUT']);
}

/**
 * PUT /api/me/availability/{yyyy-MM-dd} `{ "status": "out" | "in" }` with the golfer's session (401 without): the
 * same rule as /me/nights (docs/product/availability-and-subs.md). Answers `{ date, status, message, offered }`;
 * 404 for a date that is not a league night, 400 for a past one, 409 after the cut-off or when a sub has the spot.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return golferWriteApi(request, 'PUT', 1_000, async (golferId, body) => {
    const { status } = parseBody(availabilitySchema, body, 'Invalid availability');
    return Response.json(
      await setAvailability({
        golferId,
        date: params.date ?? '',
        available: status === 'in',
        origin: siteOrigin(request),
      }),
    );
  });
}
