import { db } from '~/utils/db.server';

/** The season at a glance, in a fixed number of queries. */
export async function getDashboard(season: number) {
  const [golfers, memberships, registered, paid, flightGroups, rounds] = await Promise.all([
    db.golfer.count(),
    db.membership.count({ where: { season } }),
    db.membership.count({ where: { season, registered: true } }),
    db.membership.count({ where: { season, paid: true } }),
    db.flightAssignment.groupBy({ by: ['flightNo'], where: { season }, _count: { _all: true } }),
    db.round.count({ where: { season } }),
  ]);
  const flightSizes = Object.fromEntries(flightGroups.map((g) => [g.flightNo, g._count._all]));
  return { golfers, memberships, registered, paid, flightSizes, rounds };
}
