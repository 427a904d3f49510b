import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ColumnHeaders } from '~/ui/data-table';
import { isRouteErrorResponse, Link, useLoaderData, useRouteError } from '@remix-run/react';

import { NotFoundError } from '~/domain/errors';
import {
  PLAYOFF_QUALIFIERS_REQUIRED,
  PLAYOFF_SPOTS_PER_FLIGHT,
  QUALIFYING_REGULAR_ROUNDS,
  TEE_TIME_DAY,
} from '~/domain/league-rules';
import {
  formatScheduleDate,
  isSpecialKind,
  playoffQualifierDates,
  type ScheduleEntry,
  type ScheduleEventKind,
} from '~/domain/schedule';
import { publicSeasonFacts } from '~/models/public-season.server';
import { getSchedule, listSeasons } from '~/models/seasons.server';
import { pageHandler, seasonParam } from '~/web/http.server';
import { SeasonLinks } from '~/ui/stats/season-links';
import { titled } from '~/ui/meta';
import { orAbsent } from '~/domain/format';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'League Schedule'),
  { name: 'description', content: 'League nights, special events, playoffs and the final outing for the season.' },
];

const textLink = 'font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-900';

/**
 * The league season's schedule by default, another season's with `?season=YYYY`
 * (docs/product/seasons.md#public-schedule-and-calendar). A year that is not a season is not found; the league
 * season always exists for the public, even before its record or schedule does.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    const url = new URL(request.url);
    const [facts, seasons] = await Promise.all([publicSeasonFacts(), listSeasons()]);
    const year = url.searchParams.get('season') ? seasonParam(url) : facts.year;
    if (year !== facts.year && !seasons.some((season) => season.year === year)) {
      throw new NotFoundError('Season not found');
    }
    return {
      year,
      teeWindow: facts.teeWindow,
      schedule: await getSchedule(year),
      // The season picker lists the seasons that have something to show.
      seasonsWithSchedule: seasons
        .filter((season) => season.entryCount > 0)
        .map((season) => season.year)
        .sort((a, b) => a - b),
      // /schedule.ics follows the league season; any other season has a calendar of its own.
      calendarHref: year === facts.year ? '/schedule.ics' : `/schedule/${year}.ics`,
    };
  });
}

function ofKind(schedule: readonly ScheduleEntry[], ...kinds: ScheduleEventKind[]): ScheduleEntry[] {
  return schedule.filter((entry) => kinds.includes(entry.kind));
}

/** "Monday, May 5", with a rained-out date marked so the reader knows it did not happen as planned. */
function dateOf(entry: ScheduleEntry): string {
  const date = formatScheduleDate(entry.date, 'EEEE, MMMM d');
  return entry.rainOut ? `${date} (Rain-out)` : date;
}

