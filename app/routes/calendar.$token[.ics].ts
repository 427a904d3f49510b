import type { LoaderFunctionArgs } from '@remix-run/node';
import { golferCalendar } from '~/features/my-league/my-calendar.server';
import { failureInit, failureOf, getOnlyAction, siteOrigin } from '~/web/http.server';

/**
 * GET /calendar/{token}.ics: a golfer's own nights as a calendar that calendar apps subscribe to
 * (docs/product/my-league.md#my-calendar, docs/decisions/157-a-golfers-own-calendar.md). The token is the only key:
 * no sign-in, since calendar apps have none. A replaced, tampered or unknown token is a 404 in plain words, never a
 * calendar; the answer is never kept by a cache, so 'New calendar link' ends the old address at once.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const ics = await golferCalendar(params.token ?? '', siteOrigin(request));
    return new Response(ics, {
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="my-league-nights.ics"',
        'Cache-Control': 'private, no-store',
      },
    });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    const init = failureInit(failure);
    const headers = new Headers(init.headers);
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    headers.set('Cache-Control', 'no-store');
    return new Response(failure.message, { ...init, headers });
  }
}

export const action = getOnlyAction;
