import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';

import {
  PLAYOFF_QUALIFIERS_REQUIRED,
  PLAYOFF_QUALIFIER_WEEKS,
  PLAYOFF_SPOTS_PER_FLIGHT,
  QUALIFYING_REGULAR_ROUNDS,
  TEE_TIME_DAY,
  TEE_TIME_WINDOW_LABEL,
} from '~/domain/league-rules';
import {
  findScheduleEntry,
  formatScheduleDate,
  latestScheduledSeason,
  scheduleForSeason,
  type ScheduleEntry,
} from '~/domain/schedule';
import { titled } from '~/utils/meta';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'League Schedule'),
  { name: 'description', content: 'League nights, special events, playoffs and the final outing for the season.' },
];

const textLink = 'font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-900';

// The public page shows the latest published season: a new calendar year has no schedule until one is added.
const season = latestScheduledSeason();
const schedule = scheduleForSeason(season);

function dateOf(kind: ScheduleEntry['kind'], pattern = 'EEEE, MMMM d'): string | null {
  const entry = findScheduleEntry(schedule, kind);
  return entry ? formatScheduleDate(entry.date, pattern) : null;
}

function whenPlayed(entry: ScheduleEntry | undefined): string {
  return entry ? ` (week ${entry.weekNumber}, ${formatScheduleDate(entry.date, 'MMMM d')})` : '';
}

function listWithAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export default function SchedulePage() {
  const practiceRound = dateOf('practice-round');
  const funNight = dateOf('fun-night');
  const flightPlayoff = findScheduleEntry(schedule, 'flight-playoff');
  const grandChampionship = findScheduleEntry(schedule, 'grand-championship');
  const finalOuting = dateOf('final-outing');
  const finalOutingAlternate = dateOf('final-outing-alternate');
  const qualifierWeeks = schedule.filter((entry) => entry.kind === 'playoff-qualifier');
  const qualifiers =
    qualifierWeeks.length > 0
      ? `Weeks ${qualifierWeeks[0].weekNumber} to ${
          qualifierWeeks[qualifierWeeks.length - 1].weekNumber
        } are the playoff qualifiers. `
      : '';
  const noLeagueDates = schedule
    .filter((entry) => entry.kind === 'no-league')
    .map((entry) => formatScheduleDate(entry.date, 'MMMM d'));

  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">League Schedule</h1>
        <p className="mt-2 text-slate-700">
          {season} Season · League nights are {TEE_TIME_DAY}s, {TEE_TIME_WINDOW_LABEL}.
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="schedule-heading" className="lg:col-span-2">
          <h2 id="schedule-heading" className="sr-only">
            {season} season dates
          </h2>
          {schedule.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
              The schedule for this season has not been published yet.
            </p>
          ) : (
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
              <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
                <caption className="sr-only">
                  League schedule for the {season} season. Special events are marked.
                </caption>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold text-slate-900">
                      Date
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold text-slate-900">
                      Week #
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold text-slate-900">
                      Event
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {schedule.map((entry) => (
                    <tr
                      key={entry.date}
                      className={entry.isSpecialEvent ? 'bg-emerald-50' : undefined}
                      data-special-event={entry.isSpecialEvent ? 'true' : undefined}
                    >
                      <th scope="row" className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">
                        <time dateTime={entry.date}>{formatScheduleDate(entry.date)}</time>
                      </th>
                      <td className="px-4 py-3 text-slate-700">{entry.weekNumber ?? '—'}</td>
                      <td className="px-4 py-3 text-slate-800">
                        <span className="flex flex-wrap items-center gap-2">
                          <span className={entry.isSpecialEvent ? 'font-semibold text-emerald-900' : undefined}>
                            {entry.event}
                          </span>
                          {entry.isSpecialEvent ? (
                            <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-medium text-white">
                              Special event
                            </span>
                          ) : null}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>

        <section
          aria-labelledby="event-info-heading"
          className="h-fit rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h2 id="event-info-heading" className="text-xl font-semibold text-emerald-800">
            Event Information
          </h2>
          <dl className="mt-4 space-y-4 text-sm">
            <div>
              <dt className="font-semibold text-slate-900">Practice Round and Fun Night</dt>
              <dd className="mt-1 text-slate-700">
                The practice round{practiceRound ? ` (${practiceRound})` : ''} and the fun night 2-ball scramble
                {funNight ? ` (${funNight})` : ''} are for warming up and meeting the league. They do not count toward
                standings or handicaps.
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Playoffs and Grand Championship</dt>
              <dd className="mt-1 text-slate-700">
                {qualifiers}The top {PLAYOFF_SPOTS_PER_FLIGHT} golfers in each flight who have played{' '}
                {QUALIFYING_REGULAR_ROUNDS} regular rounds and {PLAYOFF_QUALIFIERS_REQUIRED} of the{' '}
                {PLAYOFF_QUALIFIER_WEEKS} qualifiers reach the Flight Playoff{whenPlayed(flightPlayoff)}, followed by
                the Grand Championship{whenPlayed(grandChampionship)}. See the{' '}
                <Link to="/rules" className={textLink}>
                  League Rules
                </Link>
                .
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Final Outing</dt>
              <dd className="mt-1 text-slate-700">
                The season ends with the final outing{finalOuting ? ` on ${finalOuting}` : ''}
                {finalOutingAlternate ? `, with ${finalOutingAlternate} as the alternate date` : ''}. It does not count
                toward standings or handicaps.
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">No League on Holidays</dt>
              <dd className="mt-1 text-slate-700">
                There is no league on holiday weeks
                {noLeagueDates.length > 0 ? ` (${listWithAnd(noLeagueDates)})` : ''}.
              </dd>
            </div>
            <div>
              <dt className="font-semibold text-slate-900">Tee Times</dt>
              <dd className="mt-1 text-slate-700">
                Tee times run from {TEE_TIME_WINDOW_LABEL} every {TEE_TIME_DAY}. See the{' '}
                <Link to="/public/tee-times" className={textLink}>
                  standing tee times
                </Link>
                .
              </dd>
            </div>
          </dl>
        </section>
      </div>
    </div>
  );
}
