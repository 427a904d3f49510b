import { currentSeason, todayInLeague } from '../app/domain/season';
import { createCourse } from '../app/models/courses.server';
import { setCourseHoles } from '../app/models/holes.server';
import { createFlightAssignment } from '../app/models/flights.server';
import { createGolfer } from '../app/models/golfers.server';
import { recomputeHandicaps } from '../app/models/handicaps.server';
import { createMembership } from '../app/models/memberships.server';
import { calculatePointsForDate } from '../app/models/points.server';
import { lockPlayoffField } from '../app/models/playoff-field.server';
import { seasonPlayoffs } from '../app/models/playoffs.server';
import { createRounds } from '../app/models/rounds.server';
import { createSeason, getLeagueSeason, getSchedule, getSeason, updateSeason } from '../app/models/seasons.server';
import { assignGolferToTeeTime, asPosition, generateSeasonTeeTimes } from '../app/models/tee-times.server';
import type { Db, Tx } from '../app/db/db.server';
import { keepLastNightsOnCards } from './demo-game-nights';
import { seedDemoSideGames } from './demo-side-games';
import { turnOnEveryJob } from '../app/models/automation-jobs.server';

const NAMES: Array<[string, string, string | null]> = [
  ['Avery', 'Lindqvist', null],
  ['Jordan', 'Okafor', 'Jo'],
  ['Casey', 'Brennan', null],
  ['Morgan', 'Healy', null],
  ['Riley', 'Kowalski', 'Ski'],
  ['Taylor', 'Nguyen', null],
  ['Drew', 'Patel', null],
  ['Jamie', 'Fournier', null],
  ['Quinn', 'Hartman', null],
  ['Reese', 'Mitchell', 'Doc'],
  ['Parker', 'Sandoval', null],
  ['Emerson', 'Byrne', null],
  ['Rowan', 'Castellano', null],
  ['Sasha', 'Whitfield', null],
  ['Blake', 'Johansson', null],
  ['Hayden', 'Moreau', 'Scrub'],
];

/** The published schedule the demo seasons are copied from (docs/product/seasons.md#what-a-season-holds). */
const TEMPLATE_SEASON = 2025;
/** The demo league's course. */
const DEMO_COURSE = 'Boyne Highlands Front Nine';
/** Weeks of demo rounds: the season's first regular rounds. */
const DEMO_WEEKS = 3;

/**
 * The current season and the next, each with the 2025 schedule copied by the rule 'Add Season' uses, and
 * registration open for the league season from today to its last date, so a new user can try registration on any
 * day of the year (docs/product/seasons.md#what-a-season-holds). A season that already exists is kept as it is.
 * Returns the league season's year and the current season's regular-round dates.
 */
async function seedSeasons(tx: Tx, season: number, today: string): Promise<{ league: number; regular: string[] }> {
  for (const year of [season, season + 1]) {
    if (!(await getSeason(year, tx)))
      await createSeason(
        { year, registrationOpens: null, registrationCloses: null, copyFrom: TEMPLATE_SEASON },
        null,
        tx,
      );
  }
  const league = await getLeagueSeason(tx, today);
  if (league.lastDate && league.lastDate >= today)
    await updateSeason(
      league.year,
      { feeCents: league.feeCents, registrationOpens: today, registrationCloses: league.lastDate },
      null,
      tx,
    );
  const regular = (await getSchedule(season, tx)).filter((e) => e.kind === 'regular-round').map((e) => e.date);
  return { league: league.year, regular };
}

/** A demo golfer as a season is played: their estimate (the scores go around it) and their flight. */
type DemoGolfer = { id: number; estimatedScore: number; flightNo: '1' | '2' | '3' | '4' };

/**
 * One demo season played to the end (docs/product/playoffs.md#the-demo-league): the demo golfers, in their flights of
 * that season (given one when they have none), on every regular round and playoff qualifier they have not played yet,
 * points calculated on all of them, the playoff field locked, the flight playoff played by each flight's field and
 * the Grand Championship by the four flight champions, so /stats/playoffs has champions to show. The lock goes
 * through the model, not the feature: the demo queues no email. Returns how many rounds it added.
 */
