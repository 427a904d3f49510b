import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { requireGolferApi } from '~/web/golfer-session.server';
import { apiHandler, methodNotAllowed, readBodyText } from '~/web/http.server';
import { scorecardWriteAnswer } from '~/web/scorecard-writes.server';
import { golferCardOf } from '~/web/scorecard.server';

/** GET /api/me/scorecard/{date}: the signed-in golfer's card of the night. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const { golferId } = await requireGolferApi(request);
    return json(await (await golferCardOf(golferId, params.date)).card());
  });
}

/**
 * POST /api/me/scorecard/{date}: the phone's queue of hole entries (app/web/scorecard-writes.server.ts). In production
 * server.js answers it before Remix (docs/decisions/128-scorecard-group-commit.md); this action gives the same answer.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const text = await readBodyText(request);
    const { status, body } = await scorecardWriteAnswer(request.headers.get('Cookie'), params.date ?? '', text);
    return json(body, { status, headers: { 'Cache-Control': 'no-store' } });
  });
}
