import { requireApiAdmin, type PublicUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, readJson } from '~/web/http.server';
import { idParam } from '~/web/id-param';

/**
 * The edge of the standing tee time's position APIs (add-golfer, remove-golfer): an administrator's POST (401, 403,
 * 405) on the tee time the path names (400 for a malformed id), with a small JSON body (413, 400); then `run`.
 */
export function teeTimeApi(
  request: Request,
  teeTimeParam: string | undefined,
  run: (teeTimeId: number, body: unknown, user: PublicUser) => Promise<Response>,
): Promise<Response> {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const teeTimeId = idParam(teeTimeParam, 'tee time id');
    return run(teeTimeId, await readJson(request, 10_000), user);
  });
}
