import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';
import { DataTable, Td } from '~/ui/data-table';
import { EmptyState } from '~/ui/page-header';
import { Notice } from '~/ui/notice';
import { formatTeeTime, POSITIONS } from '~/domain/tee-times';
import { listLeagueSeasonTeeTimes } from '~/models/tee-times.server';
import { titled } from '~/ui/meta';
import { orAbsent } from '~/domain/format';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'Tee Times'),
  { name: 'description', content: "This season's standing Monday tee times and who plays in each." },
];

/**
 * Read-only standing tee times of the league season (docs/product/seasons.md#the-league-season), for anyone (names
 * only, no contact details). The public layout supplies the header's Join League / Login buttons and the footer's
 * Join Our League / Member Login links.
 */
export async function loader(_: LoaderFunctionArgs) {
  return await listLeagueSeasonTeeTimes();
}

function Heading({ season }: { season: number }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Tee Times</h1>
        <p className="mt-1 text-slate-700">Standing Monday tee times for the {season} season.</p>
      </div>
    </div>
  );
}

export default function PublicTeeTimesPage() {
  const { season, teeTimes } = useLoaderData<typeof loader>();
  return (
    <div>
      <Heading season={season} />
      {teeTimes.length === 0 ? (
        <EmptyState>No standing tee times available for this season</EmptyState>
      ) : (
        <DataTable headers={['Time', 'Golfer 1', 'Golfer 2', 'Golfer 3', 'Golfer 4']} label="Standing tee times">
          {teeTimes.map((slot) => (
            <tr key={slot.id}>
              <Td className="font-medium">{formatTeeTime(slot.time)}</Td>
              {POSITIONS.map((p) => {
                const name = slot[`golfer${p}Name`] ?? (slot[`golfer${p}Id`] ? 'Reserved' : null);
                return (
                  <Td key={p} className={name ? undefined : 'text-slate-400'}>
                    {orAbsent(name)}
                  </Td>
                );
              })}
            </tr>
          ))}
        </DataTable>
      )}
      <p className="mt-6 text-sm text-slate-600">
        Want a tee time of your own?{' '}
        <Link to="/register" className="font-medium text-emerald-700 underline">
          Register for the season
        </Link>
        .
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = isRouteErrorResponse(error) ? (error.data as { message?: string } | null) : null;
  const message = isRouteErrorResponse(error) ? (data?.message ?? error.statusText) : 'Something went wrong';
  return (
    <Notice tone="error" title="Failed to load tee times">
      Error loading tee times: {message}
    </Notice>
  );
}
