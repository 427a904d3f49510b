import { expect } from 'vitest';
import type { Db } from '~/db/db.server';

/**
 * The second release's Settings as a league changed them: raw SQL, as today's client would read columns it lacks. The
 * row is the first release's (its fee, 17500, stays).
 */
export async function fillPreviousReleaseSettings(db: Db): Promise<void> {
  await db.$executeRaw`UPDATE "settings" SET "leagueName" = 'Upgraded League', "defaultPar" = 35, "publishStats" = false
    WHERE "id" = 1`;
}

/** The row keeps every value and gets the new settings' defaults: skins on, no carry-over. */
export async function expectUpgradedSkinsSettings(db: Db): Promise<void> {
  expect(await db.setting.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({
    leagueName: 'Upgraded League',
    seasonFeeCents: 17500,
    defaultPar: 35,
    publishStats: false,
    skins: true,
    skinsCarryOver: false,
  });
}
