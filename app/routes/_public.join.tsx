import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';

import {
  FLIGHT_COUNT,
  PLAYOFF_SPOTS_PER_FLIGHT,
  TEE_BOXES,
  TEE_TIME_DAY,
  WALK_UP_FEES_CENTS,
} from '~/domain/league-rules';
import { formatDollars } from '~/domain/format';
import { publicSeasonFacts } from '~/models/public-season.server';
import { titled } from '~/ui/meta';
import type { loader as publicLayoutLoader } from './_public';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'Join the League'),
  {
    name: 'description',
    content: 'Nine holes every Monday with fellow healthcare staff. All skill levels welcome. Register for the season.',
  },
];

const card = 'rounded-lg border border-slate-200 bg-white p-6 shadow-sm';
const primaryButton =
  'inline-flex items-center justify-center rounded-md bg-emerald-700 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-emerald-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2';
const secondaryButton =
  'inline-flex items-center justify-center rounded-md border border-emerald-700 bg-white px-5 py-3 text-base font-semibold text-emerald-800 hover:bg-emerald-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2';
const textLink = 'font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-900';

const teeBoxList = `${TEE_BOXES.slice(0, -1).join(', ')} or ${TEE_BOXES[TEE_BOXES.length - 1]}`;
const walk = WALK_UP_FEES_CENTS.walk;
const ride = WALK_UP_FEES_CENTS.ride;

const reasons = [
  {
    title: 'Build Relationships',
    text: 'Get to know colleagues from across the hospital away from work. Every Monday you play with a different group and leave with new friends.',
  },
  {
    title: 'Compete',
    text: `Play for points against golfers of similar skill in one of ${FLIGHT_COUNT} flights, chase the standings and earn a place in the playoffs.`,
  },
  {
    title: 'Have Fun',
    text: 'Enjoy nine relaxed holes, a fun night scramble and an end-of-season final outing. Good shots are celebrated; bad ones are forgotten.',
  },
];

const benefits = [
  {
    title: 'Guaranteed tee time and discounted golf',
    text: `A standing ${TEE_TIME_DAY} tee time for the whole season, plus discounted league rates at the course.`,
  },
  {
    title: 'Stats website',
    text: 'Your scores, handicap, points and standings are tracked on the league website all season long.',
  },
  {
    title: 'Flight assignment',
    text: `You are placed in one of ${FLIGHT_COUNT} flights so you compete against golfers at your level.`,
  },
  {
    title: 'Any tee box',
    text: `Play from the ${teeBoxList} tees, whichever suits your game.`,
  },
  {
    title: 'Playoffs and Grand Championship',
    text: `The top ${PLAYOFF_SPOTS_PER_FLIGHT} golfers in each flight reach the flight playoffs, followed by the Grand Championship.`,
  },
  {
    title: 'Final outing',
    text: 'Close the season with the whole league at the final outing.',
  },
];

/** The season on offer, its fee and the tee-time window (docs/product/seasons.md#the-league-season). */
export async function loader() {
  return await publicSeasonFacts();
}

