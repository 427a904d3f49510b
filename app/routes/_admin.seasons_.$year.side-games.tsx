import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { getSideGames, saveSideGames } from '~/models/side-games.server';
import { sideGamesFormSchema, sideGamesOfForm } from '~/schemas/side-games';
import { titled } from '~/ui/meta';
import { PageHeader } from '~/ui/page-header';
import { buttonClass } from '~/ui/primitives/button';
import { RouteError } from '~/ui/route-error';
import { SideGamesForm } from '~/ui/side-games-form';
import { adminAction, intent } from '~/web/admin-page.server';
import { requireUser } from '~/web/auth.server';
import { pageHandler, yearParam } from '~/web/http.server';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Side games');

/** /seasons/{year}/side-games: 'Edit side games' of the season screen (docs/product/money.md#side-games-per-season). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    await requireUser(request);
    const year = yearParam(params.year);
    return { year, games: await getSideGames(year) };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const year = yearParam(params.year);
  return adminAction(request, {
    back: `/seasons/${year}/side-games`,
    intents: {
      save: intent({
        schema: sideGamesFormSchema,
        admin: 'Only an administrator can change the side games',
        run: async ({ value, actor, done }) => {
          await saveSideGames(year, sideGamesOfForm(value), actor);
          return done('Side games saved', `/seasons/${year}`);
        },
      }),
    },
  });
}

export default function SideGamesPage() {
  const { year, games } = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const lastResult =
    data?.result ?? (data?.message ? { status: 'error' as const, error: { '': [data.message] } } : undefined);
  return (
    <div className="space-y-6">
      <PageHeader title={`Side games ${year}`}>
        <Link to={`/seasons/${year}`} className={buttonClass('secondary')}>
          Season {year}
        </Link>
      </PageHeader>
      <SideGamesForm games={games} lastResult={lastResult} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="side games" />;
}
