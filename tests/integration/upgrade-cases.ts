import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import {
  expectSetAsideRecomputed,
  expectUpgradedCalendar,
  expectUpgradedLeague,
  expectUpgradedPlayoffs,
  fillFirstReleaseLeague,
  fillSecondReleaseSchedule,
  SECOND_RELEASE_MIGRATION,
} from './previous-release';
import { expectUpgradedSubs, fillSecondReleaseGolfers } from './upgrade-availability-and-subs';
import { expectGolfersAfterSignIn, fillGolfersBeforeSignIn } from './upgrade-golfer-sign-in-cases';
import { migrationsAfter, migrateTo, upgradeDatabase } from './upgrade-helpers';
import { expectUpgradedToScorecards, fillBeforeScorecards } from './upgrade-scorecards-cases';
import { expectUpgradedSkinsSettings, fillPreviousReleaseSettings } from './upgrade-skins-cases';

/** Each release's last migration: the chain stops at each, as a league's database stood between two releases. */
const FIRST_RELEASE = '20261122122753_init';
const THIRD_RELEASE = '20261125152426_scorecards';
const FOURTH_RELEASE = '20261129044718_outbox_counted_attempts';

/**
 * One database taken through every release, as a league that upgraded at each would have it
 * (docs/decisions/186-postgres-where-it-differs.md): each step migrates to the release's last migration, checks what
 * that upgrade applied, and writes what a league of that release holds. Today's client reads only today's schema, so
 * what each release's data must look like after the upgrades is checked once today's start-up has run, as each
 * release's upgrade test did when it had a file of its own. The caller gives the file its empty database first.
 */
