import type { ActionFunctionArgs } from '@remix-run/node';
import { setGolferCanSub } from '~/features/subs/golfer-nights.server';
import { canSubSchema } from '~/schemas/availability';
import { golferWriteApi } from '~/web/golfer-api.server';
import { methodNotAllowed, parseBody } from '~/web/http.server';

export function loader() {
  return methodNotAllowed(['PUT']);
}

/** PUT /api/me/can-sub `{ "canSub": true }` with the golfer's session (401 without): 'I can sub' on /me. */
export function action({ request }: ActionFunctionArgs) {
  return golferWriteApi(request, 'PUT', 1_000, async (golferId, body) => {
    const { canSub } = parseBody(canSubSchema, body, "Invalid 'I can sub'");
    await setGolferCanSub(golferId, canSub, null);
    return Response.json({ canSub });
  });
}
