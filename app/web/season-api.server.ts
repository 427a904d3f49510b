import { requireApiAdmin, type PublicUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, yearParam } from '~/web/http.server';

/**
 * The edge of an administrator's POST to an address under /api/seasons/{year} (the schedule's new date, the playoff
 * field's lock and replace): 401 and 403 first, 405 for another method, 400 for a malformed year; then `run`.
 */
export function seasonPostApi(
  request: Request,
  yearText: string | undefined,
  run: (year: number, user: PublicUser) => Promise<Response>,
): Promise<Response> {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    return run(yearParam(yearText), user);
  });
}
