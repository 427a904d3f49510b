import type { ActionFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { setGolferCanSub } from '~/features/subs/subs.server';
import { canSubSchema } from '~/schemas/availability';
import { requireGolferApi } from '~/web/golfer-session.server';
import { apiHandler, methodNotAllowed, parseBody, readJson } from '~/web/http.server';

export function loader() {
  return methodNotAllowed(['PUT']);
}

/** PUT /api/me/can-sub `{ "canSub": true }` with the golfer's session (401 without): 'I can sub' on /me. */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'PUT') return methodNotAllowed(['PUT']);
    const { golferId } = await requireGolferApi(request);
    const { canSub } = parseBody(canSubSchema, await readJson(request, 1_000), "Invalid 'I can sub'");
    await setGolferCanSub(golferId, canSub, null);
    return json({ canSub });
  });
}
