import type { MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';

import {
  DEFAULT_NINE_HOLE_PAR,
  ESTIMATED_SCORE_MAX,
  ESTIMATED_SCORE_MIN,
  FAIRWAY_ROLL_INCHES,
  FIRST_PLACE_POINTS,
  FLIGHT_COUNT,
  GIMME_DISTANCE_FEET,
  GOLFERS_PER_TEE_TIME,
  HANDICAP_PERCENT,
  HANDICAP_ROUNDS_COUNTED,
  HISTORICAL_ROUNDS_FROM_ESTIMATE,
  LOST_BALL_SEARCH_MINUTES,
  PLAYOFF_QUALIFIERS_REQUIRED,
  PLAYOFF_QUALIFIER_WEEKS,
  PLAYOFF_SPOTS_PER_FLIGHT,
  POINTS_STEP_PER_PLACE,
  QUALIFYING_REGULAR_ROUNDS,
  RAIN_OUT_MAX_FINISHED_PERCENT,
  REFUND_DEADLINE_LABEL,
  REFUND_PERCENT,
  SLOW_PLAY_SECONDS_PER_SHOT,
  TEE_BOXES,
  TEE_TIME_DAY,
} from '~/domain/league-rules';
import { publicSeasonFacts } from '~/models/public-season.server';
import { titled } from '~/ui/meta';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'League Rules'),
  { name: 'description', content: 'Rules of play, scoring, handicaps, playoffs and refunds for the golf league.' },
];

const textLink = 'font-medium text-emerald-700 underline underline-offset-2 hover:text-emerald-900';

function RuleSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-xl font-semibold text-emerald-800">
        {title}
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700 marker:text-emerald-600">{children}</ul>
    </section>
  );
}

const teeBoxes = `${TEE_BOXES.slice(0, -1).join(', ')} or ${TEE_BOXES[TEE_BOXES.length - 1]}`;

/** The league season's fee and the tee-time window come from the data (docs/product/seasons.md#the-league-season). */
export async function loader() {
  return await publicSeasonFacts();
}