async function playSeasonToTheEnd(
  tx: Tx,
  season: number,
  golfers: readonly DemoGolfer[],
  courseId: number,
): Promise<{ rounds: number }> {
  if (!(await getSeason(season, tx)))
    await createSeason(
      { year: season, registrationOpens: null, registrationCloses: null, copyFrom: TEMPLATE_SEASON },
      null,
      tx,
    );
  const schedule = await getSchedule(season, tx);
  const counting = schedule
    .filter((e) => e.kind === 'regular-round' || e.kind === 'playoff-qualifier')
    .map((e) => e.date);
  const playoff = schedule.find((e) => e.kind === 'flight-playoff')?.date;
  const grand = schedule.find((e) => e.kind === 'grand-championship')?.date;
  const ids = golfers.map((g) => g.id);
  // The current season already has its first weeks (seedDemoLeague) and its flights: only the rest is added.
  const [flights, played] = await Promise.all([
    tx.flightAssignment.findMany({ where: { season, golferId: { in: ids } }, select: { golferId: true } }),
    tx.round.findMany({ where: { season, golferId: { in: ids } }, select: { golferId: true, date: true } }),
  ]);
  const inFlight = new Set(flights.map((f) => f.golferId));
  const taken = new Set(played.map((r) => `${r.golferId} ${r.date}`));
  // Scores that differ from night to night and from season to season, around each golfer's estimate.
  const gross = (i: number, night: number) => golfers[i].estimatedScore + ((i * 5 + night * 3 + season) % 7) - 3;
  for (const g of golfers)
    if (!inFlight.has(g.id)) await createFlightAssignment({ golferId: g.id, season, flightNo: g.flightNo }, null, tx);
  const regular = golfers.flatMap((g, i) =>
    counting.flatMap((date, night) =>
      taken.has(`${g.id} ${date}`) ? [] : [{ golferId: g.id, courseId, date, season, grossScore: gross(i, night) }],
    ),
  );
  await createRounds(regular, null, tx, { recompute: false });
  await recomputeHandicaps(tx, ids);
  for (const date of counting) await calculatePointsForDate(date, null, tx);
  await lockPlayoffField(season, null, tx);
  if (!playoff || !grand) return { rounds: regular.length };
  const seeds = await tx.playoffSeed.findMany({ where: { season }, select: { golferId: true } });
  const indexOf = (golferId: number) => golfers.findIndex((g) => g.id === golferId);
  const night = (date: string, golferIds: readonly number[], offset: number) =>
    golferIds.map((golferId) => ({ golferId, courseId, date, season, grossScore: gross(indexOf(golferId), offset) }));
  const playoffRounds = night(
    playoff,
    seeds.map((s) => s.golferId),
    counting.length,
  );
  await createRounds(playoffRounds, null, tx, { recompute: false });
  await recomputeHandicaps(tx, ids);
  const { flights: results } = await seasonPlayoffs(season, null, tx);
  const champions = results.flatMap((f) => f.field.filter((e) => e.champion !== null).map((e) => e.golferId));
  const grandRounds = night(grand, champions, counting.length + 1);
  await createRounds(grandRounds, null, tx, { recompute: false });
  await recomputeHandicaps(tx, ids);
  return { rounds: regular.length + playoffRounds.length + grandRounds.length };
}

/** The demo course's nine: par and stroke index of each hole (par 36). */
const DEMO_HOLES = [
  [4, 5],
  [3, 9],
  [5, 1],
  [4, 7],
  [4, 3],
  [3, 8],
  [4, 2],
  [5, 6],
  [4, 4],
].map(([par, strokeIndex], i) => ({ number: i + 1, par, strokeIndex }));

