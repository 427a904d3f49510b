import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Db } from '~/db/db.server';

/** The last migration of the first release: a database it made has exactly these tables. */
const FIRST_RELEASE_MIGRATION = '20261122122753_init';

/**
 * A folder laid out like the project but holding only the first release's migrations, so
 * `migrate(config, previousReleaseRoot())` builds a database as the first release left it.
 */
export function previousReleaseRoot(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'league-previous-release-'));
  for (const dir of ['prisma/migrations', 'prisma/postgres/migrations']) {
    fs.cpSync(path.resolve(dir, FIRST_RELEASE_MIGRATION), path.join(root, dir, FIRST_RELEASE_MIGRATION), {
      recursive: true,
    });
  }
  return root;
}

/**
 * What a league's first-release database holds: a fee changed in Settings and one golfer's 2025 rounds with the
 * columns the first release stored. The practice round (May 5) counted for nothing, so the May 19 round's handicap
 * is 80% of its differential alone: round(0.8 × (45 − 36)) = 7.
 */
export async function fillFirstReleaseLeague(db: Db): Promise<{ golferId: number; doubled: DoubledLeague }> {
  // Raw SQL: the current client would read back columns a first-release database does not have.
  await db.$executeRaw`INSERT INTO "settings" ("id", "seasonFeeCents") VALUES (1, 17500)`;
  await db.$executeRaw`INSERT INTO "golfers" ("firstName", "lastName", "fullName", "updatedAt")
    VALUES ('Ada', 'Early', 'Ada Early', CURRENT_TIMESTAMP)`;
  const [{ id: golferId }] = await db.$queryRaw<
    { id: number }[]
  >`SELECT "id" FROM "golfers" WHERE "fullName" = 'Ada Early'`;
  for (const round of [...FIRST_RELEASE_ROUNDS, DUPLICATE_ROUND]) {
    await db.$executeRaw`INSERT INTO "rounds"
      ("golferId", "date", "season", "grossScore", "hcpIndexBefore", "netScore", "hcpIndexAfter")
      VALUES (${golferId}, ${round.date}, 2025, ${round.grossScore}, ${round.hcpIndexBefore}, ${round.netScore},
        ${round.hcpIndexAfter})`;
  }
  return { golferId: Number(golferId), doubled: await fillDoubledNights(db) };
}

type FirstReleaseRound = {
  date: string;
  grossScore: number;
  hcpIndexBefore: number | null;
  netScore: number;
  hcpIndexAfter: number | null;
  points: number;
};

/**
 * Bo and Cy, both in flight 1 of 2025, with points calculated by the first release on both nights they played. Bo's
 * second round on May 19 (50, recorded after his 45) counted in his handicap (9 instead of 7 before June 2) and in
 * the May 19 ranking (first, on net 43). Stored columns are exactly what the first release computed.
 */
const BO_ROUNDS: FirstReleaseRound[] = [
  { date: '2025-05-19', grossScore: 45, hcpIndexBefore: null, netScore: 45, hcpIndexAfter: 7, points: 23 },
  { date: '2025-05-19', grossScore: 50, hcpIndexBefore: 7, netScore: 43, hcpIndexAfter: 9, points: 24 },
  { date: '2025-06-02', grossScore: 40, hcpIndexBefore: 9, netScore: 31, hcpIndexAfter: 7, points: 24 },
];
const CY_ROUNDS: FirstReleaseRound[] = [
  { date: '2025-05-19', grossScore: 47, hcpIndexBefore: null, netScore: 47, hcpIndexAfter: 9, points: 22 },
  { date: '2025-06-02', grossScore: 41, hcpIndexBefore: 9, netScore: 32, hcpIndexAfter: 6, points: 23 },
];

type DoubledLeague = { boId: number; cyId: number };

async function fillDoubledNights(db: Db): Promise<DoubledLeague> {
  const ids: number[] = [];
  for (const [name, rounds] of [
    ['Bo', BO_ROUNDS],
    ['Cy', CY_ROUNDS],
  ] as const) {
    await db.$executeRaw`INSERT INTO "golfers" ("firstName", "lastName", "fullName", "updatedAt")
      VALUES (${name}, 'Double', ${`${name} Double`}, CURRENT_TIMESTAMP)`;
    const [{ id }] = await db.$queryRaw<{ id: number }[]>`SELECT "id" FROM "golfers" WHERE "firstName" = ${name}`;
    const golferId = Number(id);
    ids.push(golferId);
    await db.$executeRaw`INSERT INTO "flights" ("golferId", "season", "flightNo") VALUES (${golferId}, 2025, '1')`;
    for (const r of rounds) {
      await db.$executeRaw`INSERT INTO "rounds"
        ("golferId", "date", "season", "grossScore", "hcpIndexBefore", "netScore", "hcpIndexAfter", "points")
        VALUES (${golferId}, ${r.date}, 2025, ${r.grossScore}, ${r.hcpIndexBefore}, ${r.netScore}, ${r.hcpIndexAfter},
          ${r.points})`;
    }
  }
  return { boId: ids[0], cyId: ids[1] };
}

