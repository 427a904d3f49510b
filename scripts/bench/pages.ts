// Every page at league size (docs/product/performance.md#lists-scale): it answers, its HTML is at most 300 KB (except
// /email-list, whose job is to show every address) and it makes at most QUERY_BUDGET database queries (a page that
// asked once per row would make hundreds here). Its median time over HTTP is printed, not a gate: it moves with the
// host (docs/decisions/189-the-bench-in-proportion.md).
import type { GrownLeague } from './league';
import { get, median, type BenchServer } from './server';

export const HTML_BUDGET_KB = 300;
/** The product's aim for a page's time on an unloaded server (printed beside each page's median). */
export const PAGE_AIM_MS = 500;
/** Queries one page may make at league size: the largest page makes a fixed handful whatever the number of rows. */
export const QUERY_BUDGET = 40;
const RUNS = 5;

export type PageResult = { path: string; status: number; kb: number; ms: number; queries: number | null; ok: boolean };

function benchPages(league: GrownLeague): { path: string; admin: boolean; anyHtmlSize?: boolean }[] {
  const { season, nights, golferId } = league;
  const night = nights[0];
  return [
    { path: '/', admin: true },
    { path: '/golfers', admin: true },
    { path: '/golfers?q=Last0999', admin: true },
    { path: '/golfers?page=150', admin: true },
    { path: `/memberships?season=${season}`, admin: true },
    { path: `/memberships?season=${season}&q=First9`, admin: true },
    { path: `/rounds?season=${season}`, admin: true },
    { path: `/rounds?season=${season}&action=new`, admin: true },
    { path: `/rounds?season=${season}&action=new&golfer=Last09`, admin: true },
    { path: `/memberships?season=${season}&action=new`, admin: true },
    { path: `/flights?season=${season}`, admin: true },
    { path: `/flights?season=${season}&action=new`, admin: true },
    { path: `/standings?season=${season}`, admin: true },
    { path: '/tee-times', admin: true },
    { path: '/seasons', admin: true },
    { path: `/seasons/${season}`, admin: true },
    { path: `/money?season=${season}`, admin: true },
    { path: '/settings', admin: true },
    { path: '/import', admin: true },
    { path: '/outbox', admin: true },
    { path: '/email-list', admin: true, anyHtmlSize: true },
    { path: '/join', admin: false },
    { path: '/rules', admin: false },
    { path: '/schedule', admin: false },
    { path: '/terms', admin: false },
    { path: '/register', admin: false },
    { path: '/register?find=Last09', admin: false },
    { path: '/public/tee-times', admin: false },
    { path: '/stats', admin: false },
    { path: '/stats/playoffs', admin: false },
    { path: `/stats/results/${night}`, admin: false },
    { path: `/stats/golfers/${golferId}`, admin: false },
    { path: `/api/public/standings?season=${season}`, admin: false },
    { path: `/api/public/playoffs?season=${season}`, admin: false },
  ];
}

/** The server's running count of database queries, when it offers one (BENCH=1: GET /__bench/queries). */
export async function queriesSoFar(server: BenchServer): Promise<number | null> {
  const answer = await get(`${server.url}/__bench/queries`).catch(() => null);
  if (!answer || answer.status !== 200) return null;
  return (JSON.parse(answer.body) as { queries: number }).queries;
}

export async function measurePages(server: BenchServer, cookie: string, league: GrownLeague): Promise<PageResult[]> {
  const results: PageResult[] = [];
  for (const page of benchPages(league)) {
    const headers: Record<string, string> = page.admin ? { Cookie: cookie } : {};
    const url = `${server.url}${page.path}`;
    // The first answer is the route's own (a public page's later ones come from the page cache): its size, its queries.
    const before = await queriesSoFar(server);
    const first = await get(url, headers);
    const after = await queriesSoFar(server);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i += 1) times.push((await get(url, headers)).ms);
    const kb = first.bytes / 1024;
    const queries = before === null || after === null ? null : after - before;
    const ok =
      first.status === 200 &&
      (page.anyHtmlSize === true || kb <= HTML_BUDGET_KB) &&
      queries !== null &&
      queries <= QUERY_BUDGET;
    results.push({ path: page.path, status: first.status, kb, ms: median(times), queries, ok });
  }
  return results;
}
