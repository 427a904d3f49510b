import { requireGolferApi } from '~/web/golfer-session.server';
import { apiHandler, methodNotAllowed, readJson } from '~/web/http.server';

/**
 * The edge of a golfer's own write under /api/me (availability, 'I can sub', contact, tee time): 405 for another
 * method than `method`, 401 without the golfer's session, a JSON body of at most `maxBytes` (413, 400); then `run`
 * with the signed-in golfer's id and the body.
 */
export function golferWriteApi(
  request: Request,
  method: 'POST' | 'PUT',
  maxBytes: number,
  run: (golferId: number, body: unknown) => Promise<Response>,
): Promise<Response> {
  return apiHandler(async () => {
    if (request.method !== method) return methodNotAllowed([method]);
    const { golferId } = await requireGolferApi(request);
    return run(golferId, await readJson(request, maxBytes));
  });
}
