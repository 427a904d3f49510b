import { calculatedDates, recomputeHandicapsAndPoints } from '~/models/points.server';
import { createRounds, RoundTakenError, updateRound } from '~/models/rounds.server';
import type { RoundInput } from '~/schemas/round';
import { roundKey, type ParsedRow } from '../validate';
import { type Writer, eachRow, inSlices, missingReferences } from './writer.server';

/**
 * Rounds: a golfer has one round per date (docs/decisions/070-one-round-per-golfer-per-date.md), so a row for a
 * golfer and date that already has a round updates it through updateRound (re-importing an export changes nothing);
 * new rounds go in batches through createRounds, which refuses a clash that appeared meanwhile, naming its row. Nothing
 * is recomputed per row: the handicap columns of every golfer touched, and the points of the dates whose points were
 * calculated before the import (docs/decisions/075-points-never-stale.md), are recomputed once at the end, in the same
 * transaction.
 */
export const roundWriter: Writer<RoundInput> = {
  check: (tx, rows) => missingReferences(tx, rows),
  async write(tx, rows, wrap) {
    const golferIds = [...new Set(rows.map((row) => row.input.golferId))];
    const dates = [...new Set(rows.map((row) => row.input.date))];
    // Read before anything is written: the rows change these dates' rounds.
    const calculated = await calculatedDates(tx, dates);
    const existing = await inSlices(golferIds, (ids) =>
      tx.round.findMany({
        where: { golferId: { in: ids } },
        select: { id: true, golferId: true, date: true, courseId: true, points: true, notes: true },
        orderBy: { id: 'asc' },
      }),
    );
    const byKey = new Map<string, (typeof existing)[number]>();
    for (const round of existing) if (!byKey.has(roundKey(round))) byKey.set(roundKey(round), round);
    const added: ParsedRow<RoundInput>[] = [];
    await eachRow(rows, wrap, async (row) => {
      const { input, present } = row;
      const current = byKey.get(roundKey(input));
      if (!current) {
        added.push(row);
        return;
      }
      // Blank optional cells keep what is on file rather than erasing it.
      await updateRound(
        current.id,
        {
          ...input,
          courseId: present.has('courseId') ? input.courseId : (current.courseId ?? undefined),
          points: present.has('points') ? input.points : (current.points ?? undefined),
          notes: present.has('notes') ? input.notes : (current.notes ?? undefined),
        },
        null,
        tx,
        { recompute: false },
      );
    });
    try {
      await createRounds(
        added.map((row) => row.input),
        null,
        tx,
        { recompute: false },
      );
    } catch (error) {
      if (error instanceof RoundTakenError && error.index !== undefined)
        throw wrap(added[error.index].rowNumber, error);
      throw error;
    }
    await recomputeHandicapsAndPoints(tx, golferIds, { dates, calculated });
  },
};
