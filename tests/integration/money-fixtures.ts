import { cents } from '~/domain/money';
import { createGolfer } from '~/models/golfers.server';
import { createScheduleEntry } from '~/models/schedule-entries.server';
import { createSeason } from '~/models/seasons.server';
import { saveSideGames } from '~/models/side-games.server';
import { unique } from './helpers';

/*
 * A season of its own with side games and league nights, and golfers named so that their order by name is Adams,
 * Baker, Clark, Davis, Evans (the order ties and odd cents follow: docs/product/money.md#odd-cents).
 */

const MONEY_NAMES = ['Adams', 'Baker', 'Clark', 'Davis', 'Evans'] as const;

/** Skins gross $5.00, closest to the pin on hole 3 for $2.00, low net $2.50 (unless `games` says otherwise). */
export async function moneySeason(
  year: number,
  dates: string[],
  games: Parameters<typeof saveSideGames>[1] = {
    skins: { net: false, feeCents: cents(500) },
    closestToPin: { hole: 3, feeCents: cents(200) },
    lowNet: { feeCents: cents(250) },
  },
) {
  await createSeason({ year, feeCents: 15000, registrationOpens: null, registrationCloses: null }, null);
  for (const [i, date] of dates.entries())
    await createScheduleEntry(year, { date, weekNumber: i + 1, event: `Week ${i + 1}`, kind: 'regular-round' }, null);
  await saveSideGames(year, games, null);
  const tag = unique('m');
  const golfers = [];
  for (const last of MONEY_NAMES)
    golfers.push(await createGolfer({ firstName: tag, lastName: `${last} ${tag}` }, null));
  const [adams, baker, clark, davis, evans] = golfers;
  return { year, adams, baker, clark, davis, evans, golfers };
}

export const ALL = { skins: true, closestToPin: true, lowNet: true };
export const NONE = { skins: false, closestToPin: false, lowNet: false };