export default function JoinPage() {
  const { year, fee, teeWindow } = useLoaderData<typeof loader>();
  // The public layout knows whether the stats website is published (docs/product/stats.md).
  const publishStats = useRouteLoaderData<typeof publicLayoutLoader>('routes/_public')?.publishStats ?? false;
  return (
    <div className="space-y-12 sm:space-y-16">
      <section
        aria-labelledby="join-heading"
        className="rounded-lg bg-emerald-800 px-6 py-10 text-white sm:px-10 sm:py-14"
      >
        <p className="text-sm font-semibold uppercase tracking-wider text-emerald-200">
          Healthcare staff golf league · Northern Michigan
        </p>
        <h1 id="join-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
          Golf, friendship and a little friendly competition every {TEE_TIME_DAY}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-emerald-50">
          Join fellow hospital staff for nine holes every {TEE_TIME_DAY} of the {year} season. Beginners and low
          handicappers are equally welcome: you play for points against golfers of your own level.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link
            to="/register"
            className="inline-flex items-center justify-center rounded-md bg-white px-5 py-3 text-base font-semibold text-emerald-800 shadow-sm hover:bg-emerald-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-emerald-800"
          >
            Register Now
          </Link>
          <Link
            to="/schedule"
            className="inline-flex items-center justify-center rounded-md border border-emerald-200 px-5 py-3 text-base font-semibold text-white hover:bg-emerald-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
          >
            View the Schedule
          </Link>
        </div>
      </section>

      <section aria-labelledby="why-heading">
        <h2 id="why-heading" className="text-2xl font-bold text-slate-900">
          Why join?
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-3">
          {reasons.map((reason) => (
            <li key={reason.title} className={card}>
              <h3 className="text-lg font-semibold text-emerald-800">{reason.title}</h3>
              <p className="mt-2 text-slate-700">{reason.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="benefits-heading">
        <h2 id="benefits-heading" className="text-2xl font-bold text-slate-900">
          Membership Benefits
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map((benefit) => (
            <li key={benefit.title} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
              <span
                aria-hidden="true"
                className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-sm font-bold text-emerald-700"
              >
                ✓
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{benefit.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{benefit.text}</p>
                {benefit.title === 'Stats website' && publishStats ? (
                  <Link to="/stats" className={`${textLink} mt-1 inline-block text-sm`}>
                    See this season&apos;s stats
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
          <Link to="/register" className={primaryButton}>
            Register for the Season
          </Link>
          <p className="text-slate-700">
            The season fee for the {year} season is {fee}, paid once at registration.
          </p>
        </div>
      </section>

      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="text-2xl font-bold text-slate-900">
          Questions and Answers
        </h2>
        <div className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white shadow-sm">
          <details className="group p-5">
            <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden [&::-webkit-details-marker]:hidden">
              <span className="flex items-center justify-between gap-4">
                I&apos;m terrible at golf. Can I still join?
                <span aria-hidden="true" className="text-emerald-700 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-slate-700">
              Absolutely. There are {FLIGHT_COUNT} flights, so you compete against golfers of a similar skill level, and
              your handicap evens out the field. New golfers give an estimated nine-hole score when they register so we
              can place them in the right flight from the first week.
            </p>
          </details>
          <details className="group p-5">
            <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden [&::-webkit-details-marker]:hidden">
              <span className="flex items-center justify-between gap-4">
                When are the tee times?
                <span aria-hidden="true" className="text-emerald-700 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-slate-700">
              Tee times run from {teeWindow} on {TEE_TIME_DAY}s. After paying you choose a standing tee time that is
              yours for the whole {year} season. See which{' '}
              <Link to="/public/tee-times" className={textLink}>
                tee times
              </Link>{' '}
              are still open.
            </p>
          </details>
          <details className="group p-5">
            <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden [&::-webkit-details-marker]:hidden">
              <span className="flex items-center justify-between gap-4">
                Is the league inclusive? Can I use a nickname?
                <span aria-hidden="true" className="text-emerald-700 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <p className="mt-3 text-slate-700">
              Yes. The league is open to all hospital staff, whatever your role, age, gender or experience, and everyone
              is treated with respect. Go by a nickname? Let the league administrator know and it will be added to your
              golfer profile, so your playing partners know who you are.
            </p>
          </details>
          <details className="group p-5">
            <summary className="cursor-pointer list-none font-semibold text-slate-900 marker:hidden [&::-webkit-details-marker]:hidden">
              <span className="flex items-center justify-between gap-4">
                What does it cost?
                <span aria-hidden="true" className="text-emerald-700 transition group-open:rotate-45">
                  +
                </span>
              </span>
            </summary>
            <div className="mt-3 space-y-3 text-slate-700">
              <p>
                The fee for the {year} season is {fee}, paid once when you register. Each {TEE_TIME_DAY} you also pay
                the course&apos;s walk-up fee:
              </p>
              <ul className="list-disc space-y-1 pl-6">
                <li>
                  Walking: {formatDollars(walk.firstNine)} for 9 holes, {formatDollars(walk.additionalNine)} for 9 more.
                </li>
                <li>
                  Riding: {formatDollars(ride.firstNine)} for 9 holes, {formatDollars(ride.additionalNine)} for 9 more.
                </li>
              </ul>
            </div>
          </details>
        </div>
      </section>

      <section aria-labelledby="more-heading" className={card}>
        <h2 id="more-heading" className="text-xl font-bold text-slate-900">
          Learn more
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          <li>
            <Link to="/rules" className={secondaryButton + ' w-full'}>
              League Rules
            </Link>
          </li>
          <li>
            <Link to="/schedule" className={secondaryButton + ' w-full'}>
              League Schedule
            </Link>
          </li>
          <li>
            <Link to="/public/tee-times" className={secondaryButton + ' w-full'}>
              Tee Times
            </Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
