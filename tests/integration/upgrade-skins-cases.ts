import { expect } from 'vitest';
import type { Db } from '~/db/db.server';

/** A second-release settings row a league changed: raw SQL, as today's client would read columns it lacks. */
export async function fillPreviousReleaseSettings(db: Db): Promise<void> {
  await db.$executeRaw`INSERT INTO "settings" ("id", "leagueName", "seasonFeeCents", "defaultPar", "publishStats")
    VALUES (1, 'Upgraded League', 17500, 35, false)`;
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
