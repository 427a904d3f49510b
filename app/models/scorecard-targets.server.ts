import { golfersOfSessions } from '~/models/golfer-sessions.server';
import { seasonOfDate } from '~/models/handicaps.server';
import { groupsOnNight, slotSelect, type Group } from '~/models/night-groups.server';
import { courseForNight, ensureScorecard, offNightProblem, type Scorer } from '~/models/scorecards.server';
import { db, isUniqueViolation, selectWhereIn } from '~/db/db.server';
import { ForbiddenError, InvalidError, NotFoundError, SignedOutError } from '~/domain/errors';
import { notOpenYet } from '~/domain/scorecard-night';

/**
 * Where a batch of hole entries goes (docs/decisions/128-scorecard-group-commit.md): each request's card, the group
 * that plays it that night and who writes, read before the batch's transaction (scorecard-writes.server.ts), a few
 * queries for the whole batch; the cards a night does not have yet are made here.
 */

/** One hole entry as a phone or a form sends it. `clientId` is made by the phone, once per entry. */
export type HoleWrite = { clientId: string; golferId: number; hole: number; strokes: number; enteredAt?: Date };

/** One request's hole entries for one card; `teeTimeId` null: the group the golfer plays in that night. */
export type CardWrite = {
  date: string;
  teeTimeId: number | null;
  writes: readonly HoleWrite[];
  scorer: Scorer | { sessionToken: string };
  now: Date;
};

/** Where a write goes: its card, the group that plays it that night, and who writes. */
export type CardTarget = { scorecardId: number; group: Group; scorer: Scorer };

/**
 * Which card each write goes to, and who writes: the reads made before the batch's transaction, a few queries for the
 * whole batch and none with a list of ids for Prisma to plan (docs/decisions/128-scorecard-group-commit.md).
 */
export async function resolveCardWrites(jobs: CardWrite[]): Promise<(CardTarget | Error)[]> {
  const tokens = jobs.flatMap((j) => ('sessionToken' in j.scorer ? [j.scorer.sessionToken] : []));
  const golferOfToken = tokens.length === 0 ? new Map<string, number>() : await golfersOfSessions(db, tokens);
  // Each job's golfer when it writes as one (by sign-in), SignedOutError for a sign-in that is no more.
  const owners = jobs.map((j): number | Error | null => {
    if (!('sessionToken' in j.scorer)) return null;
    return golferOfToken.get(j.scorer.sessionToken) ?? new SignedOutError('Sign in with the code we email you first');
  });
  const seasons = new Map<string, number>();
  for (const job of jobs) {
    const season = seasonOfDate(job.date);
    if (season !== null) seasons.set(job.date, season);
  }
  const slots = await db.teeTime.findMany({
    where: { season: { in: [...new Set(seasons.values())] } },
    select: slotSelect,
    orderBy: { time: 'asc' },
  });
  const groupsOf = new Map<string, Group[]>();
  for (const [date, season] of seasons)
    groupsOf.set(
      date,
      await groupsOnNight(
        date,
        slots.filter((s) => s.season === season),
        db,
      ),
    );
  const ownIds = owners.filter((o): o is number => typeof o === 'number');
  const names = new Map(
    (await selectWhereIn<{ id: number; fullName: string }>(db, 'golfers', ['id', 'fullName'], 'id', ownIds)).map(
      (g) => [g.id, g.fullName],
    ),
  );
  const targets = jobs.map((job, i): { group: Group; scorer: Scorer } | Error => {
    const golferId = owners[i];
    if (golferId instanceof Error) return golferId;
    const groups = groupsOf.get(job.date);
    if (!groups) return new InvalidError('Enter a real calendar date (yyyy-mm-dd)');
    if (golferId === null) {
      const scorer = job.scorer as Scorer;
      const group = groups.find((g) => g.teeTimeId === job.teeTimeId);
      return group ? { group, scorer } : new NotFoundError('Group not found for this night');
    }
    const name = names.get(golferId);
    const own = groups.find((g) => g.golferIds.includes(golferId));
    if (name === undefined || !own)
      return new NotFoundError(
        'You play in no group on this night (no standing tee time this season, or you are Out), so you have no scorecard',
      );
    if (job.teeTimeId !== null && job.teeTimeId !== own.teeTimeId)
      return new ForbiddenError("This is another group's card: you can keep score only for your own group");
    return { group: own, scorer: { name, golferId, actor: null } };
  });
  const dates = [...new Set(targets.flatMap((t, i) => (t instanceof Error ? [] : [jobs[i].date])))];
  // The nights' cards, every group's: at most a few hundred short rows, cheaper than a list of ids to plan.
  const cards =
    dates.length === 0
      ? []
      : await db.scorecard.findMany({
          where: { date: { in: dates } },
          select: { id: true, date: true, teeTimeId: true },
        });
  const cardOf = new Map(cards.map((c) => [`${c.date}|${c.teeTimeId}`, c.id]));
  await refuseGolfersOffNight(jobs, owners, targets, new Set(cards.map((c) => c.date)));
  const missing = new Map<string, { date: string; teeTimeId: number }>();
  targets.forEach((target, i) => {
    if (target instanceof Error) return;
    const key = `${jobs[i].date}|${target.group.teeTimeId}`;
    if (!cardOf.has(key)) missing.set(key, { date: jobs[i].date, teeTimeId: target.group.teeTimeId });
  });
  if (missing.size > 0) await createCards([...missing.values()], cardOf);
  const out: (CardTarget | Error)[] = [];
  for (const [i, target] of targets.entries()) {
    if (target instanceof Error) {
      out.push(target);
      continue;
    }
    const key = `${jobs[i].date}|${target.group.teeTimeId}`;
    try {
      const scorecardId = cardOf.get(key) ?? (await ensureScorecard(jobs[i].date, target.group.teeTimeId));
      cardOf.set(key, scorecardId);
      out.push({ scorecardId, group: target.group, scorer: target.scorer });
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      out.push(error);
    }
  }
  return out;
}

