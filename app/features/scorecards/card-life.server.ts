import { createRound, deleteRound, RoundTakenError } from '~/models/rounds.server';
import { listHoles } from '~/models/holes.server';
import { recomputePayouts } from '~/models/payouts.server';
import { groupsOnNight, seasonOf, type Group } from '~/models/night-groups.server';
import { auditCard, cardSelect, checkScorerOf, ensureScorecard, type Scorer } from '~/models/scorecards.server';
import { db, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { notifyResultsChanged } from '~/db/results-changed.server';
import type { Actor } from '~/db/audit.server';
import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import { formatRoundDate } from '~/domain/season';
import type { ScorecardState } from '~/domain/scorecard';
import { closedCardMessage, closedNightMessage, nightClosed } from '~/domain/scorecard-night';

/**
 * A card's life (docs/product/scorecards.md, docs/decisions/121-scorecards.md): 'Submit card', 'Attest' (or an
 * administrator's 'Confirm'), which writes the golfers' rounds through createRound in one transaction, and the
 * administrators' reopen (its rounds deleted as a round is deleted) and 'Did not finish'. Each step runs on the card
 * locked, in one transaction.
 */

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
    // The night's results may now be final: its side games pay out (docs/product/money.md#payouts).
    await recomputePayouts(tx, [date]);
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
    // A reopened card makes the night's results open again: its payouts wait for the card.
    await recomputePayouts(tx, [date]);
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
