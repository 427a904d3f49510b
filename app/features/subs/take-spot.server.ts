import { SPOT_TAKEN } from '~/domain/availability-messages';
import { ConflictError, NotFoundError } from '~/domain/errors';
import { formatTeeTime } from '~/domain/tee-times';
import { enqueueSpotTaken } from '~/features/notifications/sub-messages.server';
import { claimSpot, findOfferByToken, useOffer } from '~/models/nights-out.server';
import { getSettings } from '~/models/settings.server';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { cutoffLabel, nightLabel } from './night.server';

/**
 * Taking a spot (docs/product/availability-and-subs.md): /subs/take/{token} and POST /api/subs/take/{token}, the link
 * of an offer's email. The first sub to take the spot gets it; the email saying so is
 * app/features/notifications/sub-messages.server.ts.
 */

const INVALID_LINK = 'This link is not valid. Check that you copied all of it from the email.';

export type SpotOffer = {
  date: string;
  label: string;
  time: string;
  subName: string;
  /** 'open': the sub can take it; 'yours': this sub took it; the rest say why it cannot be taken. */
  state: 'open' | 'yours' | 'taken' | 'expired' | 'withdrawn' | 'rained-out';
  message: string;
};

type FoundOffer = NonNullable<Awaited<ReturnType<typeof findOfferByToken>>>;

/** The page of an offer of a rained-out night (docs/decisions/176-rain-out-in-one-press.md): the offer has ended. */
const RAINED_OUT = 'This night was rained out';

/** Whether the night is rained out: its offers end while it is (and are open again if it is not after all). */
async function rainedOut(date: string, client: Tx = db): Promise<boolean> {
  return (await client.scheduleEntry.count({ where: { date, rainOut: true } })) > 0;
}

function describeOffer(offer: FoundOffer, now: Date, nightRainedOut: boolean): SpotOffer {
  const spot = offer.nightOut;
  const base = {
    date: spot.date,
    label: nightLabel(spot.date),
    time: formatTeeTime(spot.teeTime ?? '00:00'),
    subName: `${offer.sub.firstName} ${offer.sub.lastName}`,
  };
  const when = `${base.label} at ${base.time}`;
  if (nightRainedOut) return { ...base, state: 'rained-out', message: RAINED_OUT };
  if (spot.subGolferId === offer.subGolferId) return { ...base, state: 'yours', message: `You have the spot: ${when}` };
  if (spot.subGolferId !== null || offer.usedAt) return { ...base, state: 'taken', message: SPOT_TAKEN };
  if (!spot.out)
    return {
      ...base,
      state: 'withdrawn',
      message: 'The golfer can play after all, so this spot is no longer open. Thank you!',
    };
  if (now.getTime() >= offer.expiresAt.getTime())
    return { ...base, state: 'expired', message: `This offer expired at ${cutoffLabel(offer.expiresAt)}. Thank you!` };
  return { ...base, state: 'open', message: `A spot is open: ${when}` };
}

/** What a link shows before it is used (opening it changes nothing: mail scanners open links). 404: not ours. */
export async function spotOffer(token: string, now = new Date()): Promise<SpotOffer> {
  const offer = token ? await findOfferByToken(token) : null;
  if (!offer) throw new NotFoundError(INVALID_LINK);
  return describeOffer(offer, now, await rainedOut(offer.nightOut.date));
}

/**
 * 'Take the spot': the first sub to get here gets it (a conditional update on the spot, so one sub however many take
 * it at once, on any number of processes), with the email 'You have the spot: …'. Everyone later gets 409 'This spot
 * has been taken. Thank you!'; an expired or withdrawn offer 409 in its words; a link that is not ours 404. Taking
 * again a spot one already has answers it again.
 */
export async function takeSpot(input: { token: string; origin: string; now?: Date }): Promise<SpotOffer> {
  const now = input.now ?? new Date();
  const offer = input.token ? await findOfferByToken(input.token) : null;
  if (!offer) throw new NotFoundError(INVALID_LINK);
  const before = describeOffer(offer, now, await rainedOut(offer.nightOut.date));
  if (before.state === 'yours') return before;
  if (before.state !== 'open') throw new ConflictError(before.message);
  const settings = await getSettings();
  try {
    return await inTransaction(db, async (tx) => {
      // Rained out a moment ago, after the page was read: the offer has ended.
      if (await rainedOut(offer.nightOut.date, tx)) throw new ConflictError(RAINED_OUT);
      if (!(await claimSpot(tx, offer.nightOut.id, offer.subGolferId, now))) throw new ConflictError(SPOT_TAKEN);
      await useOffer(tx, offer.id, now);
      const message = `You have the spot: ${before.label} at ${before.time}`;
      if (offer.sub.email)
        await enqueueSpotTaken(tx, {
          spotId: offer.nightOut.id,
          sub: { id: offer.subGolferId, email: offer.sub.email, firstName: offer.sub.firstName },
          message,
          date: before.date,
          origin: input.origin,
          leagueName: settings.leagueName,
        });
      return { ...before, state: 'yours' as const, message };
    });
  } catch (error) {
    // The sub already holds another spot that night (one spot a night per sub: a unique pair).
    if (isUniqueViolation(error)) throw new ConflictError('You already have a spot that night. Thank you!');
    throw error;
  }
}