/**
 * A golfer's writes (by sign-in) on a date golfers keep no card on (`golferCardNightProblem`) become NotFoundErrors in
 * `targets`. A night with cards is started, so only the batch's other dates are looked up, once each.
 */
async function refuseGolfersOffNight(
  jobs: CardWrite[],
  owners: (number | Error | null)[],
  targets: ({ group: Group; scorer: Scorer } | Error)[],
  started: ReadonlySet<string>,
): Promise<void> {
  const offNight = new Map<string, string | null>();
  for (const [i, job] of jobs.entries()) {
    if (typeof owners[i] !== 'number' || targets[i] instanceof Error) continue;
    let problem = notOpenYet(job.date, job.now);
    if (problem === null && !started.has(job.date)) {
      if (!offNight.has(job.date)) offNight.set(job.date, await offNightProblem(job.date, db));
      problem = offNight.get(job.date)!;
    }
    if (problem) targets[i] = new NotFoundError(problem);
  }
}

/**
 * The cards a batch's groups need that their nights do not have yet, made together and added to `cardOf`: a night
 * nobody started on /scores gets its cards from the phones' first writes, and a burst of them (every phone coming
 * back online) made 100 cards one at a time, half a second for the batch. A night with no course to score on, or a
 * card another process made meanwhile, is left to `ensureScorecard`, which answers each group on its own.
 */
async function createCards(wanted: { date: string; teeTimeId: number }[], cardOf: Map<string, number>): Promise<void> {
  const dates = [...new Set(wanted.map((w) => w.date))];
  const data: { date: string; teeTimeId: number; courseId: number }[] = [];
  for (const date of dates) {
    const courseId = await courseForNight(date, db);
    if (courseId !== null) for (const w of wanted) if (w.date === date) data.push({ ...w, courseId });
  }
  if (data.length === 0) return;
  try {
    const made = await db.scorecard.createManyAndReturn({ data, select: { id: true, date: true, teeTimeId: true } });
    for (const c of made) cardOf.set(`${c.date}|${c.teeTimeId}`, c.id);
  } catch (error) {
    // One of them exists now: each is made, or found, on its own.
    if (!isUniqueViolation(error)) throw error;
  }
}
