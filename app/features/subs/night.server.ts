import { cutoffOf, describeCutoff, type AvailabilityCutoff } from '~/domain/availability';
import { TOO_LATE } from '~/domain/availability-messages';
import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import { formatLeagueDateTime, formatRoundDate, isValidCalendarDate, todayInLeague } from '~/domain/season';
import { formatTeeTime } from '~/domain/tee-times';
import { cutoffSettingOf, findTeeTimeNight } from '~/models/nights-out.server';
import { getSettings } from '~/models/settings.server';
import { db, type Tx } from '~/db/db.server';

/**
 * Weekly availability and subs (docs/product/availability-and-subs.md, docs/decisions/126-availability-and-subs.md):
 * golfers mark league nights In or Out until the cut-off; an open spot is offered by email to the subs, and the first
 * to take it gets it for that night only. One file a flow: the golfer's nights (golfer-nights.server.ts), the night
 * view (night-view.server.ts), offers (offers.server.ts) and taking a spot (take-spot.server.ts); their emails are
 * app/features/notifications/sub-messages.server.ts. Here: what they share about a night and its cut-off.
 */

export const nightLabel = (date: string) => formatRoundDate(date, 'EEEE, MMMM d');
export const cutoffLabel = (at: Date) => formatLeagueDateTime(at, "EEEE, MMMM d 'at' h:mm a");

export async function cutoffSetting(): Promise<AvailabilityCutoff> {
  return cutoffSettingOf(await getSettings());
}

export function cutoffInWords(cutoff: AvailabilityCutoff): string {
  return describeCutoff(cutoff, (t) => formatTeeTime(t, 'compact'));
}

/** A league night played from the standing tee times, or a clear 400/404. */
export async function requireNight(date: string, client: Tx = db) {
  if (!isValidCalendarDate(date))
    throw new InvalidError('Enter a real calendar date (yyyy-mm-dd)', { date: ['Enter a real calendar date'] });
  const night = await findTeeTimeNight(date, client);
  if (!night) throw new NotFoundError(`There is no league night on ${formatRoundDate(date, 'EEEE, MMMM d, yyyy')}`);
  return night;
}

/** The night is still open to changes online: not past, not after its cut-off (400 and 409 otherwise). */
export function requireOpen(date: string, cutoff: AvailabilityCutoff, now: Date): Date {
  if (date < todayInLeague(now)) throw new InvalidError(`${nightLabel(date)} has passed`);
  const closes = cutoffOf(date, cutoff);
  if (now.getTime() >= closes.getTime()) throw new ConflictError(TOO_LATE);
  return closes;
}
