import { expect } from 'vitest';
import type { Db } from '~/db/db.server';

/**
 * What a second-release league holds that the availability-and-subs migration adds columns to: golfers and a standing
 * tee time (the settings row, with the fee the first release's Settings changed, is already there). Raw SQL: the
 * current client would read back columns a second-release database does not have.
 */
export async function fillSecondReleaseGolfers(db: Db): Promise<{ golferIds: number[] }> {
  await db.$executeRaw`INSERT INTO "golfers" ("firstName", "lastName", "fullName", "email", "updatedAt")
    VALUES ('Ann', 'Old', 'Ann Old', 'ann.old@example.org', CURRENT_TIMESTAMP),
      ('Bob', 'Old', 'Bob Old', NULL, CURRENT_TIMESTAMP)`;
  const golfers = await db.$queryRaw<
    { id: unknown }[]
  >`SELECT "id" FROM "golfers" WHERE "lastName" = 'Old' ORDER BY "id"`;
  const golferIds = golfers.map((g) => Number(g.id));
  await db.$executeRaw`INSERT INTO "tee_times" ("time", "season", "golfer1Id") VALUES ('17:00', 2026, ${golferIds[0]})`;
  return { golferIds };
}

/** After the upgrade: every row carried over, nobody a sub, the settings' defaults, and the new tables work. */
export async function expectUpgradedSubs(db: Db, { golferIds }: { golferIds: number[] }): Promise<void> {
  const golfers = await db.golfer.findMany({ where: { id: { in: golferIds } }, orderBy: { id: 'asc' } });
  expect(golfers.map((g) => ({ name: g.fullName, email: g.email, canSub: g.canSub }))).toEqual([
    { name: 'Ann Old', email: 'ann.old@example.org', canSub: false },
    { name: 'Bob Old', email: null, canSub: false },
  ]);
  expect(await db.setting.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({
    seasonFeeCents: 17500,
    availabilityCutoffDays: 1,
    availabilityCutoffTime: '12:00',
    autoOfferSubs: false,
  });
  expect(await db.teeTime.findFirst({ where: { season: 2026 } })).toMatchObject({ golfer1Id: golferIds[0] });
  expect(await db.nightOut.count()).toBe(0);
  // The new tables take a golfer Out and an offer, with their constraints.
  const out = await db.nightOut.create({
    data: { golferId: golferIds[0], date: '2026-06-01', season: 2026, teeTime: '17:00', position: 1 },
  });
  await db.subOffer.create({
    data: { tokenHash: 'h', nightOutId: out.id, subGolferId: golferIds[1], expiresAt: new Date() },
  });
  await expect(
    db.nightOut.create({ data: { golferId: golferIds[0], date: '2026-06-01', season: 2026 } }),
  ).rejects.toThrow();
  await db.golfer.delete({ where: { id: golferIds[0] } });
  expect(await db.subOffer.count()).toBe(0);
}
