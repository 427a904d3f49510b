import { NotFoundError } from '~/domain/errors';
import { isValidCalendarDate } from '~/domain/season';
import { tableQueryOf, type TableQuery } from '~/domain/stats-tables';
import { getSettings } from '~/models/settings.server';
import { getUser } from '~/web/auth.server';
import { apiHandler, failureOf, HttpError, pageHandler, yearParam } from '~/web/http.server';

/**
 * The HTTP edge of the stats website (docs/product/stats.md): whether it is published, and its bad input. The pages
 * answer every bad address with their 404 page; the JSON twins answer 400 for a malformed value and 404 for a
 * missing one (docs/decisions/072-stats-addresses-and-publishing.md).
 */

/**
 * 'Publish stats website' (Settings): when it is off, anonymous visitors (and users who are not administrators) find
 * nothing; administrators still see the pages, to check them before publishing.
 */
export async function requireStatsPublished(request: Request): Promise<void> {
  const settings = await getSettings();
  if (settings.publishStats) return;
  const user = await getUser(request);
  if (user?.isAdmin) return;
  throw new NotFoundError('Page not found');
}

/**
 * A stats page's loader: unpublished, malformed and missing all answer the page's 404; a malformed address says
 * `malformed` (e.g. 'There is no such golfer on the stats website').
 */
export function statsPage<T>(request: Request, malformed: string, fn: () => Promise<T>): Promise<T> {
  return pageHandler(async () => {
    await requireStatsPublished(request);
    try {
      return await fn();
    } catch (error) {
      const failure = failureOf(error);
      if (failure?.status === 400) throw new NotFoundError(malformed);
      throw error;
    }
  });
}

/** A stats JSON route: 404 while unpublished, then the route's own answers (400 malformed, 404 missing). */
export function statsApi(request: Request, fn: () => Promise<Response>): Promise<Response> {
  return apiHandler(async () => {
    await requireStatsPublished(request);
    return fn();
  });
}

/** `?season=`: null when absent (the league season), a year, or a 400. */
export function statsSeasonParam(request: Request): number | null {
  const raw = new URL(request.url).searchParams.get('season');
  return raw === null || raw === '' ? null : yearParam(raw);
}

/** `?flight=` and `?page=`: which table of a stats page to show (the page itself says whether it has it). */
export function statsTableParam(request: Request): TableQuery {
  return tableQueryOf(new URL(request.url).searchParams);
}

/** A `yyyy-MM-dd` date in the path, or a 400. */
export function nightDateParam(value: string | undefined): string {
  if (!value || !isValidCalendarDate(value)) throw new HttpError(400, `Invalid date: "${value ?? ''}"`);
  return value;
}