/**
 * The first start after the upgrade (prepareServer) recomputes the golfers whose rounds were set aside, once: Bo's
 * June 2 round is net 33 (handicap 7 before it) and Cy now wins that night; May 19 is re-ranked without Bo's second
 * round (whose calculated points showed the date was calculated). The set-aside rounds are marked recomputed, and a
 * second start changes nothing.
 */
export async function expectSetAsideRecomputed(db: Db, { boId, cyId }: DoubledLeague): Promise<void> {
  const { prepareServer } = await import('~/web/prepare.server');
  const lines: string[] = [];
  await prepareServer((line) => lines.push(line));
  expect(lines).toContainEqual(expect.stringMatching(/^Recomputed the handicaps of 2 golfer\(s\) whose second rounds/));
  const columns = (golferId: number) =>
    db.round.findMany({
      where: { golferId },
      orderBy: { date: 'asc' },
      select: { date: true, grossScore: true, hcpIndexBefore: true, netScore: true, hcpIndexAfter: true, points: true },
    });
  expect(await columns(boId)).toEqual([
    { date: '2025-05-19', grossScore: 45, hcpIndexBefore: null, netScore: 45, hcpIndexAfter: 7, points: 24 },
    // [9, 4] → 6.5 × 0.8 = 5.2
    { date: '2025-06-02', grossScore: 40, hcpIndexBefore: 7, netScore: 33, hcpIndexAfter: 5, points: 23 },
  ]);
  expect(await columns(cyId)).toEqual([
    { ...CY_ROUNDS[0], points: 23 },
    { ...CY_ROUNDS[1], points: 24 },
  ]);
  const setAside = await db.setAsideRound.findMany({ where: { golferId: boId } });
  expect(setAside).toMatchObject([{ date: '2025-05-19', grossScore: 50, points: 24 }]);
  expect(setAside[0].recomputedAt).toBeInstanceOf(Date);
  expect(await db.setAsideRound.count({ where: { recomputedAt: null } })).toBe(0);

  const again: string[] = [];
  await prepareServer((line) => again.push(line));
  expect(again.filter((line) => line.startsWith('Recomputed'))).toEqual([]);
  expect(await columns(boId)).toMatchObject([{ points: 24 }, { points: 23 }]);
}

/**
 * The first release let a golfer have two rounds on one date; the upgrade keeps the first and sets the later one
 * aside (docs/decisions/070-one-round-per-golfer-per-date.md).
 */
const DUPLICATE_ROUND = { date: '2025-05-19', grossScore: 50, hcpIndexBefore: 7, netScore: 43, hcpIndexAfter: 7 };

const FIRST_RELEASE_ROUNDS = [
  { date: '2025-05-05', grossScore: 60, hcpIndexBefore: null, netScore: 60, hcpIndexAfter: null },
  { date: '2025-05-19', grossScore: 45, hcpIndexBefore: null, netScore: 45, hcpIndexAfter: 7 },
];

/**
 * After the upgrade: the 2025 season and its schedule are data (with the fee Settings had), and recomputing the
 * golfer's handicaps from the database's schedule gives exactly what the first release stored.
 */
export async function expectUpgradedLeague(db: Db, golferId: number): Promise<void> {
  const season = await db.season.findUnique({ where: { year: 2025 }, include: { schedule: true } });
  expect(season?.feeCents).toBe(17_500);
  expect(season?.schedule).toHaveLength(22);
  expect(season?.schedule.find((e) => e.date === '2025-05-05')).toMatchObject({
    kind: 'practice-round',
    rainOut: false,
    weekNumber: null,
  });
  expect(season?.schedule.find((e) => e.date === '2025-08-04')).toMatchObject({
    kind: 'playoff-qualifier',
    weekNumber: 10,
    event: 'Playoff Qualifier 1',
  });

  const { recomputeHandicaps } = await import('~/models/handicaps.server');
  await db.$transaction((tx) => recomputeHandicaps(tx, [golferId]));
  const rounds = await db.round.findMany({
    where: { golferId },
    orderBy: { date: 'asc' },
    select: { date: true, grossScore: true, hcpIndexBefore: true, netScore: true, hcpIndexAfter: true },
  });
  expect(rounds).toEqual(FIRST_RELEASE_ROUNDS);
  const setAside = await db.setAsideRound.findMany({ where: { golferId } });
  expect(setAside).toMatchObject([{ date: DUPLICATE_ROUND.date, grossScore: DUPLICATE_ROUND.grossScore }]);
}
