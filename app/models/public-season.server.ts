import { formatDollars } from '~/domain/format';
import { teeTimeWindowLabel } from '~/domain/league-rules';
import { getLeagueSeason } from './seasons.server';
import { getSettings } from '~/models/settings.server';

/**
 * What the public pages (/join, /rules, /terms, /schedule) say about the season on offer, from one source: the
 * league season's year and fee (docs/product/seasons.md#the-league-season) and the tee-time window of Settings
 * (docs/product/league.md#standing-tee-times). A changed fee or window shows on every page at once.
 */
export async function publicSeasonFacts(): Promise<{ year: number; fee: string; teeWindow: string }> {
  const [season, settings] = await Promise.all([getLeagueSeason(), getSettings()]);
  return {
    year: season.year,
    fee: formatDollars(season.feeCents),
    teeWindow: teeTimeWindowLabel(settings.teeFirst, settings.teeLast),
  };
}
