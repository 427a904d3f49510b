import type { ActionFunctionArgs } from '@remix-run/node';
import { setNightRainedOut } from '~/features/night-messages/rain-out.server';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, methodNotAllowed } from '~/web/http.server';

export function loader() {
  return methodNotAllowed(['POST', 'DELETE']);
}

/**
 * POST /api/nights/{yyyy-MM-dd}/rain-out: 'Rain out this night'; DELETE: 'Not rained out after all' (administrators;
 * docs/product/api.md#rain-outs, docs/decisions/176-rain-out-in-one-press.md). Both answer 200
 * `{ date, rainedOut, changed, golfers, emails, texts }`: a night already so answers `changed: false` and sends
 * nothing. 404 for a date that is no league night; 409 for a night with results or one that is over.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    if (request.method !== 'POST' && request.method !== 'DELETE') return methodNotAllowed(['POST', 'DELETE']);
    const outcome = await setNightRainedOut({
      date: params.date ?? '',
      rainOut: request.method === 'POST',
      actor: user,
    });
    return Response.json(outcome);
  });
}
