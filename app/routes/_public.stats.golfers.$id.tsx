import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { HandicapChart } from '~/ui/stats/handicap-chart';
import { NightBadge, StatsError, StandingsLink, StatsTable, statsLink } from '~/ui/stats/stats-parts';
import { SeasonLinks } from '~/ui/stats/season-links';
import { HANDICAP_ROUNDS_COUNTED, MAX_SCORE_PAR_MULTIPLE } from '~/domain/league-rules';
import { formatDecimal, formatPoints, ABSENT } from '~/domain/format';
import { formatScheduleDate } from '~/domain/schedule';
import { REQUIRED_COUNTING_ROUNDS, REQUIRED_QUALIFIER_ROUNDS } from '~/domain/standings';
import { golferHoleStats } from '~/models/skins.server';
import { getGolferStats } from '~/models/golfer-stats.server';
import { HoleStatsSection } from '~/ui/stats/skins-parts';
import { statsPage, statsSeasonParam } from '~/web/stats-access.server';
import { idParam } from '~/web/id-param';
import { titled } from '~/ui/meta';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => titled(matches, data ? data.name : 'Golfer');

/** /stats/golfers/{id}[?season=YYYY]: a golfer's handicap, how it is computed, and a season's rounds. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return statsPage(request, 'There is no such golfer on the stats website', async () => {
    const stats = await getGolferStats(idParam(params.id, 'golfer id'), statsSeasonParam(request));
    return { ...stats, holeStats: await golferHoleStats(stats.id, stats.season) };
  });
}

export default function GolferStatsPage() {
  const golfer = useLoaderData<typeof loader>();
  const { breakdown, totals, season } = golfer;
  const estimated = breakdown.rounds.some((r) => r.estimated);
  return (
    <div className="space-y-10">
      <header className="space-y-3">
        <StandingsLink season={season} />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">{golfer.name}</h1>
        <dl className="flex flex-wrap gap-x-8 gap-y-2">
          <div>
            <dt className="text-sm text-slate-600">Flight ({season})</dt>
            <dd className="text-2xl font-semibold text-slate-900">{golfer.flight ?? ABSENT}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Handicap</dt>
            <dd className="text-2xl font-semibold text-slate-900" data-testid="current-handicap">
              {golfer.handicap ?? ABSENT}
            </dd>
          </div>
        </dl>
        <SeasonLinks seasons={golfer.seasons} season={season} to={`/stats/golfers/${golfer.id}`} />
      </header>

      <section aria-labelledby="breakdown-heading" className="space-y-3">
        <h2 id="breakdown-heading" className="text-xl font-semibold text-emerald-800">
          How this handicap is computed
        </h2>
        <p className="text-sm text-slate-700">
          Each counting round gives a differential: the gross score, at most {MAX_SCORE_PAR_MULTIPLE} × par, minus par.
          The handicap is {breakdown.percent}% of the average differential of the {HANDICAP_ROUNDS_COUNTED} most recent
          counting rounds, rounded to a whole number (a half rounds away from zero). Special events and rain-outs do not
          count.
          {estimated
            ? ' Until there are enough rounds, the estimated score given at registration stands in as earlier rounds at par 36.'
            : ''}
        </p>
        {breakdown.rounds.length === 0 ? (
          <p className="text-slate-700">No counting rounds and no estimated score yet, so no handicap.</p>
        ) : (
          <>
            <StatsTable
              caption="Rounds counted for the handicap, newest first"
              columns={['date', 'gross', 'par', 'differential']}
            >
              {breakdown.rounds.map((round, index) => (
                <tr
                  key={`${round.date ?? 'estimate'}-${index}`}
                  className={round.estimated ? 'bg-slate-50' : undefined}
                >
                  <td>
                    {round.date === null ? (
                      <span className="italic text-slate-600">From estimated score</span>
                    ) : (
                      formatScheduleDate(round.date, 'MMM d, yyyy')
                    )}
                  </td>
                  <td>{round.gross}</td>
                  <td>{round.par}</td>
                  <td>{round.differential}</td>
                </tr>
              ))}
            </StatsTable>
            <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="breakdown">
              <dt className="text-slate-600">Average differential</dt>
              <dd className="tabular-nums text-slate-900">
                {breakdown.total} ÷ {breakdown.rounds.length} = {formatDecimal(breakdown.average ?? 0)}
              </dd>
              <dt className="text-slate-600">× {breakdown.percent}%</dt>
              <dd className="tabular-nums text-slate-900">{formatDecimal(breakdown.scaled ?? 0)}</dd>
              <dt className="font-semibold text-slate-900">Rounded = handicap</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{breakdown.handicap}</dd>
            </dl>
          </>
        )}
      </section>

      <section aria-labelledby="history-heading" className="space-y-3">
        <h2 id="history-heading" className="text-xl font-semibold text-emerald-800">
          Handicap history
        </h2>
        <HandicapChart history={golfer.history} />
      </section>

      <HoleStatsSection stats={golfer.holeStats} />

      <section aria-labelledby="season-heading" className="space-y-3">
        <h2 id="season-heading" className="text-xl font-semibold text-emerald-800">
          {season} season
        </h2>
        {golfer.rounds.length === 0 ? (
          <p className="text-slate-700">No rounds in the {season} season yet.</p>
        ) : (
          <StatsTable
            caption={`Rounds of the ${season} season`}
            columns={['date', 'gross', 'net', 'hcp', 'points', 'place']}
          >
            {golfer.rounds.map((round) => (
              <tr key={round.date}>
                <td>
                  <Link to={`/stats/results/${round.date}`}>{formatScheduleDate(round.date, 'MMM d')}</Link>{' '}
                  <NightBadge status={round.status} />
                </td>
                <td>{round.gross}</td>
                <td>{round.net ?? ABSENT}</td>
                <td>{round.hcp ?? ABSENT}</td>
                <td>{round.points === null ? ABSENT : formatPoints(round.points)}</td>
                <td>{round.place ?? ABSENT}</td>
              </tr>
            ))}
          </StatsTable>
        )}
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="season-totals">
          {[
            ['Rounds', String(totals.rounds)],
            ['Points', formatPoints(totals.points)],
            ['Average gross', totals.averageGross === null ? ABSENT : String(totals.averageGross)],
            ['Best net', totals.bestNet === null ? ABSENT : String(totals.bestNet)],
            [
              'Qualification',
              totals.qualified
                ? 'Qualified'
                : `Not yet: ${totals.rounds} of ${REQUIRED_COUNTING_ROUNDS} rounds, ${totals.qualifierWeeks} of ${REQUIRED_QUALIFIER_ROUNDS} qualifier weeks`,
            ],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className="font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {golfer.playoffStatus ? (
          <p className="text-sm text-slate-700" data-testid="playoff-status">
            Playoffs: <span className="font-semibold text-slate-900">{golfer.playoffStatus}</span>.{' '}
            <Link to={`/stats/playoffs?season=${season}`} className={statsLink}>
              The race to the playoffs
            </Link>
          </p>
        ) : null}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <StatsError />;
}
