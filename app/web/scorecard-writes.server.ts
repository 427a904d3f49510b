import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeHoleScoresOfSession } from '~/models/scorecard-writes.server';
import { holeEntriesSchema, isNightDate } from '~/schemas/scorecard';
import type { HoleWriteResult } from '~/schemas/scorecard';
import { CROSS_SITE_MESSAGE, isCrossSite } from './cross-site';
import { tokenOfCookie } from './golfer-session.server';
import { failureOf, HttpError, parseBody, parseJsonText, type ApiError } from './http.server';

/**
 * POST /api/me/scorecard/{date} { teeTimeId?, entries: [{ clientId, golferId, hole, strokes, enteredAt }] }: the
 * phone's queue of hole entries, in the order they were made; each is taken once (docs/decisions/121-scorecards.md).
 * A `teeTimeId` other than the golfer's own group is another group's card (403).
 *
 * On game night every group's phone sends at once (SPEC-3 §G), so server.js answers this POST itself, before
 * compression and Remix (docs/decisions/128-scorecard-group-commit.md): the request costs its body, its cookie and
 * its checks, and the writes of the requests that arrive together are stored together. The Remix route answers the
 * same way, through `scorecardWriteAnswer`, where no server.js stands in front (the tests).
 */

const PATH = /^\/api\/me\/scorecard\/([^/]+)$/;
const MAX_BODY_BYTES = 100_000;

type Answer = { status: number; body: { results: HoleWriteResult[] } | ApiError; headers?: Record<string, string> };

/** The answer to one POST: the golfer's session from the Cookie header, the queue from the body's text. */
export async function scorecardWriteAnswer(cookie: string | null, date: string, bodyText: string): Promise<Answer> {
  try {
    // The session itself is checked with the holes, in their batch (401 there when it has ended).
    const token = await tokenOfCookie(cookie);
    if (!token) throw new HttpError(401, 'Sign in with the code we email you first');
    if (!isNightDate(date)) throw new HttpError(404, 'No such night');
    const input = parseBody(holeEntriesSchema, parseJsonText(bodyText), 'Invalid hole entries');
    // Field by field: an object spread costs microseconds an entry, and game night sends 3,600 at once.
    const entries = input.entries.map(({ clientId, golferId, hole, strokes, enteredAt }) => ({
      clientId,
      golferId,
      hole,
      strokes,
      enteredAt: enteredAt === undefined ? undefined : new Date(enteredAt),
    }));
    return {
      status: 200,
      body: { results: await writeHoleScoresOfSession(token, date, entries, input.teeTimeId) },
    };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return {
      status: failure.status,
      body: failure.errors ? { message: failure.message, errors: failure.errors } : { message: failure.message },
    };
  }
}

/**
 * For server.js's node:http server, before Express (as the page cache's hits): answers POST /api/me/scorecard/{date}
 * (true), refusing a cross-site one as Express's check would; anything else goes on to Express (false). Express's
 * own work was half of such a request's cost on game night (docs/decisions/128-scorecard-group-commit.md).
 */
export function answerScorecardWrite(req: IncomingMessage, res: ServerResponse): boolean {
  const match = req.method === 'POST' ? PATH.exec(new URL(req.url ?? '/', 'http://league.invalid').pathname) : null;
  if (!match) return false;
  const answer = (status: number, body: unknown) => {
    const data = JSON.stringify(body);
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(data),
      'Cache-Control': 'no-store',
    });
    res.end(data);
  };
  if (isCrossSite(req.headers)) {
    req.resume();
    answer(403, { message: CROSS_SITE_MESSAGE });
    return true;
  }
  readBody(req)
    .then((text) =>
      text === null
        ? { status: 413, body: { message: 'Request body is too large.' } }
        : scorecardWriteAnswer(req.headers.cookie ?? null, safeDecode(match[1]), text),
    )
    .then(
      ({ status, body }) => answer(status, body),
      (error: unknown) => {
        // Outside Express, so its error handler cannot: logged, and answered without internals.
        console.error(error);
        if (!res.headersSent) answer(500, { message: 'Something went wrong on our side.' });
      },
    );
  return true;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The body as text, or null when it is larger than the limit (counted as it arrives, so no length can lie). */
function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