export default function RulesPage() {
  const { fee, teeWindow } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-8">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">League Rules</h1>
        <p className="mt-2 max-w-3xl text-slate-700">
          A few simple rules keep league night fair, friendly and moving. Questions? Ask the league administrator before
          you tee off.
        </p>
      </header>

      <nav aria-label="Rule sections" className="flex flex-wrap gap-2 text-sm">
        {[
          ['respect', 'Be respectful'],
          ['rules-of-golf', 'Obey the rules of golf'],
          ['tee-boxes', 'Tee boxes'],
          ['scoring', 'Scoring'],
          ['playoffs', 'Playoffs and Grand Championship'],
          ['handicaps', 'Handicaps'],
          ['slow-play', 'Avoid Slow Play'],
          ['refunds', 'Final Outing Refund Policy'],
        ].map(([id, label]) => (
          <a
            key={id}
            href={`#${id}`}
            className="rounded-full border border-emerald-200 bg-emerald-50 px-3 py-1 text-emerald-800 hover:bg-emerald-100"
          >
            {label}
          </a>
        ))}
      </nav>

      <div className="grid gap-6 lg:grid-cols-2">
        <RuleSection id="respect" title="Be respectful">
          <li>Treat your playing partners, other golfers and the course staff with courtesy and good sportsmanship.</li>
          <li>Repair ball marks and divots, rake bunkers and keep carts on the paths where the course asks.</li>
          <li>Everyone is welcome in this league, whatever their skill level. Encourage new golfers.</li>
          <li>
            Tee times run from {teeWindow} on {TEE_TIME_DAY}s. Arrive on time for yours and let your group know if you
            cannot make it.
          </li>
        </RuleSection>

        <RuleSection id="rules-of-golf" title="Obey the rules of golf">
          <li>The Rules of Golf apply, except for the league rules below.</li>
          <li>
            Gimme: a putt within {GIMME_DISTANCE_FEET} feet of the hole may be picked up and counts as one more stroke.
          </li>
          <li>
            Roll: in the fairway you may move your ball up to {FAIRWAY_ROLL_INCHES} inches to improve your lie, but
            never toward the pin.
          </li>
          <li>Lost ball: take no more than {LOST_BALL_SEARCH_MINUTES} minutes to look for a lost ball.</li>
        </RuleSection>

        <RuleSection id="tee-boxes" title="Tee boxes">
          <li>
            Every golfer may play from any tee box: {teeBoxes}. The choice is yours; pick the tees that suit your game.
          </li>
          <li>Play the whole round from the tee box you start on.</li>
        </RuleSection>

        <RuleSection id="scoring" title="Scoring">
          <li>Maximum score is double par: once you reach double par on a hole, pick up and move on.</li>
          <li>
            Points are awarded each week within your flight by net score: first place gets {FIRST_PLACE_POINTS} points
            and each place below gets {POINTS_STEP_PER_PLACE} less. Ties split the points of the places they occupy.
          </li>
          <li>
            Rain-out: if {RAIN_OUT_MAX_FINISHED_PERCENT}% or less of the league finishes the round, the night is a
            rain-out and does not count.
          </li>
          <li>
            Special events (the practice round, fun night and final outing) do not count toward standings or handicap.
          </li>
        </RuleSection>

        <RuleSection id="playoffs" title="Playoffs and Grand Championship">
          <li>
            The top {PLAYOFF_SPOTS_PER_FLIGHT} golfers in each of the {FLIGHT_COUNT} flights reach the flight playoffs.
          </li>
          <li>
            To qualify you must play at least {QUALIFYING_REGULAR_ROUNDS} regular rounds, and{' '}
            {PLAYOFF_QUALIFIERS_REQUIRED} of the final {PLAYOFF_QUALIFIER_WEEKS} competitions (the playoff qualifier
            weeks).
          </li>
          <li>
            The flight playoff and the Grand Championship close the season; see the{' '}
            <Link to="/schedule" className={textLink}>
              League Schedule
            </Link>{' '}
            for the dates.
          </li>
        </RuleSection>

        <RuleSection id="handicaps" title="Handicaps">
          <li>
            Your handicap is {HANDICAP_PERCENT}% of your average difference from par over your most recent{' '}
            {HANDICAP_ROUNDS_COUNTED} rounds. Net score is your gross score minus your handicap.
          </li>
          <li>
            New golfers supply an estimated nine-hole score ({ESTIMATED_SCORE_MIN} to {ESTIMATED_SCORE_MAX}, par{' '}
            {DEFAULT_NINE_HOLE_PAR} assumed), which builds {HISTORICAL_ROUNDS_FROM_ESTIMATE} historical rounds. They
            drop out as your real rounds replace them.
          </li>
          <li>A round above double par counts as double par for handicaps.</li>
          <li>Special events do not count toward your handicap.</li>
        </RuleSection>

        <RuleSection id="slow-play" title="Avoid Slow Play">
          <li>
            Take {SLOW_PLAY_SECONDS_PER_SHOT.min} to {SLOW_PLAY_SECONDS_PER_SHOT.max} seconds per shot. Be ready when it
            is your turn.
          </li>
          <li>
            Tee times go out in groups of {GOLFERS_PER_TEE_TIME}; keep up with the group in front of you, not just ahead
            of the group behind.
          </li>
          <li>
            Limit the search for a lost ball to {LOST_BALL_SEARCH_MINUTES} minutes and use gimmes to keep things moving.
          </li>
        </RuleSection>

        <RuleSection id="refunds" title="Final Outing Refund Policy">
          <li>The season fee of {fee} covers league play through the final outing.</li>
          <li>
            If you cannot finish the season, {REFUND_PERCENT}% of your dues are refunded if you notify the league by{' '}
            {REFUND_DEADLINE_LABEL}. No refunds are given after {REFUND_DEADLINE_LABEL}.
          </li>
        </RuleSection>
      </div>
    </div>
  );
}
