// Grows a league of the size docs/product/performance.md names: 10,000 golfers, 10,000 memberships and 100,000
// rounds over 10 seasons (1,000 members a season, 10 league nights each), with flights, handicaps and points, written
// in bulk into the database DATABASE_URL names. Used by `npm run bench` (scripts/bench.ts).
import { currentSeason } from '../../app/domain/season';
import { recomputeHandicaps } from '../../app/models/handicaps.server';
import { calculatePointsForDate } from '../../app/models/points.server';
import { createSeason, getSchedule, getSeason } from '../../app/models/seasons.server';
import { db } from '../../app/db/db.server';

const LEAGUE = { golfers: 10_000, seasons: 10, membersPerSeason: 1_000, roundsEach: 10 } as const;
const TEMPLATE_SEASON = 2025;
const BATCH = 1_000;

export type GrownLeague = { season: number; seasons: number[]; nights: string[]; golferId: number };

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The season's first ten nights that count (regular rounds and playoff qualifiers). */
async function leagueNights(season: number): Promise<string[]> {
  const counting = (await getSchedule(season)).filter((e) => ['regular-round', 'playoff-qualifier'].includes(e.kind));
  return counting
    .map((e) => e.date)
    .sort()
    .slice(0, LEAGUE.roundsEach);
}

export async function growLeague(log: (line: string) => void): Promise<GrownLeague> {
  const last = currentSeason();
  const seasons = Array.from({ length: LEAGUE.seasons }, (_, i) => last - LEAGUE.seasons + 1 + i);
  for (const year of seasons) {
    if (!(await getSeason(year)))
      await createSeason({ year, registrationOpens: null, registrationCloses: null, copyFrom: TEMPLATE_SEASON }, null);
  }
  const course = await db.course.create({
    data: { courseName: 'Bench Course', coursePar: 36, courseLength: '3,000 yards' },
  });

  log(`golfers: ${LEAGUE.golfers.toLocaleString('en-US')}`);
  const people = Array.from({ length: LEAGUE.golfers }, (_, i) => ({
    firstName: `First${i}`,
    lastName: `Last${String(i).padStart(5, '0')}`,
    fullName: `First${i} Last${String(i).padStart(5, '0')}`,
    email: `golfer${i}@example.org`,
    phone: `231-555-${String(i).padStart(4, '0')}`,
  }));
  for (const batch of chunks(people)) await db.golfer.createMany({ data: batch });
  const ids = (await db.golfer.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((g) => g.id);

  let nights: string[] = [];
  for (const [k, season] of seasons.entries()) {
    const members = ids.slice(k * LEAGUE.membersPerSeason, (k + 1) * LEAGUE.membersPerSeason);
    nights = await leagueNights(season);
    log(`season ${season}: ${members.length} memberships and flights, ${members.length * nights.length} rounds`);
    await db.membership.createMany({
      data: members.map((golferId, i) => ({
        golferId,
        season,
        registered: true,
        paid: i % 3 !== 0,
        registrationDatetime: new Date(Date.UTC(season, 3, 1 + (i % 28))),
        estimatedScore: 40 + (i % 15),
      })),
    });
    await db.flightAssignment.createMany({
      data: members.map((golferId, i) => ({ golferId, season, flightNo: String((i % 4) + 1) })),
    });
    const rounds = members.flatMap((golferId, i) =>
      nights.map((date, r) => ({ golferId, courseId: course.id, date, season, grossScore: 38 + ((i * 7 + r) % 12) })),
    );
    for (const batch of chunks(rounds, 2_000)) await db.round.createMany({ data: batch });
  }

  log('handicaps of every golfer');
  for (const batch of chunks(ids, 500)) {
    await db.$transaction((tx) => recomputeHandicaps(tx, batch), { timeout: 600_000, maxWait: 60_000 });
  }
  log('points of every league night');
  for (const season of seasons) {
    for (const date of await leagueNights(season)) await calculatePointsForDate(date, null);
  }
  const season = seasons[seasons.length - 1];
  return { season, seasons, nights, golferId: ids[(LEAGUE.seasons - 1) * LEAGUE.membersPerSeason] };
}

/** A league grown by an earlier run, copied to `target`: the same answer growLeague gave, read back from it. */
export async function reuseLeague(source: string, target: string): Promise<GrownLeague> {
  const fs = await import('node:fs');
  fs.copyFileSync(source, target);
  // A league left in WAL mode keeps its last writes beside the file.
  if (fs.existsSync(`${source}-wal`)) fs.copyFileSync(`${source}-wal`, `${target}-wal`);
  const last = currentSeason();
  const seasons = Array.from({ length: LEAGUE.seasons }, (_, i) => last - LEAGUE.seasons + 1 + i);
  const season = seasons[seasons.length - 1];
  const nights = await leagueNights(season);
  const first = await db.membership.findFirst({
    where: { season },
    orderBy: { golferId: 'asc' },
    select: { golferId: true },
  });
  return { season, seasons, nights, golferId: first!.golferId };
}