/**
 * A small demo league for a first look, written through the same models the pages use: the seasons above, one
 * par-36 course, 16 golfers in 4 flights with memberships for the current season, its first three weeks of rounds
 * with computed handicaps and points (seedDemoPlayoffs plays the rest once the season is over), the current season's
 * standing tee times with two golfers in each of the first slots, and the league season's tee times for new
 * registrations to choose from. `now` is the moment of seeding.
 */
export async function seedDemoLeague(db: Db, now: Date = new Date()): Promise<string> {
  const season = currentSeason(now);
  const today = todayInLeague(now);

  const { golferIds, dates, league } = await db.$transaction(
    async (tx) => {
      const { league, regular } = await seedSeasons(tx, season, today);
      const dates = regular.slice(0, DEMO_WEEKS);
      const course = await createCourse(
        { courseName: DEMO_COURSE, coursePar: 36, courseLength: '3,150 yards' },
        null,
        tx,
      );
      // Its holes (docs/product/scorecards.md), so the demo's nights can be scored on the phone; their pars add up to its 36.
      await setCourseHoles(course.id, DEMO_HOLES, null, tx);
      const ids: number[] = [];
      const rounds = [];
      for (const [i, [firstName, lastName, nickname]] of NAMES.entries()) {
        const email = `${firstName}.${lastName}@example.org`.toLowerCase();
        const golfer = await createGolfer(
          {
            firstName,
            lastName,
            nickname: nickname ?? undefined,
            email,
            phone: `231-555-${String(1000 + i * 37).padStart(4, '0')}`,
          },
          null,
          tx,
        );
        ids.push(golfer.id);
        const estimatedScore = 38 + Math.floor(i / 4) * 4 + (i % 4);
        await createMembership(
          {
            golferId: golfer.id,
            season,
            registered: true,
            paid: i % 7 !== 3,
            estimatedScore,
            registrationDatetime: new Date(Date.UTC(season, 3, 1 + i, 14)),
          },
          null,
          tx,
        );
        await createFlightAssignment(
          { golferId: golfer.id, season, flightNo: String(Math.floor(i / 4) + 1) as '1' | '2' | '3' | '4' },
          null,
          tx,
        );
        for (const [d, date] of dates.entries()) {
          rounds.push({
            golferId: golfer.id,
            courseId: course.id,
            date,
            season,
            grossScore: estimatedScore + ((i * 3 + d * 5) % 7) - 3,
          });
        }
      }
      await createRounds(rounds, null, tx, { recompute: false });
      await recomputeHandicaps(tx, ids);
      // Points as an administrator's "Calculate points" gives them, so the demo standings are not all zero.
      for (const date of dates) await calculatePointsForDate(date, null, tx);
      return { golferIds: ids, dates, league };
    },
    { timeout: 60_000 },
  );

  const { total } = await generateSeasonTeeTimes(season, null);
  const leagueTeeTimes = league === season ? total : (await generateSeasonTeeTimes(league, null)).total;
  const slots = await db.teeTime.findMany({ where: { season }, orderBy: { time: 'asc' }, select: { id: true } });
  for (const [i, golferId] of golferIds.entries()) {
    await assignGolferToTeeTime(
      {
        teeTimeId: slots[Math.floor(i / 2)].id,
        position: asPosition((i % 2) + 1),
        golferId,
      },
      null,
    );
  }
  // The demo league runs every scheduled job (docs/product/automation.md#defaults).
  await turnOnEveryJob(db);
  const leagueSummary = league === season ? '' : `, ${leagueTeeTimes} standing tee times for ${league}`;
  return (
    `${golferIds.length} golfers in 4 flights, 1 course, ${golferIds.length * dates.length} rounds, ` +
    `${total} standing tee times for ${season}${leagueSummary}; registration open for ${league}`
  );
}

/**
 * The demo seasons to play to the end on `today`: the season before the current one always, and the current one too
 * once its Grand Championship night is over (the day after it, Detroit time), so between seasons the demo has the
 * season just finished with its champions, as a real league has (docs/product/playoffs.md#between-seasons).
 */
