// The route matching of Remix's server, patched (patches/, applied by `npm install`; docs/decisions/
// 195-route-branches-computed-once.md): the server's routes are flattened, ranked and compiled once, not on every
// request. These check that the patch is applied and that it matches every path as Remix's own matchRoutes does.
import { createRequire } from 'node:module';
import { createStaticHandler, matchRoutes, type AgnosticRouteObject } from '@remix-run/router';
import { describe, expect, it } from 'vitest';

// What the patch adds to @remix-run/router: not in its types, as react-router 7.15 keeps them internal.
type Branch = unknown;
const router = createRequire(import.meta.url)('@remix-run/router') as {
  UNSAFE_flattenAndRankRoutes?: (routes: AgnosticRouteObject[]) => Branch[];
  UNSAFE_matchRoutesImpl?: typeof matchRoutes extends (...args: infer A) => infer R
    ? (routes: A[0], location: A[1], basename: string, allowPartial: boolean, branches: Branch[]) => R
    : never;
};
const { matchServerRoutes } = createRequire(import.meta.url)('@remix-run/server-runtime/dist/routeMatching.js') as {
  matchServerRoutes: (routes: AgnosticRouteObject[], pathname: string, basename?: string) => unknown;
};

/** Shapes of this app's routes (app/routes, flat routes): a root, pathless layouts, index routes, params, a splat. */
const routes: AgnosticRouteObject[] = [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'routes/_index', index: true },
      { id: 'routes/join', path: 'join' },
      {
        id: 'routes/stats',
        path: 'stats',
        children: [
          { id: 'routes/stats._index', index: true },
          { id: 'routes/stats.golfers.$id', path: 'golfers/:id' },
          { id: 'routes/stats.results.$date', path: 'results/:date' },
          { id: 'routes/stats.results.$date.live', path: 'results/:date/live' },
        ],
      },
      {
        id: 'routes/_admin',
        children: [
          { id: 'routes/_admin.flights', path: 'flights' },
          { id: 'routes/_admin.seasons.$year', path: 'seasons/:year' },
          { id: 'routes/_admin.seasons.$year.rounds', path: 'seasons/:year/rounds' },
        ],
      },
      { id: 'routes/api.me.scorecard.$date', path: 'api/me/scorecard/:date' },
      { id: 'routes/api.public.$', path: 'api/public/*' },
      { id: 'routes/export.($type)', path: 'export/:type?' },
      { id: 'routes/$', path: '*' },
    ],
  },
];

const paths = [
  '/',
  '/join',
  '/join/',
  '/JOIN',
  '/stats',
  '/stats/golfers/12',
  '/stats/results/2026-06-01',
  '/stats/results/2026-06-01/live',
  '/flights',
  '/seasons/2026',
  '/seasons/2026/rounds',
  '/api/me/scorecard/2026-06-01',
  '/api/public/standings',
  '/api/public/a/b',
  '/export',
  '/export/golfers',
  '/no/such/page',
  '/stats/golfers/a%20b',
];

/** What a match says: each route's id, params and paths. */
const summary = (matches: unknown) =>
  (matches as { route: { id: string }; params: unknown; pathname: string; pathnameBase?: string }[] | null)?.map(
    (m) => [m.route.id, m.params, m.pathname, m.pathnameBase],
  ) ?? null;

describe('route matching with branches computed once', () => {
  it('is applied: @remix-run/router computes branches once and matches with them', () => {
    expect(typeof router.UNSAFE_flattenAndRankRoutes).toBe('function');
    expect(typeof router.UNSAFE_matchRoutesImpl).toBe('function');
  });

  it('matches every path as matchRoutes does, with branches computed once', () => {
    const branches = router.UNSAFE_flattenAndRankRoutes!(routes);
    for (const path of paths)
      expect(summary(router.UNSAFE_matchRoutesImpl!(routes, path, '/', false, branches)), path).toEqual(
        summary(matchRoutes(routes, path)),
      );
  });

  it("matches every path in the server's matching as matchRoutes does, call after call", () => {
    // The server's matches carry no pathnameBase.
    const withoutBase = (matches: unknown) => summary(matches)?.map((m) => m.slice(0, 3)) ?? null;
    for (let i = 0; i < 2; i++)
      for (const path of paths)
        expect(withoutBase(matchServerRoutes(routes, path)), path).toEqual(withoutBase(matchRoutes(routes, path)));
  });

  it("answers the static handler's route for a path, as before", async () => {
    const handler = createStaticHandler([
      {
        id: 'root',
        path: '/',
        children: [
          { id: 'card', path: 'api/me/scorecard/:date', loader: ({ params }) => Response.json(params) },
          { id: 'other', path: '*', loader: () => Response.json({ other: true }) },
        ],
      },
    ]);
    const card = await handler.queryRoute(new Request('http://league.test/api/me/scorecard/2026-06-01'));
    expect(await (card as Response).json()).toEqual({ date: '2026-06-01' });
    const other = await handler.queryRoute(new Request('http://league.test/nowhere'));
    expect(await (other as Response).json()).toEqual({ other: true });
  });
});
