import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { findGolferChoices } from '~/models/golfers.server';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed } from '~/web/http.server';

/**
 * GET /api/golfer-choices?q=smi, what the Golfer field of the round, membership and flight dialogs lists as the user
 * types (docs/decisions/105-golfer-picker.md): `{ golfers: [{ id, fullName }], matched, limit, search }`, the first 100
 * golfers by name whose full name or nickname contains every word of `q` (the first 100 of all without `q`), and how
 * many matched. Names only. Signed-in users, like the pages that use it; 401 signed out.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    const q = new URL(request.url).searchParams.get('q') ?? '';
    return Response.json(await findGolferChoices(q), { headers: { 'Cache-Control': 'private, no-store' } });
  });
}

/** GET only: a signed-in user's other methods get 405 with Allow (decision 093); anonymous, 401. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return methodNotAllowed(['GET']);
  });
}