function seasonsToFinish(season: number, grandChampionship: string | undefined, today: string): number[] {
  return grandChampionship !== undefined && grandChampionship < today ? [season - 1, season] : [season - 1];
}

/**
 * The demo league's playoffs (docs/product/playoffs.md#the-demo-league), seeded after `seedDemoLeague` with the same
 * `now`: its 16 golfers, in the same flights, play the season before the current one to the end, and the current
 * season too when its Grand Championship date has passed (playSeasonToTheEnd, oldest first, so each round's handicap
 * is computed from the rounds before it). While the current season is still on, it keeps its first weeks and the
 * rest to come; its nights get their points again from the nets that the season before moved.
 */
export async function seedDemoPlayoffs(db: Db, now: Date = new Date()): Promise<string> {
  const season = currentSeason(now);
  const today = todayInLeague(now);
  const emails = NAMES.map(([firstName, lastName]) => `${firstName}.${lastName}@example.org`.toLowerCase());
  return db.$transaction(
    async (tx) => {
      const [golfers, course, schedule] = await Promise.all([
        tx.golfer.findMany({
          where: { email: { in: emails } },
          orderBy: { id: 'asc' },
          select: {
            id: true,
            memberships: { where: { season }, select: { estimatedScore: true } },
            flights: { where: { season }, select: { flightNo: true } },
          },
        }),
        tx.course.findFirst({ where: { courseName: DEMO_COURSE }, select: { id: true } }),
        getSchedule(season, tx),
      ]);
      const played: DemoGolfer[] = golfers.flatMap((g) =>
        g.flights[0] && course
          ? [
              {
                id: g.id,
                estimatedScore: g.memberships[0]?.estimatedScore ?? 40,
                flightNo: g.flights[0].flightNo as DemoGolfer['flightNo'],
              },
            ]
          : [],
      );
      if (played.length === 0 || !course) return 'no demo golfers to play the playoffs';
      const grand = schedule.find((e) => e.kind === 'grand-championship')?.date;
      const years = seasonsToFinish(season, grand, today);
      let rounds = 0;
      for (const year of years) rounds += (await playSeasonToTheEnd(tx, year, played, course.id)).rounds;
      if (!years.includes(season)) {
        const current = await tx.round.findMany({ where: { season }, distinct: ['date'], select: { date: true } });
        for (const { date } of current) await calculatePointsForDate(date, null, tx);
      }
      return years.length === 1
        ? `the ${years[0]} season played to its playoff champions (${rounds} rounds)`
        : `the ${years.join(' and ')} seasons played to their playoff champions (${rounds} rounds)`;
    },
    { timeout: 60_000 },
  );
}

/**
 * The demo plays game night (docs/product/scorecards.md#the-demo-league, docs/decisions/141-demo-plays-game-night.md):
 * seeded after `seedDemoPlayoffs` with the same `now`, the current season's last played nights are kept on attested
 * cards, hole by hole, so the results page shows skins, the golfers' pages their hole statistics and /scores a
 * finished card.
 */
export async function seedDemoGameNights(db: Db, now: Date = new Date()): Promise<string> {
  const season = currentSeason(now);
  const today = todayInLeague(now);
  const nights = await db.$transaction(
    async (tx) => {
      const course = await tx.course.findFirst({ where: { courseName: DEMO_COURSE }, select: { id: true } });
      return course ? keepLastNightsOnCards(tx, season, course.id, today) : [];
    },
    { timeout: 60_000 },
  );
  return nights.length === 0 ? 'no night kept on cards' : `the nights of ${nights.join(', ')} kept on cards`;
}

/**
 * The whole demo league, step by step, all seeded as of the same moment `now` (start-up and the benchmark's demo
 * server call this; a new step is one more line). Returns what each step seeded, for the start-up log.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<string> {
  const steps = [
    await seedDemoLeague(db, now),
    await seedDemoPlayoffs(db, now),
    await seedDemoGameNights(db, now),
    await seedDemoSideGames(db, currentSeason(now)),
  ];
  return steps.join('; ');
}
