import { formatRoundDate, todayInLeague } from '~/domain/season';
import { getSchedule } from '~/models/seasons.server';
import { enqueueTeeTimeConfirmation, mailOrigin, teeTimeMailContext } from '~/features/notifications/messages.server';
import { assignGolferToTeeTime, findGolferTeeTime, type Position } from '~/models/tee-times.server';
import { db } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { ConflictError, ForbiddenError, InvalidError } from '~/domain/errors';
import { requirePaidRegistration } from './fulfilment.server';

/**
 * The standing tee time a golfer chooses: from the confirmation page of a paid session (`selectTeeTimeForSession`) or
 * 'Change tee time' on /me (`changeStandingTeeTime`), until the season's first league night.
 */

/**
 * Why the confirmation link can no longer change this golfer's standing tee time, or null while it can: once the
 * season's first league night (its first schedule date that is not a no-league date) has passed, a golfer who holds a
 * tee time keeps it unless the league moves them (docs/decisions/097-refunds.md#tee-time-changes). A golfer who
 * registers later and holds none may still take one.
 */
export async function teeTimeChangeClosed(
  golferId: number,
  season: number,
  today = todayInLeague(),
): Promise<{ message: string; held: NonNullable<Awaited<ReturnType<typeof findGolferTeeTime>>> } | null> {
  const firstNight = (await getSchedule(season)).find((entry) => entry.kind !== 'no-league')?.date;
  if (!firstNight || firstNight >= today) return null;
  const held = await findGolferTeeTime(golferId, season);
  if (!held) return null;
  const message = `The ${season} season has started (first league night ${formatRoundDate(firstNight, 'MMMM d')}), so your standing tee time can no longer be changed here. Please contact the league administrator.`;
  return { message, held };
}

/**
 * The golfer of a paid checkout session takes a standing tee time (moving from any slot they held). The
 * golfer and season come from the session, never from the client. After the season's first league night, a golfer
 * who holds a tee time is no longer moved (a ConflictError, 409).
 */
export async function selectTeeTimeForSession(input: {
  sessionId: string;
  teeTimeId: number;
  position: Position;
  golferId?: number;
  season?: number;
  /** The request's origin, for the links in the confirmation email (mailOrigin). */
  origin?: string;
}) {
  const registration = await requirePaidRegistration(input.sessionId);
  if (input.golferId !== undefined && input.golferId !== registration.golferId) {
    throw new ForbiddenError('That golfer does not belong to this registration');
  }
  if (input.season !== undefined && input.season !== registration.season) {
    throw new InvalidError(`This registration is for the ${registration.season} season`);
  }
  const result = await changeStandingTeeTime({
    golferId: registration.golferId,
    email: registration.email,
    season: registration.season,
    teeTimeId: input.teeTimeId,
    position: input.position,
    origin: input.origin,
  });
  return {
    teeTimeId: input.teeTimeId,
    position: input.position,
    time: result.time,
    season: result.season,
    golferId: registration.golferId,
  };
}

/**
 * A golfer takes a standing tee time of the season (moving from any slot they held), exactly once, with a new
 * confirmation email to `email` committed with the change: the confirmation page's choice and 'Change tee time' on
 * /me (docs/product/my-league.md). After the season's first league night a golfer who holds a tee time is no longer
 * moved (a ConflictError, 409); a position already taken is a ConflictError too ('That tee time was just taken').
 */
export async function changeStandingTeeTime(input: {
  golferId: number;
  email: string;
  season: number;
  teeTimeId: number;
  position: Position;
  /** The request's origin, for the links in the confirmation email (mailOrigin). */
  origin?: string;
}): Promise<{ time: string; season: number; changed: boolean }> {
  const closed = await teeTimeChangeClosed(input.golferId, input.season);
  // Confirming the position already held again changes nothing, so it is still answered as before.
  if (closed && (closed.held.teeTimeId !== input.teeTimeId || closed.held.position !== input.position))
    throw new ConflictError(closed.message);
  const mail = await teeTimeMailContext(
    { golferId: input.golferId, email: input.email, season: input.season },
    mailOrigin(input.origin),
  );
  // The confirmation email commits with the change; a choice that changes nothing (a reload) sends none.
  return inTransaction(db, async (tx) => {
    const assigned = await assignGolferToTeeTime(
      {
        teeTimeId: input.teeTimeId,
        position: input.position,
        golferId: input.golferId,
        season: input.season,
      },
      null,
      tx,
    );
    if (assigned.changed) await enqueueTeeTimeConfirmation(tx, { ...mail, time: assigned.time });
    return assigned;
  });
}
