import { maskEmail } from '~/domain/contact-mask';
import { ConflictError, NotFoundError } from '~/domain/errors';
import { contactDifference, requestContactChange } from '~/features/contact-changes/contact-changes.server';
import { enqueueReceipt, mailOrigin } from '~/features/notifications/messages.server';
import { changeStandingTeeTime } from '~/features/registration/standing-tee-time.server';
import { registrationOffer } from '~/features/registration/checkout.server';
import { findGolfersByEmail, getGolfer, updateGolfer } from '~/models/golfers.server';
import { currentHandicaps } from '~/models/handicaps.server';
import { getLeagueSeason } from '~/models/seasons.server';
import { getSettings } from '~/models/settings.server';
import { findGolferTeeTime, listTeeTimes, POSITIONS, type Position } from '~/models/tee-times.server';
import { db } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';

/**
 * 'My league' (/me, GET /api/me; docs/product/my-league.md): what a signed-in golfer sees of their own league life,
 * and the writes of their own contact details. Only the golfer's own email and phone are ever in it: tee times
 * list other golfers by nothing but an open position.
 */

async function requireSignedInGolfer(golferId: number) {
  const golfer = await getGolfer(golferId);
  // The session's golfer was deleted: their sessions went with them (cascade), so this is a race at most.
  if (!golfer) throw new NotFoundError('Golfer not found');
  return golfer;
}

/** The fulfilled checkout of the golfer's membership of a season, when they paid online. */
function paidCheckout(golferId: number, season: number) {
  return db.pendingRegistration.findFirst({
    where: { fulfilledGolferId: golferId, season, fulfilledAt: { not: null }, checkoutSessionId: { not: null } },
    orderBy: { fulfilledAt: 'desc' },
    select: { checkoutSessionId: true, amountCents: true, fulfilledAt: true },
  });
}

export async function myLeague(golferId: number) {
  const golfer = await requireSignedInGolfer(golferId);
  const [{ year: season }, settings, offer, handicaps] = await Promise.all([
    getLeagueSeason(),
    getSettings(),
    registrationOffer(),
    currentHandicaps(db, [golferId]),
  ]);
  const [membership, checkout, teeTime, slots] = await Promise.all([
    db.membership.findUnique({ where: { golferId_season: { golferId, season } } }),
    paidCheckout(golferId, season),
    findGolferTeeTime(golferId, season),
    listTeeTimes(season),
  ]);
  const openTeeTimes = slots.flatMap((slot) =>
    POSITIONS.filter((p) => slot[`golfer${p}Id`] === null).map((position) => ({
      teeTimeId: slot.id,
      time: slot.time,
      position,
    })),
  );
  return {
    golfer: {
      id: golfer.id,
      name: golfer.fullName,
      firstName: golfer.firstName,
      email: golfer.email,
      phone: golfer.phone,
      leagueMessages: golfer.unsubscribedAt === null,
    },
    season,
    membership: membership
      ? {
          registered: membership.registered,
          paid: membership.paid,
          amountCents: membership.paid ? (checkout?.amountCents ?? null) : null,
          paidAt: membership.paid
            ? ((checkout?.fulfilledAt ?? membership.registrationDatetime)?.toISOString() ?? null)
            : null,
          canResendReceipt: membership.paid && checkout !== null,
        }
      : null,
    /** The season /register sells, when the golfer has no membership of the league season and it is on sale. */
    registerYear: membership || offer.closedMessage ? null : offer.year,
    teeTime,
    openTeeTimes,
    handicap: handicaps.get(golferId) ?? null,
    statsUrl: settings.publishStats ? `/stats/golfers/${golfer.id}` : null,
  };
}

/**
 * 'Email my receipt again': the receipt of the golfer's online payment for the league season, queued once more
 * (under a key of its own each time; the caller limits how often).
 */
