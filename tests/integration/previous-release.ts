import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { Db } from '~/utils/db.server';

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
export async function fillFirstReleaseLeague(db: Db): Promise<{ golferId: number }> {
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
  return { golferId: Number(golferId) };
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