function listWithAnd(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Weeks 10 to 13 (August 4 to August 25)" when the qualifiers are consecutive weeks, else their dates. */
function qualifierSpan(qualifiers: readonly ScheduleEntry[]): string {
  const weeks = qualifiers.map((entry) => entry.weekNumber);
  const consecutive = weeks.every((week, i) => week !== null && (i === 0 || week === (weeks[i - 1] ?? 0) + 1));
  // Plain dates: a rained-out qualifier is named under 'Rain-outs' and left out of the count that follows.
  const dates = qualifiers.map((entry) => formatScheduleDate(entry.date, 'MMMM d'));
  if (qualifiers.length > 1 && consecutive) {
    return `Weeks ${weeks[0]} to ${weeks[weeks.length - 1]} (${dates[0]} to ${dates[dates.length - 1]}) are`;
  }
  return qualifiers.length > 1 ? `The weeks of ${listWithAnd(dates)} are` : `The week of ${dates[0]} is`;
}

function whenPlayed(entries: readonly ScheduleEntry[]): string {
  const entry = entries[0];
  if (!entry) return '';
  const week = entry.weekNumber === null ? '' : `week ${entry.weekNumber}, `;
  return ` (${week}${formatScheduleDate(entry.date, 'MMMM d')}${entry.rainOut ? ', Rain-out' : ''})`;
}

type Paragraph = { title: string; text: string; link?: { to: string; label: string; before: string } };

/**
 * The Event Information card, derived from the season's entries (docs/product/screens-public.md#league-schedule):
 * a paragraph appears only when the season has such dates, so a new season's schedule never shows last year's.
 */
function eventInformation(schedule: readonly ScheduleEntry[], teeWindow: string): Paragraph[] {
  const paragraphs: Paragraph[] = [];

  const warmUps = ofKind(schedule, 'practice-round', 'fun-night');
  if (warmUps.length > 0) {
    const titles = [...new Set(warmUps.map((entry) => (entry.kind === 'fun-night' ? 'Fun Night' : 'Practice Round')))];
    const plural = warmUps.length > 1;
    paragraphs.push({
      title: listWithAnd(titles),
      text: `${capitalized(listWithAnd(warmUps.map((entry) => `the ${entry.event} on ${dateOf(entry)}`)))} ${
        plural ? 'are' : 'is'
      } for warming up and meeting the league. ${plural ? 'They do' : 'It does'} not count toward standings or handicaps.`,
    });
  }

  const qualifiers = ofKind(schedule, 'playoff-qualifier');
  const flightPlayoff = ofKind(schedule, 'flight-playoff');
  const grandChampionship = ofKind(schedule, 'grand-championship');
  if (qualifiers.length + flightPlayoff.length + grandChampionship.length > 0) {
    // Rained-out qualifiers do not count toward qualification (docs/product/seasons.md#what-a-season-holds).
    const counting = playoffQualifierDates(schedule).length;
    const required =
      counting >= PLAYOFF_QUALIFIERS_REQUIRED
        ? `${PLAYOFF_QUALIFIERS_REQUIRED} of the ${counting} qualifiers`
        : `${PLAYOFF_QUALIFIERS_REQUIRED} of the qualifiers`;
    const span = qualifiers.length > 0 ? `${qualifierSpan(qualifiers)} the playoff qualifiers. ` : '';
    const championship =
      grandChampionship.length > 0 ? `, followed by the Grand Championship${whenPlayed(grandChampionship)}` : '';
    paragraphs.push({
      title: 'Playoffs and Grand Championship',
      text: `${span}The top ${PLAYOFF_SPOTS_PER_FLIGHT} golfers in each flight who have played ${QUALIFYING_REGULAR_ROUNDS} regular rounds and ${required} reach the Flight Playoff${whenPlayed(flightPlayoff)}${championship}.`,
      link: { before: 'See the', to: '/rules', label: 'League Rules' },
    });
  }

  const outings = ofKind(schedule, 'final-outing');
  const alternates = ofKind(schedule, 'final-outing-alternate');
  if (outings.length + alternates.length > 0) {
    const on = outings.length > 0 ? ` on ${listWithAnd(outings.map((entry) => dateOf(entry)))}` : '';
    const alternate =
      alternates.length > 0
        ? `, with ${listWithAnd(alternates.map((entry) => dateOf(entry)))} as the alternate date`
        : '';
    paragraphs.push({
      title: 'Final Outing',
      text: `The season ends with the final outing${on}${alternate}. It does not count toward standings or handicaps.`,
    });
  }

  const noLeague = ofKind(schedule, 'no-league');
  if (noLeague.length > 0) {
    paragraphs.push({
      title: 'No League on Holidays',
      text: `There is no league on holiday weeks (${listWithAnd(noLeague.map((entry) => formatScheduleDate(entry.date, 'MMMM d')))}).`,
    });
  }

  const rainOuts = schedule.filter((entry) => entry.rainOut);
  if (rainOuts.length > 0) {
    paragraphs.push({
      title: 'Rain-outs',
      text: `${listWithAnd(rainOuts.map((entry) => `${formatScheduleDate(entry.date, 'EEEE, MMMM d')} (${entry.event})`))} ${
        rainOuts.length > 1 ? 'were' : 'was'
      } rained out and ${rainOuts.length > 1 ? 'do' : 'does'} not count toward standings or handicaps.`,
    });
  }

  paragraphs.push({
    title: 'Tee Times',
    text: `Tee times run from ${teeWindow} every ${TEE_TIME_DAY}.`,
    link: { before: 'See the', to: '/public/tee-times', label: 'standing tee times' },
  });
  return paragraphs;
}

/** A date of the schedule: special events highlighted and badged, a rained-out night struck through. */
function ScheduleRow({ entry }: { entry: ScheduleEntry }) {
  const special = isSpecialKind(entry.kind);
  return (
    <tr className={special ? 'bg-emerald-50' : undefined} data-special-event={special ? 'true' : undefined}>
      <th scope="row" className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">
        <time dateTime={entry.date}>{formatScheduleDate(entry.date)}</time>
      </th>
      <td className="px-4 py-3 text-slate-700">{orAbsent(entry.weekNumber)}</td>
      <td className="px-4 py-3 text-slate-800">
        <span className="flex flex-wrap items-center gap-2">
          <span
            className={
              entry.rainOut ? 'text-slate-500 line-through' : special ? 'font-semibold text-emerald-900' : undefined
            }
          >
            {entry.event}
          </span>
          {special ? (
            <span className="rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-medium text-white">
              Special event
            </span>
          ) : null}
          {entry.rainOut ? (
            <span className="rounded-full bg-amber-600 px-2 py-0.5 text-xs font-medium text-white">Rain-out</span>
          ) : null}
        </span>
      </td>
    </tr>
  );
}

export default function SchedulePage() {
  const { year, teeWindow, schedule, seasonsWithSchedule, calendarHref } = useLoaderData<typeof loader>();

  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">League Schedule</h1>
          <p className="mt-2 text-slate-700">
            {year} Season · League nights are {TEE_TIME_DAY}s, {teeWindow}.
          </p>
        </div>
        {schedule.length > 0 ? (
          // A plain link: the calendar is a file, not a page the router could render.
          <a
            href={calendarHref}
            className="inline-flex items-center justify-center rounded-md border border-emerald-700 bg-white px-4 py-2 text-sm font-semibold text-emerald-800 hover:bg-emerald-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2"
          >
            Add to calendar
          </a>
        ) : null}
      </header>

      <SeasonLinks seasons={seasonsWithSchedule} season={year} to="/schedule" />

      {schedule.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700 shadow-sm">
          The {year} schedule has not been published yet.
        </p>
      ) : (
        <div className="grid gap-8 lg:grid-cols-3">
          <section aria-labelledby="schedule-heading" className="lg:col-span-2">
            <h2 id="schedule-heading" className="sr-only">
              {year} season dates
            </h2>
            <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
              <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
                <caption className="sr-only">League schedule for the {year} season. Special events are marked.</caption>
                <thead className="bg-slate-50">
                  <tr>
                    <ColumnHeaders
                      labels={['Date', 'Week #', 'Event']}
                      className="px-4 py-3 font-semibold text-slate-900"
                    />
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200">
                  {schedule.map((entry) => (
                    <ScheduleRow key={entry.date} entry={entry} />
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section
            aria-labelledby="event-info-heading"
            className="h-fit rounded-lg border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="event-info-heading" className="text-xl font-semibold text-emerald-800">
              Event Information
            </h2>
            <dl className="mt-4 space-y-4 text-sm">
              {eventInformation(schedule, teeWindow).map(({ title, text, link }) => (
                <div key={title}>
                  <dt className="font-semibold text-slate-900">{title}</dt>
                  <dd className="mt-1 text-slate-700">
                    {text}
                    {link ? (
                      <>
                        {` ${link.before} `}
                        <Link to={link.to} className={textLink}>
                          {link.label}
                        </Link>
                        .
                      </>
                    ) : null}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        </div>
      )}
    </div>
  );
}

/** A bad `?season=` (400) or a year that is not a season (404), inside the public layout. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data = isRouteErrorResponse(error) ? (error.data as { message?: string } | null) : null;
  const message = data?.message ?? 'Something went wrong on our side. Please try again.';
  return (
    <div className="mx-auto max-w-xl space-y-4 py-8 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{status === 404 ? '404 Page Not Found' : `Error ${status}`}</h1>
      <p className="text-slate-700">{message}</p>
      <Link to="/schedule" className={textLink}>
        See the league schedule
      </Link>
    </div>
  );
}
