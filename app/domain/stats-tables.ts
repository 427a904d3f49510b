import { NotFoundError } from './errors';

/*
 * What the stats pages carry (docs/decisions/076-stats-pages-at-scale.md): one page of one flight's rows at a time,
 * chosen by `?flight=` and `?page=`.
 */

/** Rows of one flight a stats page shows at once; the JSON twins answer every row. */
export const TABLE_PAGE_SIZE = 50;

/**
 * Which rows a page shows: every flight's first page (`flight` null), or one flight's page `page` (a flight number,
 * or 'none' for the golfers without a flight). A `page` below 1 is none: the address asked for a page that is not one.
 */
export type TableQuery = { flight: string | null; page: number };

/** `?flight=` and `?page=` of a stats page's address. `?page=` alone means nothing and is ignored. */
export function tableQueryOf(params: URLSearchParams): TableQuery {
  const flight = params.get('flight');
  if (flight === null || flight === '') return { flight: null, page: 1 };
  const raw = params.get('page');
  if (raw === null || raw === '') return { flight, page: 1 };
  return { flight, page: /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : 0 };
}

/**
 * The query when the page has what it asks for: `flights` are the tables the page has; a flight it does not have,
 * or a page that is not a whole number from 1, is not found (`missing` says what).
 */
export function shownTable(query: TableQuery, flights: readonly string[], missing: string): TableQuery {
  if (query.flight === null) return { flight: null, page: 1 };
  if (!flights.includes(query.flight) || !Number.isSafeInteger(query.page) || query.page < 1)
    throw new NotFoundError(missing);
  return query;
}

/** One page of a flight's rows (a page past the last shows the last), with what its pager says. */
export function tablePage<T>(rows: readonly T[], page: number) {
  const pageCount = Math.max(1, Math.ceil(rows.length / TABLE_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const first = (current - 1) * TABLE_PAGE_SIZE;
  return {
    total: rows.length,
    page: current,
    pageCount,
    first,
    rows: rows.slice(first, first + TABLE_PAGE_SIZE),
  };
}
