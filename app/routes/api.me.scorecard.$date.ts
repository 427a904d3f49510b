import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { writeHoleScores } from '~/models/scorecards.server';
import { ForbiddenError } from '~/domain/errors';
import { holeEntriesSchema } from '~/schemas/scorecard';
import { requireGolferApi } from '~/web/golfer-session.server';
import { apiHandler, methodNotAllowed, parseBody, readJson } from '~/web/http.server';
import { golferCardOf } from '~/web/scorecard.server';

/** GET /api/me/scorecard/{date}: the signed-in golfer's card of the night. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const { golferId } = await requireGolferApi(request);
    return json(await (await golferCardOf(golferId, params.date)).card());
  });
}

/**
 * POST /api/me/scorecard/{date} { teeTimeId?, entries: [{ clientId, golferId, hole, strokes, enteredAt }] }: the
 * phone's queue of hole entries, in the order they were made; each is taken once (docs/decisions/121-scorecards.md).
 * A `teeTimeId` other than the golfer's own group is another group's card (403).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const { golferId } = await requireGolferApi(request);
    const own = await golferCardOf(golferId, params.date);
    const input = parseBody(holeEntriesSchema, await readJson(request), 'Invalid hole entries');
    if (input.teeTimeId !== undefined && input.teeTimeId !== own.teeTimeId)
      throw new ForbiddenError("This is another group's card: you can keep score only for your own group");
    const entries = input.entries.map((e) => ({
      ...e,
      enteredAt: e.enteredAt === undefined ? undefined : new Date(e.enteredAt),
    }));
    return json({ results: await writeHoleScores(own.date, own.teeTimeId, entries, own.scorer) });
  });
}
