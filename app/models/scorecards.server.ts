import { currentHandicaps } from '~/models/handicaps.server';
import { listHoles, type HoleRow } from '~/models/holes.server';
import { findGolferGroup, groupsOnNight, requireGroup, seasonOf, type Group } from '~/models/night-groups.server';
import { findTeeTimeNight } from '~/models/nights-out.server';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { ConflictError, ForbiddenError, InvalidError } from '~/domain/errors';
import { formatRoundDate } from '~/domain/season';
import { cardLine, type CardLine, type ScorecardState } from '~/domain/scorecard';
import {
  cardNightsNow,
  closedCardMessage,
  closedNightMessage,
  latestWriter,
  nightClosed,
  notOpenYet,
} from '~/domain/scorecard-night';

/**
 * Scorecards (docs/product/scorecards.md, docs/decisions/121-scorecards.md): one card per league
 * night and tee-time group, read and made here: which nights golfers keep cards on, the card a golfer keeps now, the
 * card of a group with its holes, scores and running lines, and 'Start the night'. Its hole entries are written by
 * scorecard-writes.server.ts (in batches); its life (submit, attest, reopen) is app/features/scorecards.
 */

/** Who writes: a golfer of the group (golferId) or an administrator (actor). `name` is what other phones are told. */
export type Scorer = { name: string; golferId: number | null; actor: Actor | null };

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

/** Whether anyone has started the night of `date`: a card of it exists (an administrator's start, or a first write). */
export async function nightHasCards(date: string, client: Tx = db): Promise<boolean> {
  return (await client.scorecard.findFirst({ where: { date }, select: { id: true } })) !== null;
}

export async function offNightProblem(date: string, client: Tx): Promise<string | null> {
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
  const { today, nights } = cardNightsNow(now);
  for (const date of nights) {
    if (nightClosed(date, now) || (await golferCardNightProblem(date, now))) continue;
    if (await findGolferGroup(golferId, date)) return { date, tonight: date === today };
  }
  return null;
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
export async function ensureScorecard(date: string, teeTimeId: number): Promise<number> {
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
    // A rained-out night plays no cards (docs/decisions/176-rain-out-in-one-press.md).
    if (await tx.scheduleEntry.count({ where: { date, rainOut: true } }))
      throw new ConflictError('This night was rained out: it has no cards.');
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

export const cardSelect = {
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

export function checkScorerOf(group: Group, scorer: Scorer): void {
  if (scorer.actor === null && (scorer.golferId === null || !group.golferIds.includes(scorer.golferId)))
    throw new ForbiddenError("This is another group's card: you can keep score only for your own group");
}

/** The audit line of an administrator's change to a card (or to a night's cards: `entityId` the date). */
export function auditCard(tx: Tx, actor: Actor, entityId: number | string, summary: string) {
  return recordAudit(
    tx,
    actor,
    auditNote({ action: 'update', entity: 'scorecard', entityId: String(entityId), summary }),
  );
}
