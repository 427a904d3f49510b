import { listHoles } from '../app/models/holes.server';
import { capStrokes, type HoleSpec } from '../app/domain/scorecard';
import type { Tx } from '../app/db/db.server';

/** How many of the demo's last played nights are kept on cards (docs/decisions/141-demo-plays-game-night.md). */
export const DEMO_CARD_NIGHTS = 3;

/**
 * A round's gross split over the course's holes as a golfer would play them: par on each hole, the strokes over (or
 * under) par spread from a hole that moves with the golfer and the night, and a birdie traded for a bogey where the
 * double-par cap allows, so the holes differ from golfer to golfer and skins are won outright. The holes add up to
 * `gross` exactly, each from 1 stroke to double par: attested, they give the same gross the round has.
 */
export function holesOfRound(gross: number, holes: readonly HoleSpec[], golfer: number, night: number): number[] {
  const strokes = holes.map((h) => h.par);
  const n = holes.length;
  const fits = (i: number, change: number) =>
    strokes[i] + change >= 1 && capStrokes(strokes[i] + change, holes[i].par).capped === false;
  let rest = gross - strokes.reduce((sum, s) => sum + s, 0);
  const step = Math.sign(rest);
  // Over or under par, one stroke a hole at a time; a hole that cannot take one more is passed over.
  for (let turn = 0, stuck = 0; rest !== 0 && stuck < n; turn++) {
    const i = (golfer * 2 + night + turn) % n;
    if (fits(i, step)) {
      strokes[i] += step;
      rest -= step;
      stuck = 0;
    } else stuck += 1;
  }
  if (rest !== 0) throw new Error(`A gross of ${gross} cannot be played on these holes`);
  const birdie = (golfer * 4 + night + 1) % n;
  const bogey = (golfer * 7 + night * 2 + 3) % n;
  if (birdie !== bogey && fits(birdie, -1) && fits(bogey, 1)) {
    strokes[birdie] -= 1;
    strokes[bogey] += 1;
  }
  return strokes;
}

/** 19:30 in Detroit on a summer league night (EDT, UTC-4), plus `minutes`: when a hole was entered or a card kept. */
const atTheNight = (date: string, minutes: number) => new Date(Date.parse(`${date}T23:30:00Z`) + minutes * 60_000);

/**
 * The demo's last played nights kept on cards, as game night leaves them (docs/product/scorecards.md#the-demo-league):
 * of the nights up to `today` on which every golfer of the season's standing tee times has a round, the last
 * DEMO_CARD_NIGHTS get each group's card on the demo course, every hole of every golfer entered through the evening
 * by the group's first golfer, submitted by them and attested by the second. The holes add up to each round's gross,
 * so the rounds are those the attested cards record. A night that already has cards is left as it is. Returns the
 * nights kept on cards.
 */
export async function keepLastNightsOnCards(
  tx: Tx,
  season: number,
  courseId: number,
  today: string,
): Promise<string[]> {
  const [holes, slots, rounds, carded] = await Promise.all([
    listHoles(courseId, tx),
    tx.teeTime.findMany({
      where: { season },
      orderBy: { time: 'asc' },
      select: {
        id: true,
        golfer1: { select: { id: true, fullName: true } },
        golfer2: { select: { id: true, fullName: true } },
        golfer3: { select: { id: true, fullName: true } },
        golfer4: { select: { id: true, fullName: true } },
      },
    }),
    tx.round.findMany({
      where: { season, date: { lte: today }, courseId },
      select: { golferId: true, date: true, grossScore: true },
    }),
    tx.scorecard.findMany({
      where: { date: { startsWith: `${season}-` } },
      distinct: ['date'],
      select: { date: true },
    }),
  ]);
  if (holes.length === 0) return [];
  const groups = slots.flatMap((s) => {
    const golfers = [s.golfer1, s.golfer2, s.golfer3, s.golfer4].flatMap((g) => (g ? [g] : []));
    return golfers.length > 0 ? [{ teeTimeId: s.id, golfers }] : [];
  });
  const playing = groups.flatMap((g) => g.golfers.map((golfer) => golfer.id));
  const grossOn = new Map(rounds.map((r) => [`${r.golferId} ${r.date}`, r.grossScore]));
  const hasCards = new Set(carded.map((c) => c.date));
  const nights = [...new Set(rounds.map((r) => r.date))]
    .filter((date) => !hasCards.has(date) && playing.every((id) => grossOn.has(`${id} ${date}`)))
    .sort()
    .slice(-DEMO_CARD_NIGHTS);
  if (nights.length === 0 || playing.length === 0) return [];

  const cards = await tx.scorecard.createManyAndReturn({
    data: nights.flatMap((date) =>
      groups.map((g) => {
        const [scorer, attester = scorer] = g.golfers;
        return {
          date,
          teeTimeId: g.teeTimeId,
          courseId,
          state: 'attested',
          submittedBy: scorer.fullName,
          submittedByGolferId: scorer.id,
          submittedAt: atTheNight(date, 160),
          attestedBy: attester.fullName,
          attestedAt: atTheNight(date, 165),
        };
      }),
    ),
    select: { id: true, date: true, teeTimeId: true },
  });
  const cardOf = new Map(cards.map((c) => [`${c.date} ${c.teeTimeId}`, c.id]));
  await tx.holeScore.createMany({
    data: nights.flatMap((date, night) =>
      groups.flatMap((g) =>
        g.golfers.flatMap((golfer) =>
          holesOfRound(grossOn.get(`${golfer.id} ${date}`)!, holes, playing.indexOf(golfer.id), night).map(
            (strokes, i) => ({
              scorecardId: cardOf.get(`${date} ${g.teeTimeId}`)!,
              golferId: golfer.id,
              holeNumber: holes[i].number,
              strokes,
              clientId: `demo-${date}-${golfer.id}-${holes[i].number}`,
              writtenAt: atTheNight(date, 15 * (i + 1)),
              writtenBy: g.golfers[0].fullName,
            }),
          ),
        ),
      ),
    ),
  });
  return nights;
}
