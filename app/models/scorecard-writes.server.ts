import { holesByCourse } from '~/models/holes.server';
import { auditCard, checkScorerOf, type Scorer } from '~/models/scorecards.server';
import { resolveCardWrites, type CardTarget, type CardWrite, type HoleWrite } from '~/models/scorecard-targets.server';
import { db, insertRows, selectWhereIn, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { batched } from '~/db/batch.server';
import { notifyResultsChanged } from '~/db/results-changed.server';
import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import type { ScorecardState } from '~/domain/scorecard';
import { changedMessage, closedToEntries } from '~/domain/scorecard-night';
import { strokesHeld, strokesProblem } from '~/schemas/hole-strokes';
import type { HoleWriteResult } from '~/schemas/scorecard';

/**
 * A card's hole entries (docs/product/scorecards.md, docs/decisions/121-scorecards.md): one row per golfer and hole,
 * the later entry winning, each entry taken once by the id the phone made. The entries of requests that arrive
 * together are written together, in one transaction (group commit, docs/decisions/128-scorecard-group-commit.md);
 * where each goes is read first (scorecard-targets.server.ts).
 */

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

/** What a score sent for a rained-out night is answered. */
const RAINED_OUT_CARDS = 'This night was rained out: its cards take no scores.';

// A few milliseconds' gathering, longer while phones keep joining: a phone's write waits that long more, and the
// phones of a burst that queued behind a batch (the server takes each in with work of its own) join the next one.
const writeCard = batched(writeCardBatch, { gatherMs: 6 });

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
  // A rained-out night's cards are closed (docs/decisions/176-rain-out-in-one-press.md).
  const rainedOut = await tx.scheduleEntry.findMany({
    where: { date: { in: dates }, rainOut: true },
    select: { date: true },
  });
  const closedNights = new Set(rainedOut.map((r) => r.date));
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
    if (closedNights.has(job.date)) return new ConflictError(RAINED_OUT_CARDS);
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
    const strokes = strokesProblem(w.strokes);
    if (strokes) problems.push(strokes);
  }
  if (problems.length > 0) throw new InvalidError([...new Set(problems)].join('. '));
  const { now, date } = job;
  const closed = closedToEntries(
    { state: card.state as ScorecardState, submittedBy: card.submittedBy, attestedBy: card.attestedBy },
    scorer.actor !== null,
    date,
    now,
  );
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
    const { strokes, capped: cappedText } = strokesHeld(w.strokes, parOf.get(w.hole)!);
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
