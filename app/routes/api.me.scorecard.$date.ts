import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { writeHoleScoresOfSession } from '~/models/scorecard-writes.server';
import { holeEntriesSchema, isNightDate } from '~/schemas/scorecard';
import { requireGolferApi, tokenOfCookie } from '~/web/golfer-session.server';
import { apiHandler, HttpError, methodNotAllowed, parseBody, parseJsonText, readBodyText } from '~/web/http.server';
import { golferCardOf } from '~/web/scorecard.server';

/** GET /api/me/scorecard/{date}: the signed-in golfer's card of the night. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const { golferId } = await requireGolferApi(request);
    return Response.json(await (await golferCardOf(golferId, params.date)).card());
  });
}

/**
 * POST /api/me/scorecard/{date} { teeTimeId?, entries: [{ clientId, golferId, hole, strokes, enteredAt }] }: the
 * phone's queue of hole entries, in the order they were made; each is taken once (docs/decisions/121-scorecards.md).
 * A `teeTimeId` other than the golfer's own group is another group's card (403). On game night every group's phone
 * sends at once: the model stores the writes of the requests that arrive together in one transaction, and checks the
 * golfer's session there too, in one query for the batch (docs/decisions/128-scorecard-group-commit.md; this route is
 * the one way in, decision 188).
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
    const text = await readBodyText(request); // 413 past 100 KB, counted as it arrives
    // The cookie's signature here; the session itself is checked with the holes, in their batch (401 there).
    const token = await tokenOfCookie(request.headers.get('Cookie'));
    if (!token) throw new HttpError(401, 'Sign in with the code we email you first');
    if (!isNightDate(params.date)) throw new HttpError(404, 'No such night');
    const input = parseBody(holeEntriesSchema, parseJsonText(text), 'Invalid hole entries');
    // Field by field: an object spread costs microseconds an entry, and game night sends 3,600 at once.
    const entries = input.entries.map(({ clientId, golferId, hole, strokes, enteredAt }) => ({
      clientId,
      golferId,
      hole,
      strokes,
      enteredAt: enteredAt === undefined ? undefined : new Date(enteredAt),
    }));
    const results = await writeHoleScoresOfSession(token, params.date!, entries, input.teeTimeId);
    // With its length and uncompressed (no-transform keeps server.js's compression off it), as decision 128 measured:
    // a few KB of JSON, where compressing it for each of game night's phones costs more than it saves.
    const body = JSON.stringify({ results });
    return new Response(body, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(body)),
        'Cache-Control': 'no-store, no-transform',
      },
    });
  });
}
