import { createRound, deleteRound, RoundTakenError } from '~/models/rounds.server';
import { golfersOfSessions } from '~/models/golfer-sessions.server';
import { currentHandicaps, seasonOfDate } from '~/models/handicaps.server';
import { holesByCourse, listHoles, type HoleRow } from '~/models/holes.server';
import { findTeeTimeNight, nightPlayers } from '~/models/nights-out.server';
import { db, insertRows, isUniqueViolation, selectWhereIn, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { batched } from '~/db/batch.server';
import { notifyResultsChanged } from '~/db/results-changed.server';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { ConflictError, ForbiddenError, InvalidError, NotFoundError, SignedOutError } from '~/domain/errors';
import { formatLeagueDateTime, formatRoundDate, todayInLeague } from '~/domain/season';
import {
  capStrokes,
  cappedMessage,
  cardLine,
  scorecardStatus,
  type CardLine,
  type ScorecardState,
} from '~/domain/scorecard';
import type { PlayedHole } from '~/domain/skins';
import type { StandingTeeTime } from '~/domain/tee-times';
import type { HoleWriteResult } from '~/schemas/scorecard';

/**
 * Scorecards (SPEC-3 §D2–§D3, docs/product/scorecards.md, docs/decisions/121-scorecards.md): one card per league
 * night and tee-time group, its hole scores (one row per golfer and hole, the later write winning), 'Submit card',
 * 'Attest' (or an administrator's 'Confirm'), which writes the rounds through createRound in one transaction, and
 * the administrators' reopen and 'Did not finish'.
 */

/** Who writes: a golfer of the group (golferId) or an administrator (actor). `name` is what other phones are told. */
export type Scorer = { name: string; golferId: number | null; actor: Actor | null };

/** One hole entry as a phone or a form sends it. `clientId` is made by the phone, once per entry. */
export type HoleWrite = { clientId: string; golferId: number; hole: number; strokes: number; enteredAt?: Date };

type CardGolfer = { golferId: number; name: string; handicap: number | null; didNotFinish: boolean };
type CardScore = { golferId: number; hole: number; strokes: number; writtenBy: string; writtenAt: string };

export type ScorecardView = {
  date: string;
  teeTimeId: number;
  time: string;
  id: number | null;
  state: ScorecardState;
  courseId: number | null;
  courseName: string | null;
  holes: HoleRow[];
  golfers: CardGolfer[];
  scores: CardScore[];
  lines: Record<number, CardLine>;
  scorerName: string | null;
  submittedBy: string | null;
  submittedByGolferId: number | null;
  attestedBy: string | null;
  /** Golfers may still write: the card is open and the night is not closed. */
  closedMessage: string | null;
};

const NOT_SCORABLE = 'No course has holes yet: scores of this night are entered as totals on the Rounds page';

/** The night's card stays open to golfers until the end of the next day, so a card finished after midnight goes in. */
function nightClosed(date: string, now: Date = new Date()): boolean {
  return todayInLeague(now) > dayAfter(date, 1);
}

/** The calendar date `days` after `date` (before, when negative), both yyyy-MM-dd. */
function dayAfter(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/**
 * Whether golfers may keep a card on `date` (docs/decisions/133-cards-on-league-nights.md): a league night played from
 * the standing tee times (the calendar's, not rained out) or a night an administrator started on /scores, from its own
 * day on. Otherwise the answer says why; an attested card writes rounds, so a card on any other date would file rounds
 * the league never played. Administrators keep cards on any date (they start the night).
 */
export async function golferCardNightProblem(
  date: string,
  now: Date = new Date(),
  client: Tx = db,
): Promise<string | null> {
  return notOpenYet(date, now) ?? (await offNightProblem(date, client));
}

function notOpenYet(date: string, now: Date): string | null {
  return date > todayInLeague(now) ? `The card of ${formatRoundDate(date)} opens on that day` : null;
}

/** Whether anyone has started the night of `date`: a card of it exists (an administrator's start, or a first write). */
export async function nightHasCards(date: string, client: Tx = db): Promise<boolean> {
  return (await client.scorecard.findFirst({ where: { date }, select: { id: true } })) !== null;
}

async function offNightProblem(date: string, client: Tx): Promise<string | null> {
  if ((await nightHasCards(date, client)) || (await findTeeTimeNight(date, client))) return null;
  return `There is no league night on ${formatRoundDate(date)}`;
}

/**
 * The card a golfer keeps now, for /me's 'Keep score': tonight's when golfers keep a card tonight and the golfer plays
 * in a group, else last night's while it is still open to golfers (a card finished after midnight); null otherwise.
 */
export async function golferOpenCard(
  golferId: number,
  now: Date = new Date(),
): Promise<{ date: string; tonight: boolean } | null> {
  const today = todayInLeague(now);
  for (const date of [today, dayAfter(today, -1)]) {
    if (nightClosed(date, now) || (await golferCardNightProblem(date, now))) continue;
    if (await findGolferGroup(golferId, date)) return { date, tonight: date === today };
  }
  return null;
}

function closedNightMessage(date: string): string {
  return `The night of ${formatRoundDate(date)} is closed: ask an administrator to change its scores`;
}

function changedMessage(name: string, at: Date): string {
  return `Changed by ${name} at ${formatLeagueDateTime(at, 'h:mm a')}`;
}

/** A tee-time group on one night: `golferIds` are who play its positions that night, in position order. */
type Group = { teeTimeId: number; time: string; season: number; golferIds: number[] };

function seasonOf(date: string): number {
  const season = seasonOfDate(date);
  if (season === null) throw new InvalidError('Enter a real calendar date (yyyy-mm-dd)');
  return season;
}

type Slot = StandingTeeTime;

/** What a night's groups are made from: a standing tee time's time, season and golfers. */
const slotSelect = {
  id: true,
  time: true,
  season: true,
  golfer1Id: true,
  golfer2Id: true,
  golfer3Id: true,
  golfer4Id: true,
} as const satisfies Record<keyof Slot, true>;

/**
 * The groups of standing tee times on `date`, as the night view shows them (docs/decisions/121-scorecards.md): a
 * golfer Out that night is not in the group, the sub who took their spot is, and a spot Out with no sub is nobody's.
 * One query.
 */
async function groupsOnNight(date: string, slots: readonly Slot[], client: Tx): Promise<Group[]> {
  const players = await nightPlayers(date, slots, client);
  return slots.map((slot) => ({
    teeTimeId: slot.id,
    time: slot.time,
    season: slot.season,
    golferIds: players.get(slot.id) ?? [],
  }));
}

/**
 * The tee-time group a golfer plays in on `date`: their standing tee time of the date's season unless they are Out
 * that night, or the group whose spot they took as a sub; null when they play in none. Two queries.
 */
export async function findGolferGroup(golferId: number, date: string, client: Tx = db): Promise<Group | null> {
  const slots = await client.teeTime.findMany({ where: { season: seasonOf(date) }, orderBy: { time: 'asc' } });
  const groups = await groupsOnNight(date, slots, client);
  return groups.find((g) => g.golferIds.includes(golferId)) ?? null;
}

async function requireGroup(teeTimeId: number, date: string, client: Tx): Promise<Group> {
  const slot = await client.teeTime.findUnique({ where: { id: teeTimeId } });
  if (!slot || slot.season !== seasonOf(date)) throw new NotFoundError('Group not found for this night');
  const [group] = await groupsOnNight(date, [slot], client);
  return group;
}

/**
 * The course a night's new card is played on: the course of the night's other cards, else the course with holes
 * a card used last, else the first course with holes; null when no course has holes (the night is scored by totals).
 */
export async function courseForNight(date: string, client: Tx = db): Promise<number | null> {
  const sameNight = await client.scorecard.findFirst({
    where: { date, courseId: { not: null } },
    select: { courseId: true },
    orderBy: { id: 'asc' },
  });
  if (sameNight) return sameNight.courseId;
  const last = await client.scorecard.findFirst({
    where: { courseId: { not: null }, course: { holes: { some: {} } } },
    select: { courseId: true },
    orderBy: { id: 'desc' },
  });
  if (last) return last.courseId;
  const first = await client.course.findFirst({
    where: { holes: { some: {} } },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  return first?.id ?? null;
}

/**
 * The card of a group on a night, made when first needed (outside any transaction: two phones opening it at once
 * both end up with the one row the unique (date, tee time) lets through).
 */
async function ensureScorecard(date: string, teeTimeId: number): Promise<number> {
  const found = await db.scorecard.findUnique({ where: { date_teeTimeId: { date, teeTimeId } }, select: { id: true } });
  if (found) return found.id;
  await requireGroup(teeTimeId, date, db);
  const courseId = await courseForNight(date, db);
  if (courseId === null) throw new ConflictError(NOT_SCORABLE);
  try {
    const created = await db.scorecard.create({ data: { date, teeTimeId, courseId }, select: { id: true } });
    return created.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const again = await db.scorecard.findUnique({
      where: { date_teeTimeId: { date, teeTimeId } },
      select: { id: true },
    });
    return again!.id;
  }
}

/**
 * An administrator starts a night on a course: every group of the night with golfers gets its card on that course,
 * and the night's cards that hold no scores yet move to it. A course without holes cannot be scored by hole.
 */
export async function startNight(date: string, courseId: number, actor: Actor): Promise<number> {
  const season = seasonOf(date);
  return inTransaction(db, async (tx) => {
    const holes = await listHoles(courseId, tx);
    if (holes.length === 0) throw new InvalidError('This course has no holes yet: fill them in on the Courses page');
    const slots = await tx.teeTime.findMany({
      where: {
        season,
        OR: [
          { golfer1Id: { not: null } },
          { golfer2Id: { not: null } },
          { golfer3Id: { not: null } },
          { golfer4Id: { not: null } },
        ],
      },
    });
    // A group whose golfers are all Out, with no sub in their spots, plays no card.
    const playing = (await groupsOnNight(date, slots, tx)).filter((g) => g.golferIds.length > 0);
    const existing = await tx.scorecard.findMany({ where: { date }, select: { teeTimeId: true } });
    const have = new Set(existing.map((c) => c.teeTimeId));
    const missing = playing.filter((g) => !have.has(g.teeTimeId));
    if (missing.length > 0)
      await tx.scorecard.createMany({ data: missing.map((g) => ({ date, teeTimeId: g.teeTimeId, courseId })) });
    await tx.scorecard.updateMany({
      where: { date, state: 'open', holeScores: { none: {} }, NOT: { courseId } },
      data: { courseId },
    });
    await auditCard(
      tx,
      actor,
      date,
      `Started the night of ${date} on course #${courseId}: ${missing.length} new cards`,
    );
    return missing.length;
  });
}

const cardSelect = {
  id: true,
  date: true,
  teeTimeId: true,
  courseId: true,
  state: true,
  submittedBy: true,
  submittedByGolferId: true,
  attestedBy: true,
  course: { select: { courseName: true } },
  didNotFinish: { select: { golferId: true } },
} as const;

/**
 * Everything a card shows: the group's golfers (and anyone with scores on it) with their handicaps, the course's
 * holes, the scores and each golfer's running line. A fixed number of queries.
 */
export async function getScorecard(
  date: string,
  teeTimeId: number,
  client: Tx = db,
  now: Date = new Date(),
): Promise<ScorecardView> {
  const group = await requireGroup(teeTimeId, date, client);
  const card = await client.scorecard.findUnique({
    where: { date_teeTimeId: { date, teeTimeId } },
    select: cardSelect,
  });
  const courseId = card ? card.courseId : await courseForNight(date, client);
  const holes = courseId === null ? [] : await listHoles(courseId, client);
  const courseName = card
    ? (card.course?.courseName ?? null)
    : courseId === null
      ? null
      : ((await client.course.findUnique({ where: { id: courseId }, select: { courseName: true } }))?.courseName ??
        null);
  const scores = card
    ? await client.holeScore.findMany({
        where: { scorecardId: card.id },
        select: { golferId: true, holeNumber: true, strokes: true, writtenBy: true, writtenAt: true },
      })
    : [];
  const ids = [...new Set([...group.golferIds, ...scores.map((s) => s.golferId)])];
  const [names, handicaps] = await Promise.all([
    client.golfer.findMany({ where: { id: { in: ids } }, select: { id: true, fullName: true } }),
    currentHandicaps(client, ids),
  ]);
  const nameOf = new Map(names.map((g) => [g.id, g.fullName]));
  const dnf = new Set(card?.didNotFinish.map((d) => d.golferId) ?? []);
  const golfers = ids
    .filter((id) => nameOf.has(id))
    .map((id) => ({
      golferId: id,
      name: nameOf.get(id)!,
      handicap: handicaps.get(id) ?? null,
      didNotFinish: dnf.has(id),
    }));
  const lines: Record<number, CardLine> = {};
  for (const golfer of golfers) {
    const byHole = new Map(scores.filter((s) => s.golferId === golfer.golferId).map((s) => [s.holeNumber, s.strokes]));
    lines[golfer.golferId] = cardLine(
      holes,
      holes.map((h) => byHole.get(h.number) ?? null),
      golfer.handicap,
    );
  }
  const state = (card?.state ?? 'open') as ScorecardState;
  return {
    date,
    teeTimeId,
    time: group.time,
    id: card?.id ?? null,
    state,
    courseId,
    courseName,
    holes,
    golfers,
    scores: scores.map((s) => ({
      golferId: s.golferId,
      hole: s.holeNumber,
      strokes: s.strokes,
      writtenBy: s.writtenBy,
      writtenAt: s.writtenAt.toISOString(),
    })),
    lines,
    scorerName: latestWriter(scores),
    submittedBy: card?.submittedBy ?? null,
    submittedByGolferId: card?.submittedByGolferId ?? null,
    attestedBy: card?.attestedBy ?? null,
    closedMessage:
      courseId === null
        ? NOT_SCORABLE
        : state !== 'open'
          ? closedCardMessage(state, card!)
          : nightClosed(date, now)
            ? closedNightMessage(date)
            : null,
  };
}

/**
 * Who keeps a card's score: whoever wrote its latest hole entry (docs/decisions/128-scorecard-group-commit.md); null
 * before the first.
 */
function latestWriter(scores: readonly { writtenBy: string; writtenAt: Date }[]): string | null {
  let latest: { writtenBy: string; writtenAt: Date } | null = null;
  for (const s of scores) if (!latest || s.writtenAt > latest.writtenAt) latest = s;
  return latest?.writtenBy ?? null;
}

function closedCardMessage(state: ScorecardState, card: { submittedBy: string | null; attestedBy: string | null }) {
  if (state === 'attested') return `This card is closed: attested by ${card.attestedBy ?? 'an administrator'}`;
  return `This card was submitted by ${card.submittedBy ?? 'an administrator'}: it waits for another golfer to attest`;
}

/** The card for a write, locked: on PostgreSQL the update holds the row until the transaction ends. */
async function lockCard(tx: Tx, scorecardId: number) {
  const card = await tx.scorecard.update({
    where: { id: scorecardId },
    data: { updatedAt: new Date() },
    select: { ...cardSelect, teeTime: true },
  });
  const [group] = await groupsOnNight(card.date, [card.teeTime], tx);
  return { card, group };
}

function checkScorerOf(group: Group, scorer: Scorer): void {
  if (scorer.actor === null && (scorer.golferId === null || !group.golferIds.includes(scorer.golferId)))
    throw new ForbiddenError("This is another group's card: you can keep score only for your own group");
}

/** One request's hole entries for one card; `teeTimeId` null: the group the golfer plays in that night. */
type CardWrite = {
  date: string;
  teeTimeId: number | null;
  writes: readonly HoleWrite[];
  scorer: Scorer | { sessionToken: string };
  now: Date;
};

/**
 * Stores hole entries in order. Each entry is taken once (a resend with the same client id changes nothing); when the
 * hole already holds a later entry (by when it was entered, never later than now), that one stays and the answer says
 * who changed it and when. An administrator's entry is always the latest. Every entry is checked first (strokes 1 to
 * 20, a hole of the course, a golfer of the group): one bad entry stores nothing. Writes that arrive together are
 * stored together, in one transaction (group commit, docs/decisions/128-scorecard-group-commit.md).
 */
export function writeHoleScores(
  date: string,
  teeTimeId: number,
  writes: readonly HoleWrite[],
  scorer: Scorer,
  now: Date = new Date(),
): Promise<HoleWriteResult[]> {
  if (writes.length === 0) return Promise.resolve([]);
  return writeCard({ date, teeTimeId, writes, scorer, now });
}

/**
 * A signed-in golfer's entries (the phones' POST: the token of their session cookie) for the card of the group they
 * play in on `date` (their standing tee time, or the spot they took as a sub): 401 when the sign-in is unknown or has
 * ended, 404 when they play in no group, 403 when the phone names another group (`teeTimeId`). The sign-in is checked
 * in the batch that stores the holes, one query for all the requests that arrive together (a lookup of its own before
 * the batch cost each request half a millisecond of CPU on game night).
 */
export function writeHoleScoresOfSession(
  sessionToken: string,
  date: string,
  writes: readonly HoleWrite[],
  teeTimeId?: number,
  now: Date = new Date(),
): Promise<HoleWriteResult[]> {
  return writeCard({ date, teeTimeId: teeTimeId ?? null, writes, scorer: { sessionToken }, now });
}

// A few milliseconds' gathering, longer while phones keep joining: a phone's write waits that long more, and the
// phones of a burst that queued behind a batch (the server takes each in with work of its own) join the next one.
const writeCard = batched(writeCardBatch, { gatherMs: 3 });

/** The columns a new hole score fills (its id is the database's). */
const HOLE_COLUMNS = [
  'scorecardId',
  'golferId',
  'holeNumber',
  'strokes',
  'clientId',
  'writtenAt',
  'writtenBy',
] as const satisfies readonly (keyof StoredHole)[];

/** A hole score as a write sees it; `id` 0: inserted by this batch. */
type StoredHole = {
  id: number;
  scorecardId: number;
  golferId: number;
  holeNumber: number;
  strokes: number;
  clientId: string;
  writtenAt: Date;
  writtenBy: string;
};

/** Where a write goes: its card, the group that plays it that night, and who writes. */
type CardTarget = { scorecardId: number; group: Group; scorer: Scorer };

/**
 * Which card each write goes to, and who writes: the reads made before the batch's transaction, a few queries for the
 * whole batch and none with a list of ids for Prisma to plan (docs/decisions/128-scorecard-group-commit.md).
 */
async function resolveCardWrites(jobs: CardWrite[]): Promise<(CardTarget | Error)[]> {
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

/**
 * Writes a batch of requests' entries in one transaction: the cards locked and read, their groups, holes and stored
 * scores in one query each, then each request's entries in the order they came, as if each were alone (a request
 * refused stores nothing), then one insert for every new hole. When the transaction fails as a whole, each request is
 * tried again alone, so none fails for another's sake.
 */
async function writeCardBatch(jobs: CardWrite[]): Promise<(HoleWriteResult[] | Error)[]> {
  const targets = await resolveCardWrites(jobs);
  if (targets.every((t) => t instanceof Error)) return targets;
  try {
    return await inTransaction(db, (tx) => writeResolved(tx, jobs, targets));
  } catch (error) {
    if (jobs.length === 1) throw error;
    const alone: (HoleWriteResult[] | Error)[] = [];
    for (const job of jobs)
      alone.push(
        await writeCardBatch([job]).then(
          ([r]) => r,
          (e: Error) => e,
        ),
      );
    return alone;
  }
}

async function writeResolved(
  tx: Tx,
  jobs: CardWrite[],
  targets: (CardTarget | Error)[],
): Promise<(HoleWriteResult[] | Error)[]> {
  const dates = [...new Set(targets.flatMap((t, i) => (t instanceof Error ? [] : [jobs[i].date])))];
  const cardIds = [...new Set(targets.flatMap((t) => (t instanceof Error ? [] : [t.scorecardId])))];
  // One statement locks the nights' cards (on PostgreSQL the update holds the rows until the transaction ends) and
  // reads their state as it stands now: a card submitted since the reads above takes nothing new. The groups are the
  // ones read above, a moment ago (a sub's swap between the two is the same race as one just after the commit).
  const cards = await tx.scorecard.updateManyAndReturn({
    where: { date: { in: dates } },
    data: { updatedAt: new Date() },
    select: { id: true, courseId: true, state: true, submittedBy: true, attestedBy: true },
  });
  const cardById = new Map(cards.map((c) => [c.id, c]));
  const courseIds = [...new Set(cards.flatMap((c) => (c.courseId === null ? [] : [c.courseId])))];
  const holesOf = await holesByCourse(courseIds, tx);
  const stored = await selectWhereIn<StoredHole>(tx, 'hole_scores', ['id', ...HOLE_COLUMNS], 'scorecardId', cardIds);
  const byKey = new Map<string, StoredHole>(stored.map((s) => [`${s.scorecardId}|${s.golferId}|${s.holeNumber}`, s]));
  const membersOf = new Map<number, Set<number>>();
  for (const s of stored) membersOf.set(s.scorecardId, (membersOf.get(s.scorecardId) ?? new Set()).add(s.golferId));

  const creates = new Map<string, StoredHole>();
  const updates = new Map<number, { strokes: number; clientId: string; writtenAt: Date; writtenBy: string }>();
  const out = targets.map((target, i): HoleWriteResult[] | Error => {
    if (target instanceof Error) return target;
    const card = cardById.get(target.scorecardId);
    if (!card) return new NotFoundError('This group has no scorecard on this night yet');
    const { group } = target;
    const job = jobs[i];
    try {
      checkScorerOf(group, target.scorer);
      const parOf = new Map((card.courseId === null ? [] : holesOf.get(card.courseId)!).map((h) => [h.number, h.par]));
      const members = new Set([...group.golferIds, ...(membersOf.get(card.id) ?? [])]);
      const step = writeEntries(card, parOf, members, job, target.scorer, byKey);
      for (const [key, hole] of step.holes) {
        byKey.set(key, hole);
        const data = {
          strokes: hole.strokes,
          clientId: hole.clientId,
          writtenAt: hole.writtenAt,
          writtenBy: hole.writtenBy,
        };
        // New holes go in one insert at the end (a phone's queue is mostly new holes); a stored one is updated.
        if (hole.id > 0) updates.set(hole.id, data);
        else creates.set(key, hole);
      }
      return step.results;
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      return error;
    }
  });

  for (const [id, data] of updates) await tx.holeScore.update({ where: { id }, data, select: { id: true } });
  await insertRows(tx, 'HoleScore', 'hole_scores', HOLE_COLUMNS, [...creates.values()]);

  for (const [i, result] of out.entries()) {
    if (result instanceof Error) continue;
    const changed = result.filter((r) => r.status === 'stored').length;
    if (changed === 0) continue;
    // The night's live leaderboard shows the hole once this commits (docs/decisions/124-live-results-and-skins.md).
    notifyResultsChanged(jobs[i].date);
    const target = targets[i] as CardTarget;
    if (target.scorer.actor)
      await auditCard(
        tx,
        target.scorer.actor,
        target.scorecardId,
        `Entered ${changed} hole score${changed === 1 ? '' : 's'} on the ${target.group.time} card of ${jobs[i].date}`,
      );
  }
  return out;
}

/**
 * One request's entries against a card as the batch has it so far (`byKey`): the answers, and the holes it stores.
 * Throws, storing nothing, when an entry is bad or the card or night is closed.
 */
function writeEntries(
  card: { id: number; state: string; submittedBy: string | null; attestedBy: string | null },
  parOf: Map<number, number>,
  members: Set<number>,
  job: CardWrite,
  scorer: Scorer,
  byKey: Map<string, StoredHole>,
): { results: HoleWriteResult[]; holes: Map<string, StoredHole> } {
  const problems: string[] = [];
  for (const w of job.writes) {
    if (!parOf.has(w.hole)) problems.push(`Hole ${w.hole} does not exist on this course`);
    if (!members.has(w.golferId)) problems.push(`Golfer #${w.golferId} is not in this group`);
    if (!Number.isInteger(w.strokes) || w.strokes < 1 || w.strokes > 20)
      problems.push('Strokes must be a whole number from 1 to 20');
  }
  if (problems.length > 0) throw new InvalidError([...new Set(problems)].join('. '));
  const { now, date } = job;
  const state = card.state as ScorecardState;
  const closed =
    state === 'attested' || (scorer.actor === null && state === 'submitted')
      ? closedCardMessage(state, card)
      : scorer.actor === null && nightClosed(date, now)
        ? closedNightMessage(date)
        : null;
  const holes = new Map<string, StoredHole>();
  const results: HoleWriteResult[] = [];
  // Answers are written out field by field: an object spread here cost microseconds an entry (3,600 on game night).
  const answer = (
    w: HoleWrite,
    status: HoleWriteResult['status'],
    strokes: number,
    capped: string | null,
    changed: string | null,
  ): HoleWriteResult => ({
    clientId: w.clientId,
    golferId: w.golferId,
    hole: w.hole,
    status,
    strokes,
    capped,
    changed,
  });
  for (const w of job.writes) {
    const key = `${card.id}|${w.golferId}|${w.hole}`;
    const existing = holes.get(key) ?? byKey.get(key);
    const { strokes, capped } = capStrokes(w.strokes, parOf.get(w.hole)!);
    const cappedText = capped ? cappedMessage(strokes) : null;
    if (existing && existing.clientId === w.clientId) {
      results.push(answer(w, 'duplicate', existing.strokes, cappedText, null));
      continue;
    }
    // A card that is closed takes nothing new; resends of what it holds (above) are answered as taken.
    if (closed) throw new ConflictError(closed);
    const writtenAt = scorer.actor !== null || !w.enteredAt || w.enteredAt > now ? now : w.enteredAt;
    if (existing && existing.writtenAt > writtenAt) {
      const changed = changedMessage(existing.writtenBy, existing.writtenAt);
      results.push(answer(w, 'superseded', existing.strokes, cappedText, changed));
      continue;
    }
    holes.set(key, {
      id: existing?.id ?? 0,
      scorecardId: card.id,
      golferId: w.golferId,
      holeNumber: w.hole,
      strokes,
      clientId: w.clientId,
      writtenAt,
      writtenBy: scorer.name,
    });
    results.push(answer(w, 'stored', strokes, cappedText, null));
  }
  return { results, holes };
}

/** The audit line of an administrator's change to a card (or to a night's cards: `entityId` the date). */
function auditCard(tx: Tx, actor: Actor, entityId: number | string, summary: string) {
  return recordAudit(
    tx,
    actor,
    auditNote({ action: 'update', entity: 'scorecard', entityId: String(entityId), summary }),
  );
}

/** Golfers whose card is not complete: an empty hole and not marked 'Did not finish'. */
async function incompleteNames(
  tx: Tx,
  scorecardId: number,
  group: Group,
  dnf: Set<number>,
  holeCount: number,
): Promise<{ names: string[]; playing: number[]; grossOf: Map<number, number> }> {
  const scores = await tx.holeScore.findMany({
    where: { scorecardId, holeNumber: { lte: holeCount } },
    select: { golferId: true, strokes: true },
  });
  const ids = [...new Set([...group.golferIds, ...scores.map((s) => s.golferId)])];
  const count = new Map<number, number>();
  const grossOf = new Map<number, number>();
  for (const s of scores) {
    count.set(s.golferId, (count.get(s.golferId) ?? 0) + 1);
    grossOf.set(s.golferId, (grossOf.get(s.golferId) ?? 0) + s.strokes);
  }
  const missing = ids.filter((id) => !dnf.has(id) && (count.get(id) ?? 0) < holeCount);
  const names = await tx.golfer.findMany({ where: { id: { in: missing } }, select: { fullName: true } });
  return { names: names.map((n) => n.fullName), playing: ids.filter((id) => !dnf.has(id)), grossOf };
}

async function requireCardId(date: string, teeTimeId: number, client: Tx): Promise<number> {
  const card = await client.scorecard.findUnique({
    where: { date_teeTimeId: { date, teeTimeId } },
    select: { id: true },
  });
  if (!card) throw new NotFoundError('This group has no scorecard on this night yet');
  return card.id;
}

async function checkComplete(
  tx: Tx,
  card: { id: number; courseId: number | null; didNotFinish: { golferId: number }[] },
  group: Group,
) {
  const holes = card.courseId === null ? [] : await listHoles(card.courseId, tx);
  const dnf = new Set(card.didNotFinish.map((d) => d.golferId));
  const result = await incompleteNames(tx, card.id, group, dnf, holes.length);
  if (result.names.length > 0)
    throw new ConflictError(
      `Every hole needs a score first: ${result.names.join(', ')} ${result.names.length === 1 ? 'has' : 'have'} empty holes (an administrator can mark a golfer 'Did not finish')`,
    );
  return result;
}

/** A step of a card's life a golfer or an administrator takes: the night, the group's tee time, who, and when. */
type CardStep = (date: string, teeTimeId: number, scorer: Scorer, now?: Date) => Promise<void>;

/**
 * Runs `fn` in one transaction on the group's card of the night, locked, once `scorer` may keep it (a golfer of the
 * group or an administrator): 404 when the group has no card that night, 403 for another group's golfer.
 */
async function withLockedCard(
  date: string,
  teeTimeId: number,
  scorer: Scorer,
  fn: (tx: Tx, card: Awaited<ReturnType<typeof lockCard>>['card'], group: Group, scorecardId: number) => Promise<void>,
): Promise<void> {
  const scorecardId = await requireCardId(date, teeTimeId, db);
  await inTransaction(db, async (tx) => {
    const { card, group } = await lockCard(tx, scorecardId);
    checkScorerOf(group, scorer);
    await fn(tx, card, group, scorecardId);
  });
}

/** 'Submit card': a golfer of the group (or an administrator) hands in a complete card for another golfer to attest. */
export const submitScorecard: CardStep = (date, teeTimeId, scorer, now = new Date()) =>
  withLockedCard(date, teeTimeId, scorer, async (tx, card, group, scorecardId) => {
    if (card.state !== 'open') throw new ConflictError(closedCardMessage(card.state as ScorecardState, card));
    if (scorer.actor === null && nightClosed(date, now)) throw new ConflictError(closedNightMessage(date));
    await checkComplete(tx, card, group);
    notifyResultsChanged(date);
    await tx.scorecard.update({
      where: { id: scorecardId },
      data: {
        state: 'submitted',
        submittedBy: scorer.name,
        submittedByGolferId: scorer.golferId,
        submittedAt: new Date(),
      },
    });
  });

/**
 * 'Attest' by another golfer of the group, or an administrator's 'Confirm' (a submitted or open card): every golfer
 * who finished gets their round (gross = the sum of the capped holes) through createRound, as an administrator's
 * round is recorded, so handicaps and calculated points follow; all in one transaction, or nothing.
 */
export const attestScorecard: CardStep = (date, teeTimeId, scorer, now = new Date()) =>
  withLockedCard(date, teeTimeId, scorer, async (tx, card, group, scorecardId) => {
    if (card.state === 'attested') throw new ConflictError(closedCardMessage('attested', card));
    if (scorer.actor === null) {
      if (card.state !== 'submitted') throw new ConflictError("The card must be submitted ('Submit card') first");
      if (card.submittedByGolferId === scorer.golferId)
        throw new ConflictError('Another golfer of the group attests the card you submitted');
      if (nightClosed(date, now)) throw new ConflictError(closedNightMessage(date));
    }
    const { playing, grossOf } = await checkComplete(tx, card, group);
    const names = new Map(
      (await tx.golfer.findMany({ where: { id: { in: playing } }, select: { id: true, fullName: true } })).map((g) => [
        g.id,
        g.fullName,
      ]),
    );
    for (const golferId of playing) {
      try {
        await createRound(
          {
            golferId,
            courseId: card.courseId ?? undefined,
            date,
            season: seasonOf(date),
            grossScore: grossOf.get(golferId)!,
          },
          scorer.actor,
          tx,
        );
      } catch (error) {
        if (error instanceof RoundTakenError)
          throw new ConflictError(
            `${names.get(golferId)} already has a round on ${formatRoundDate(date)}: delete it on the Rounds page or reopen the card there`,
          );
        throw error;
      }
    }
    await tx.scorecard.update({
      where: { id: scorecardId },
      data: { state: 'attested', attestedBy: scorer.name, attestedAt: new Date() },
    });
    // The in-progress rows give way to the rounds, and the night's skins count this card.
    notifyResultsChanged(date);
  });

/**
 * An administrator reopens a submitted or attested card; an attested card's rounds (the rounds of its golfers on
 * that night) are deleted as a round is deleted, so attesting again writes them afresh.
 */
export async function reopenScorecard(date: string, teeTimeId: number, actor: Actor): Promise<void> {
  const scorecardId = await requireCardId(date, teeTimeId, db);
  await inTransaction(db, async (tx) => {
    const { card, group } = await lockCard(tx, scorecardId);
    if (card.state === 'open') throw new ConflictError('This card is already open');
    notifyResultsChanged(date);
    if (card.state === 'attested') {
      const scored = await tx.holeScore.findMany({
        where: { scorecardId },
        select: { golferId: true },
        distinct: ['golferId'],
      });
      const ids = [...new Set([...group.golferIds, ...scored.map((s) => s.golferId)])];
      const rounds = await tx.round.findMany({ where: { date, golferId: { in: ids } }, select: { id: true } });
      for (const round of rounds) await deleteRound(round.id, actor, tx);
    }
    await tx.scorecard.update({
      where: { id: scorecardId },
      data: {
        state: 'open',
        submittedBy: null,
        submittedByGolferId: null,
        submittedAt: null,
        attestedBy: null,
        attestedAt: null,
      },
    });
    await auditCard(tx, actor, scorecardId, `Reopened the ${group.time} card of ${date}`);
  });
}

/** An administrator marks a golfer of an unattested card 'Did not finish' (or takes it back). */
export async function setDidNotFinish(
  date: string,
  teeTimeId: number,
  golferId: number,
  didNotFinish: boolean,
  actor: Actor,
): Promise<void> {
  const scorecardId = await ensureScorecard(date, teeTimeId);
  await inTransaction(db, async (tx) => {
    const { card, group } = await lockCard(tx, scorecardId);
    if (card.state === 'attested') throw new ConflictError('Reopen the card to change it');
    if (!group.golferIds.includes(golferId)) throw new InvalidError(`Golfer #${golferId} is not in this group`);
    notifyResultsChanged(date);
    if (didNotFinish) {
      const marked = card.didNotFinish.some((d) => d.golferId === golferId);
      if (!marked) await tx.didNotFinish.create({ data: { scorecardId, golferId } });
    } else {
      await tx.didNotFinish.deleteMany({ where: { scorecardId, golferId } });
    }
    await auditCard(
      tx,
      actor,
      scorecardId,
      `${didNotFinish ? 'Marked' : 'Unmarked'} golfer #${golferId} 'Did not finish' on the ${group.time} card of ${date}`,
    );
  });
}

export type NightGroup = {
  teeTimeId: number;
  time: string;
  golfers: string[];
  state: ScorecardState | null;
  status: string;
  thru: number;
  scorerName: string | null;
};

/**
 * The administrators' game-night list: every group of the night (who plays in it that night, subs in the spots of
 * golfers Out) with its card's state and scorer. Five queries.
 */
export async function listNightScorecards(date: string, client: Tx = db): Promise<NightGroup[]> {
  const season = seasonOf(date);
  const slots = await client.teeTime.findMany({ where: { season }, orderBy: { time: 'asc' } });
  const groups = await groupsOnNight(date, slots, client);
  const names = await client.golfer.findMany({
    where: { id: { in: [...new Set(groups.flatMap((g) => g.golferIds))] } },
    select: { id: true, fullName: true },
  });
  const nameOf = new Map(names.map((g) => [g.id, g.fullName]));
  const cards = await client.scorecard.findMany({
    where: { date },
    select: { id: true, teeTimeId: true, state: true },
  });
  // Each card's latest hole entry: its writer keeps the score.
  const latest = await client.holeScore.findMany({
    where: { scorecard: { date } },
    orderBy: [{ scorecardId: 'asc' }, { writtenAt: 'desc' }],
    distinct: ['scorecardId'],
    select: { scorecardId: true, writtenBy: true },
  });
  const scorerOf = new Map(latest.map((l) => [l.scorecardId, l.writtenBy]));
  const counts = await client.holeScore.groupBy({
    by: ['scorecardId', 'golferId'],
    where: { scorecard: { date } },
    _count: { _all: true },
  });
  const thruOf = new Map<number, number>();
  for (const c of counts) thruOf.set(c.scorecardId, Math.max(thruOf.get(c.scorecardId) ?? 0, c._count._all));
  const cardOf = new Map(cards.map((c) => [c.teeTimeId, c]));
  return groups
    .map((group) => {
      const golfers = group.golferIds.flatMap((id) => (nameOf.has(id) ? [nameOf.get(id)!] : []));
      const card = cardOf.get(group.teeTimeId);
      const state = (card?.state ?? null) as ScorecardState | null;
      const thru = card ? (thruOf.get(card.id) ?? 0) : 0;
      return {
        teeTimeId: group.teeTimeId,
        time: group.time,
        golfers,
        state,
        status: scorecardStatus(state, thru),
        thru,
        scorerName: card ? (scorerOf.get(card.id) ?? null) : null,
      };
    })
    .filter((g) => g.golfers.length > 0 || g.state !== null);
}

export type NightHoleScore = {
  golferId: number;
  teeTimeId: number;
  hole: number;
  /** Gross strokes, capped at double par. */
  strokes: number;
  state: ScorecardState;
  courseId: number | null;
};

/** A night's hole scores, every card: per golfer and hole the gross strokes and the card's state. One query. */
export async function listNightHoleScores(date: string, client: Tx = db): Promise<NightHoleScore[]> {
  const rows = await client.holeScore.findMany({
    where: { scorecard: { date } },
    select: {
      golferId: true,
      holeNumber: true,
      strokes: true,
      scorecard: { select: { teeTimeId: true, state: true, courseId: true } },
    },
    orderBy: [{ golferId: 'asc' }, { holeNumber: 'asc' }],
  });
  return rows.map((r) => ({
    golferId: r.golferId,
    teeTimeId: r.scorecard.teeTimeId,
    hole: r.holeNumber,
    strokes: r.strokes,
    state: r.scorecard.state as ScorecardState,
    courseId: r.scorecard.courseId,
  }));
}

/** One golfer's card of a night, as the live leaderboard and the skins read it. */
export type NightCard = {
  golferId: number;
  courseId: number | null;
  attested: boolean;
  /** Hole number → stored (capped) strokes; a hole not played is absent. */
  strokes: Record<number, number>;
};

/**
 * Every golfer's card of a night (from `listNightHoleScores`) and the holes of the courses they are played on. A
 * golfer with scores on two cards of one night (a sub moved between groups) is read from the attested one, else the
 * first. Two queries.
 */
export async function nightHoleCards(
  date: string,
  client: Tx = db,
): Promise<{ cards: NightCard[]; holesOf: Map<number, HoleRow[]> }> {
  const scores = await listNightHoleScores(date, client);
  const byCard = new Map<string, NightCard>();
  for (const s of scores) {
    const key = `${s.golferId}|${s.teeTimeId}`;
    let card = byCard.get(key);
    if (!card) {
      card = { golferId: s.golferId, courseId: s.courseId, attested: s.state === 'attested', strokes: {} };
      byCard.set(key, card);
    }
    card.strokes[s.hole] = s.strokes;
  }
  const byGolfer = new Map<number, NightCard>();
  for (const card of byCard.values()) {
    const seen = byGolfer.get(card.golferId);
    if (!seen || (card.attested && !seen.attested)) byGolfer.set(card.golferId, card);
  }
  const courseIds = [...new Set(scores.flatMap((s) => (s.courseId === null ? [] : [s.courseId])))];
  const holesOf = courseIds.length === 0 ? new Map<number, HoleRow[]>() : await holesByCourse(courseIds, client);
  return { cards: [...byGolfer.values()], holesOf };
}

/** Every hole a golfer played in a season on attested cards, with its par (hole stats). Two queries. */
export async function golferHoles(golferId: number, season: number, client: Tx = db): Promise<PlayedHole[]> {
  const rows = await client.holeScore.findMany({
    where: {
      golferId,
      scorecard: { state: 'attested', date: { gte: `${season}-01-01`, lte: `${season}-12-31` } },
    },
    select: { holeNumber: true, strokes: true, scorecard: { select: { courseId: true } } },
    orderBy: [{ scorecardId: 'asc' }, { holeNumber: 'asc' }],
  });
  const courseIds = [...new Set(rows.flatMap((r) => (r.scorecard.courseId === null ? [] : [r.scorecard.courseId])))];
  if (courseIds.length === 0) return [];
  const holesOf = await holesByCourse(courseIds, client);
  return rows.flatMap((r) => {
    const hole = holesOf.get(r.scorecard.courseId ?? -1)?.find((h) => h.number === r.holeNumber);
    return hole ? [{ number: r.holeNumber, par: hole.par, strokes: r.strokes }] : [];
  });
}
