import { upsertFlightAssignment } from '~/models/flights.server';
import { calculatedNightsOf, recalculateNights } from '~/models/points.server';
import type { FlightInput } from '~/schemas/flight';
import { membershipKey } from '../validate';
import { type Writer, eachRow, inSlices, missingReferences } from './writer.server';

/**
 * Flight assignments are upserted by golfer and season: a row moves the golfer to the flight it names (through
 * upsertFlightAssignment), and golfers without an assignment that season are inserted in batches. The nights of
 * the rows' golfers and seasons that held calculated points are read before the first write and recalculated once
 * after the last (docs/decisions/117-points-never-stale.md).
 */
export const flightWriter: Writer<FlightInput> = {
  check: (tx, rows) => missingReferences(tx, rows),
  async write(tx, rows, wrap) {
    const golferIds = [...new Set(rows.map((row) => row.input.golferId))];
    const seasons = [...new Set(rows.map((row) => row.input.season))];
    const stored = await inSlices(golferIds, (ids) =>
      tx.flightAssignment.findMany({
        where: { golferId: { in: ids }, season: { in: seasons } },
        select: { golferId: true, season: true, flightNo: true },
      }),
    );
    const byKey = new Map(stored.map((f) => [membershipKey(f), f]));
    const nights = await calculatedNightsOf(
      tx,
      rows.map((row) => row.input),
    );
    const added: FlightInput[] = [];
    await eachRow(rows, wrap, async ({ input }) => {
      const current = byKey.get(membershipKey(input));
      if (!current) added.push(input);
      else if (current.flightNo !== input.flightNo)
        await upsertFlightAssignment(input, null, tx, { recalculate: false });
    });
    await tx.flightAssignment.createMany({
      data: added.map(({ golferId, season, flightNo }) => ({ golferId, season, flightNo })),
    });
    await recalculateNights(tx, nights);
  },
};
