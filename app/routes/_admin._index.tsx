import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { PageHeader } from '~/ui/page-header';
import { RouteError } from '~/ui/route-error';
import { formatDollars } from '~/domain/format';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { formatScheduleDate } from '~/domain/schedule';
import { currentSeason, todayInLeague } from '~/domain/season';
import { getDashboard } from '~/models/dashboard.server';
import { getSettings } from '~/models/settings.server';
import { requireUser } from '~/web/auth.server';
import { titled } from '~/ui/meta';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Dashboard');

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const season = currentSeason();
  const [{ next, feeCents, ...stats }, settings] = await Promise.all([
    getDashboard(season, todayInLeague()),
    getSettings(),
  ]);
  // A season without a record is charged the Settings fee (docs/product/seasons.md#what-a-season-holds).
  return { season, stats, feesCollectedCents: stats.paid * (feeCents ?? settings.seasonFeeCents), next };
}

function Tile({ label, value, hint }: { label: string; value: React.ReactNode; hint?: string }) {
  return (
    <div className="rounded-lg border bg-white p-4 shadow-sm">
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}

export default function Dashboard() {
  const { season, stats, feesCollectedCents, next } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <PageHeader title="Dashboard" />
      <p className="text-slate-600">Season {season} at a glance.</p>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Tile label="Golfers" value={stats.golfers} />
        <Tile
          label="Memberships"
          value={stats.memberships}
          hint={`${stats.registered} registered, ${stats.paid} paid`}
        />
        <Tile label="Fees collected" value={formatDollars(feesCollectedCents)} />
        <Tile label="Rounds recorded" value={stats.rounds} />
      </div>
      <section className="rounded-lg border bg-white p-4 shadow-sm">
        <h2 className="font-semibold">Flights</h2>
        <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {FLIGHT_NUMBERS.map((n) => (
            <li key={n} className="rounded bg-slate-50 p-2 text-sm">
              Flight {n}: <strong>{stats.flightSizes[n] ?? 0}</strong> golfers
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded-lg border bg-white p-4 shadow-sm">
        <h2 className="font-semibold">Next on the schedule</h2>
        <p className="mt-2 text-sm text-slate-700">
          {next
            ? // A date of the next season says its year, so the off-season does not read as this year's.
              `${formatScheduleDate(next.date, next.date.startsWith(`${season}-`) ? 'EEE, MMM d' : 'EEE, MMM d, yyyy')}: ${next.event}`
            : `No upcoming events on the ${season} schedule.`}
        </p>
      </section>
      <section className="flex flex-wrap gap-2">
        {[
          ['/golfers?action=new', 'Add Golfer'],
          ['/rounds?action=new', 'Record Round'],
          ['/memberships', 'Memberships'],
          ['/standings', 'Standings'],
          ['/tee-times', 'Tee Times'],
          ['/email-list', 'Email List'],
        ].map(([to, label]) => (
          <Link key={to} to={to} className="rounded-md border bg-white px-3 py-2 text-sm hover:bg-slate-50">
            {label}
          </Link>
        ))}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="the dashboard" />;
}
