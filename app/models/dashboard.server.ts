import { nextEvent, type ScheduleEntry } from '~/domain/schedule';
import { loadSchedules } from '~/models/handicaps.server';
import { db } from '~/db/db.server';

/**
 * The season at a glance, in a fixed number of queries. `next` is the first schedule date on or after `today` in
 * this season's schedule or, once it is over, the next season's (docs/product/seasons.md#what-a-season-holds), so
 * the dashboard points at the coming season in the off-season. `feeCents` is the season's own fee, null when the
 * season has no record.
 */
export async function getDashboard(season: number, today: string) {
  const [golfers, memberships, registered, paid, flightGroups, rounds, seasonRecord, schedule] = await Promise.all([
    db.golfer.count(),
    db.membership.count({ where: { season } }),
    db.membership.count({ where: { season, registered: true } }),
    db.membership.count({ where: { season, paid: true } }),
    db.flightAssignment.groupBy({ by: ['flightNo'], where: { season }, _count: { _all: true } }),
    db.round.count({ where: { season } }),
    db.season.findUnique({ where: { year: season }, select: { feeCents: true } }),
    loadSchedules(db, [season, season + 1]),
  ]);
  const flightSizes = Object.fromEntries(flightGroups.map((g) => [g.flightNo, g._count._all]));
  const next: ScheduleEntry | null = nextEvent(schedule, today);
  return {
    golfers,
    memberships,
    registered,
    paid,
    flightSizes,
    rounds,
    feeCents: seasonRecord?.feeCents ?? null,
    next,
  };
}
