import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { moveFlightAssignment } from '~/models/flights.server';
import { parseFlightMove } from '~/schemas/flight';
import { requireApiUser } from '~/utils/auth.server';
import { apiHandler, HttpError, readJson, zodFieldErrors } from '~/utils/http.server';

export function loader() {
  return json({ message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
}

/** POST /api/flights/reorder {flightId, newFlightNo}: a drag move; answers the moved assignment. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    if (request.method !== 'POST') return json({ message: 'Use POST' }, { status: 405, headers: { Allow: 'POST' } });
    const parsed = parseFlightMove(await readJson(request, 10_000));
    if (!parsed.success) throw new HttpError(400, 'Invalid move', zodFieldErrors(parsed.error));
    const { golferName: _name, ...assignment } = await moveFlightAssignment(
      parsed.data.flightId,
      parsed.data.newFlightNo,
    );
    return json(assignment);
  });
}
