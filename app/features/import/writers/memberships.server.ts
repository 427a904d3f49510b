import { membershipData, upsertMembership } from '~/models/memberships.server';
import { recomputeHandicapsAndPoints } from '~/models/points.server';
import type { MembershipInput } from '~/schemas/membership';
import { membershipKey } from '../validate';
import { type Writer, eachRow, inSlices, missingReferences } from './writer.server';

/** Exports write registration times to the second; reading one back must not drop the stored milliseconds. */
function sameSecond(a: Date | undefined, b: Date | null): boolean {
  return a !== undefined && b !== null && Math.floor(a.getTime() / 1000) === Math.floor(b.getTime() / 1000);
}

/**
 * Memberships are upserted by golfer and season: existing ones through upsertMembership, new ones in batches.
 * Blank cells keep what is on file (a file listing only who paid does not un-register anyone); a new membership
 * gets the schema's defaults (not registered, not paid).
 */
export const membershipWriter: Writer<MembershipInput> = {
  check: (tx, rows) => missingReferences(tx, rows),
  async write(tx, rows, wrap) {
    const golferIds = [...new Set(rows.map((row) => row.input.golferId))];
    const seasons = [...new Set(rows.map((row) => row.input.season))];
    const stored = await inSlices(golferIds, (ids) =>
      tx.membership.findMany({
        where: { golferId: { in: ids }, season: { in: seasons } },
        select: { golferId: true, season: true, registrationDatetime: true },
      }),
    );
    const byKey = new Map(stored.map((m) => [membershipKey(m), m]));
    const added: MembershipInput[] = [];
    await eachRow(rows, wrap, async ({ input, present }) => {
      const current = byKey.get(membershipKey(input));
      if (!current) {
        added.push(input);
        return;
      }
      // The model keeps what the row left out; a time read back from an export keeps its stored milliseconds.
      await upsertMembership(
        sameSecond(input.registrationDatetime, current.registrationDatetime)
          ? { ...input, registrationDatetime: current.registrationDatetime! }
          : input,
        null,
        tx,
        present,
      );
    });
    await tx.membership.createMany({ data: added.map((input) => membershipData(input, null)) });
    // An estimated score seeds the golfer's handicap (docs/product/handicaps.md#estimated-score), and so the
    // calculated points of the nights where it moves a net score (docs/decisions/117-points-never-stale.md).
    const seeded = [
      ...new Set(added.filter((input) => input.estimatedScore !== undefined).map((input) => input.golferId)),
    ];
    await recomputeHandicapsAndPoints(tx, seeded);
  },
};