export async function resendReceipt(golferId: number, origin: string): Promise<{ to: string }> {
  const golfer = await requireSignedInGolfer(golferId);
  if (!golfer.email) throw new ConflictError('We have no email address for you. Add one under Contact details.');
  const [{ year: season }, settings] = await Promise.all([getLeagueSeason(), getSettings()]);
  const checkout = await paidCheckout(golferId, season);
  if (!checkout?.checkoutSessionId || !checkout.fulfilledAt)
    throw new NotFoundError(`There is no online payment for the ${season} season to send a receipt for.`);
  const membership = await db.membership.findUnique({ where: { golferId_season: { golferId, season } } });
  if (!membership?.paid) throw new NotFoundError(`Your ${season} membership is not paid, so there is no receipt.`);
  const email = golfer.email;
  await inTransaction(db, (tx) =>
    enqueueReceipt(tx, {
      checkoutSessionId: checkout.checkoutSessionId!,
      key: `receipt-again:${checkout.checkoutSessionId}:${Date.now()}`,
      golferId,
      to: email,
      firstName: golfer.firstName,
      season,
      leagueName: settings.leagueName,
      amountCents: checkout.amountCents,
      paidAt: checkout.fulfilledAt!,
      statementName: settings.statementDescriptor,
      origin: mailOrigin(origin),
    }),
  );
  return { to: maskEmail(email) ?? email };
}

/**
 * Contact details from /me: a new phone is stored at once; a new email waits for the link sent to that new address
 * (docs/decisions/096-contact-changes-need-confirmation.md), and an address another golfer has is refused (409).
 */
export async function updateMyContact(
  golferId: number,
  input: { email: string; phone: string | null },
  origin: string,
): Promise<{ phoneChanged: boolean; emailPending: string | null }> {
  const golfer = await requireSignedInGolfer(golferId);
  const phone = input.phone?.trim() || null;
  // A blank phone removes the one on file: it is the golfer's own page.
  const phoneChanged = (golfer.phone ?? null) !== phone;
  const newEmail =
    contactDifference({ email: golfer.email, phone: null }, { email: input.email, phone: null })?.email ?? null;
  if (newEmail) {
    const owners = await findGolfersByEmail(newEmail);
    if (owners.some((owner) => owner.id !== golferId))
      throw new ConflictError('Another golfer already uses that email address. Nothing was changed.', {
        email: ['Another golfer already uses this email address'],
      });
  }
  const { leagueName } = await getSettings();
  await inTransaction(db, async (tx) => {
    if (phoneChanged)
      await updateGolfer(
        golferId,
        {
          firstName: golfer.firstName,
          lastName: golfer.lastName,
          nickname: golfer.nickname ?? undefined,
          email: golfer.email ?? undefined,
          phone: phone ?? undefined,
        },
        // The golfer's own change, signed in on /me: not an administrator's, so not in the audit log.
        null,
        tx,
      );
    if (newEmail)
      await requestContactChange(tx, {
        golfer: { id: golferId, firstName: golfer.firstName, email: golfer.email ?? newEmail },
        change: { email: newEmail, phone: null },
        leagueName,
        origin: mailOrigin(origin),
        sendTo: 'new',
      });
  });
  return { phoneChanged, emailPending: newEmail };
}

/**
 * 'Change tee time': any open position of the league season, by the confirmation page's own code
 * (changeStandingTeeTime: exactly once, a new confirmation email, closed after the first league night).
 */
export async function changeMyTeeTime(golferId: number, teeTimeId: number, position: Position, origin: string) {
  const golfer = await requireSignedInGolfer(golferId);
  if (!golfer.email) throw new ConflictError('We have no email address for you. Add one under Contact details.');
  const { year: season } = await getLeagueSeason();
  const membership = await db.membership.findUnique({ where: { golferId_season: { golferId, season } } });
  if (!membership?.registered && !membership?.paid)
    throw new ConflictError(`Register for the ${season} season first: standing tee times are for its golfers.`);
  const result = await changeStandingTeeTime({ golferId, email: golfer.email, season, teeTimeId, position, origin });
  return { teeTimeId, position, time: result.time, season, changed: result.changed };
}
