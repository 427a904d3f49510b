import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, vi } from 'vitest';
import type { Db } from '~/db/db.server';

/** The last migration of the second release. */
export const SECOND_RELEASE_MIGRATION = '20261124013755_second_release';

/**
 * A folder laid out like the project but holding only the migrations up to `last`, so
 * `migrate(config, previousReleaseRoot(last))` takes a database as far as that release did.
 */
export function previousReleaseRoot(last: string): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'league-previous-release-'));
  for (const dir of ['prisma/migrations', 'prisma/postgres/migrations']) {
    for (const migration of fs.readdirSync(path.resolve(dir))) {
      if (!/^\d{14}_/.test(migration) || migration > last) continue;
      fs.cpSync(path.resolve(dir, migration), path.join(root, dir, migration), { recursive: true });
    }
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
  // Each night is the first version of its calendar event, with the UID its date gives it (decision 115).
  for (const night of season?.schedule ?? []) {
    expect(night).toMatchObject({ sequence: 0, calendarUid: null });
    expect(night.changedAt).toBeInstanceOf(Date);
  }

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

// ---------------------------------------------------------------------------------------------------------------
// The second release's schedule, upgraded to calendar events with versions
// (docs/decisions/115-league-season-defaults-and-calendar-updates.md)

type StoredNight = {
  id: number;
  season: number;
  date: string;
  weekNumber: number | null;
  event: string;
  kind: string;
  rainOut: boolean;
};

/**
 * What a second-release league holds of its schedules: the 2025 season its migration made, with June 9 rained out,
 * and a 2026 season an administrator added, with two nights. Returns every stored night as the second release left it.
 */
export async function fillSecondReleaseSchedule(db: Db): Promise<StoredNight[]> {
  // Raw SQL: the current client would read back columns a second-release database does not have.
  await db.$executeRaw`UPDATE "schedule_entries" SET "rainOut" = TRUE WHERE "date" = '2025-06-09'`;
  await db.$executeRaw`INSERT INTO "seasons" ("year", "feeCents", "updatedAt") VALUES (2026, 16000, CURRENT_TIMESTAMP)`;
  await db.$executeRaw`INSERT INTO "schedule_entries" ("season", "date", "weekNumber", "event", "kind", "rainOut")
    VALUES (2026, '2026-05-04', NULL, 'Practice Round', 'practice-round', FALSE),
      (2026, '2026-05-18', 1, 'League Play', 'regular-round', FALSE)`;
  const rows = await db.$queryRaw<Record<string, unknown>[]>`SELECT "id", "season", "date", "weekNumber", "event",
    "kind", "rainOut" FROM "schedule_entries" ORDER BY "id"`;
  // SQLite answers numbers for integers and booleans; PostgreSQL booleans.
  return rows.map((row) => ({
    id: Number(row.id),
    season: Number(row.season),
    date: String(row.date),
    weekNumber: row.weekNumber === null ? null : Number(row.weekNumber),
    event: String(row.event),
    kind: String(row.kind),
    rainOut: Boolean(row.rainOut),
  }));
}

/**
 * After the upgrade: every night is still there as it was, each the first version of its calendar event (SEQUENCE 0,
 * changed last at the upgrade, the UID its date gives it), and the feed says so; a rain-out then raises the night's
 * SEQUENCE and sets its LAST-MODIFIED, while the other nights keep theirs.
 */
export async function expectUpgradedCalendar(db: Db, before: StoredNight[], upgradedFrom: Date): Promise<void> {
  const after = await db.scheduleEntry.findMany({ orderBy: { id: 'asc' } });
  expect(after.map(({ calendarUid: _u, sequence: _s, changedAt: _c, ...night }) => night)).toEqual(before);
  expect(before).toHaveLength(24);
  for (const night of after) {
    expect(night).toMatchObject({ sequence: 0, calendarUid: null });
    // Stored in UTC: within a minute of the upgrade, whatever the database server's time zone.
    expect(Math.abs(night.changedAt.getTime() - upgradedFrom.getTime())).toBeLessThan(60_000);
  }

  const { default: ical } = await import('node-ical');
  const { loader } = await import('~/routes/schedule.$year[.ics]');
  const feed = async (year: number) => {
    const res = await loader({
      request: new Request(`http://localhost/schedule/${year}.ics`),
      params: { year: String(year) },
      context: {},
    });
    expect(res.status).toBe(200);
    const events = Object.values(ical.sync.parseICS(await res.text())).filter((c) => c?.type === 'VEVENT');
    return new Map(
      events.map((event) => [
        event.uid,
        { sequence: Number(event.sequence), lastModified: event.lastmodified?.getTime() },
      ]),
    );
  };
  const events2025 = await feed(2025);
  expect(events2025.size).toBe(19);
  expect(events2025.get('schedule-2025-06-09@golf-league')).toEqual({
    sequence: 0,
    lastModified: Math.floor(after.find((n) => n.date === '2025-06-09')!.changedAt.getTime() / 1000) * 1000,
  });
  expect([...(await feed(2026)).keys()]).toEqual([
    'schedule-2026-05-04@golf-league',
    'schedule-2026-05-18@golf-league',
  ]);

  const { setRainOut } = await import('~/models/schedule-entries.server');
  const night = after.find((n) => n.date === '2025-06-23')!;
  // A day after the upgrade, so the new LAST-MODIFIED differs from the upgrade's even at the feed's whole seconds.
  const rainedAt = new Date(Math.floor(upgradedFrom.getTime() / 1000) * 1000 + 86_400_000);
  vi.useFakeTimers({ toFake: ['Date'], now: rainedAt });
  try {
    await setRainOut(2025, night.id, true, null);
  } finally {
    vi.useRealTimers();
  }
  const rained = await feed(2025);
  expect(rained.get('schedule-2025-06-23@golf-league')).toEqual({ sequence: 1, lastModified: rainedAt.getTime() });
  for (const [uid, version] of events2025) {
    if (uid !== 'schedule-2025-06-23@golf-league') expect(rained.get(uid), uid).toEqual(version);
  }
}

/**
 * After the playoffs' upgrade (docs/decisions/122-playoffs-field-and-nights.md): every schedule night is still there
 * as it was, no season's field is locked (the public answer says `locked: false`), and a field can then be locked.
 */
export async function expectUpgradedPlayoffs(db: Db, before: StoredNight[]): Promise<void> {
  const after = await db.scheduleEntry.findMany({ orderBy: { id: 'asc' } });
  expect(
    after.map(({ id, season, date, weekNumber, event, kind, rainOut }) => ({
      id,
      season,
      date,
      weekNumber,
      event,
      kind,
      rainOut,
    })),
  ).toEqual(before);
  expect(await db.playoffField.count()).toBe(0);
  expect(await db.playoffSeed.count()).toBe(0);
  const { loader } = await import('~/routes/api.public.playoffs');
  const res = await loader({
    request: new Request('http://localhost/api/public/playoffs?season=2025'),
    params: {},
    context: {},
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ season: 2025, locked: false });
  const { lockPlayoffField } = await import('~/models/playoff-field.server');
  expect(await lockPlayoffField(2025, null)).toEqual({ season: 2025, seeds: [] });
  expect(await db.playoffField.findUnique({ where: { season: 2025 } })).toMatchObject({ lockedBy: 'automatic' });
}