export function upgradeChainCases(): void {
  const db = async (): Promise<Db> => (await import('~/db/db.server')).db;
  let first: Awaited<ReturnType<typeof fillFirstReleaseLeague>>;
  let nights: Awaited<ReturnType<typeof fillSecondReleaseSchedule>>;
  let golfers: Awaited<ReturnType<typeof fillGolfersBeforeSignIn>>;
  let subs: Awaited<ReturnType<typeof fillSecondReleaseGolfers>>;
  let upgradedFrom: Date;

  it('the first release: a league with its fee changed in Settings and two rounds on one date', async () => {
    expect(await migrateTo(FIRST_RELEASE)).toEqual([FIRST_RELEASE]);
    first = await fillFirstReleaseLeague(await db());
  });

  it('the second release: the 2025 season made from the first release, then its schedules, golfers, settings, tee times and rounds', async () => {
    expect(await migrateTo(SECOND_RELEASE_MIGRATION)).toEqual(['20261123233216_seasons', SECOND_RELEASE_MIGRATION]);
    const client = await db();
    // What this upgrade must keep, read only through columns the second release has: the season takes the fee the
    // first release's Settings had, and the second round on one date is set aside.
    expect(await client.season.findUnique({ where: { year: 2025 }, select: { feeCents: true } })).toEqual({
      feeCents: 17_500,
    });
    expect(await client.scheduleEntry.count({ where: { season: 2025 } })).toBe(22);
    expect(
      await client.setAsideRound.findMany({
        where: { golferId: first.golferId },
        select: { date: true, grossScore: true },
      }),
    ).toEqual([{ date: '2025-05-19', grossScore: 50 }]);

    nights = await fillSecondReleaseSchedule(client);
    golfers = await fillGolfersBeforeSignIn(client);
    await fillPreviousReleaseSettings(client);
    subs = await fillSecondReleaseGolfers(client);
    await fillBeforeScorecards(client);
  });

  it('the third release: calendar versions, skins, the playoff field, subs, golfer sign-in and scorecards', async () => {
    upgradedFrom = new Date();
    const applied = await migrateTo(THIRD_RELEASE);
    // The calendar's migration first, then the rest of the release's.
    expect(applied[0]).toMatch(/_calendar_sequence$/);
    expect(applied.every((name) => name > SECOND_RELEASE_MIGRATION)).toBe(true);
    for (const feature of ['skins_settings', 'playoff_field', 'availability_and_subs', 'golfer_sign_in', 'scorecards'])
      expect(applied).toContainEqual(expect.stringMatching(new RegExp(`_${feature}$`)));
    expect(applied).toEqual(migrationsAfter(SECOND_RELEASE_MIGRATION).filter((name) => name <= THIRD_RELEASE));
  });

  it('the fourth release: scheduled jobs, golfers’ own calendars and the outbox’s counted attempts', async () => {
    expect(await migrateTo(FOURTH_RELEASE)).toEqual([
      '20261129040304_automation',
      '20261129040335_golfer_calendars',
      FOURTH_RELEASE,
    ]);
    // The registrations and failed sign-ins counted so far, under the column's name of then.
    await (
      await db()
    )
      .$executeRaw`INSERT INTO "login_throttles" ("key", "failures", "windowStart") VALUES ('register:203.0.113.9', 7, CURRENT_TIMESTAMP), ('user:admin@203.0.113.9', 3, CURRENT_TIMESTAMP)`;
  });

  it("today's start-up applies whatever came since, and every migration is recorded once", async () => {
    expect(await upgradeDatabase()).toEqual(migrationsAfter(FOURTH_RELEASE));
    const recorded = await (
      await db()
    ).$queryRaw<
      { migration_name: string }[]
    >`SELECT "migration_name" FROM "_prisma_migrations" ORDER BY "migration_name"`;
    expect(recorded.map((row) => row.migration_name)).toEqual(migrationsAfter(''));
  });

  describe('today, what each release left is kept', () => {
    // First: the league has one settings row, and the checks below need two of its defaults back.
    it("the second release's settings: kept, with 'Skins' on and 'Skins carry over' off", async () => {
      const client = await db();
      await expectUpgradedSkinsSettings(client);
      // The first release's stored handicaps were computed at par 36, and the public playoffs answer needs the stats
      // published: the league puts both back, in SQL, so nothing is recomputed before the first start below does it.
      await client.$executeRaw`UPDATE "settings" SET "defaultPar" = 36, "publishStats" = TRUE WHERE "id" = 1`;
    });

    it('the first release: carries the 2025 schedule over as data and keeps every stored handicap', async () => {
      await expectUpgradedLeague(await db(), first.golferId);
    });

    it('the first release: recomputes, at the first start, the golfers whose second rounds on one date were set aside', async () => {
      await expectSetAsideRecomputed(await db(), first.doubled);
    });

    // Before the calendar's rain-out below changes a night.
    it("the second release's schedules: keeps every night, starts every season unlocked, and can then lock a field", async () => {
      await expectUpgradedPlayoffs(await db(), nights);
    });

    it("the second release's schedules: every night is the first version of its calendar event, and the feed's versions then move", async () => {
      await expectUpgradedCalendar(await db(), nights, upgradedFrom);
    });

    it("the second release's golfers: keeps every golfer and email, lets two share an address, and can store sign-in codes", async () => {
      await expectGolfersAfterSignIn(await db(), golfers);
    });

    it("the second release's golfers, settings and tee times: nobody is a sub yet, every night In, the cut-off noon the day before", async () => {
      await expectUpgradedSubs(await db(), subs);
    });

    it("the second release's courses and rounds: kept; courses have no holes until an administrator fills them in", async () => {
      await expectUpgradedToScorecards(await db());
    });

    it('the fourth release: the throttles keep what they counted, as attempts', async () => {
      const rows = await (
        await db()
      ).loginThrottle.findMany({ where: { key: { endsWith: '203.0.113.9' } }, orderBy: { key: 'asc' } });
      expect(rows.map((row) => [row.key, row.attempts])).toEqual([
        ['register:203.0.113.9', 7],
        ['user:admin@203.0.113.9', 3],
      ]);
    });
  });
}
