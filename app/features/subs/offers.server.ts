import { randomBytes } from 'node:crypto';
import { cutoffOf, subsToOffer, type AvailabilityCutoff } from '~/domain/availability';
import { ConflictError } from '~/domain/errors';
import { formatTeeTime } from '~/domain/tee-times';
import { subOfferMessage } from '~/features/notifications/sub-messages.server';
import { currentHandicaps } from '~/models/handicaps.server';
import {
  createOffers,
  cutoffSettingOf,
  findNightOut,
  hashOfToken,
  listSubs,
  markOffered,
  nightsOutOn,
  playedPositions,
  subsOffered,
  type NightOutRow,
} from '~/models/nights-out.server';
import { enqueueMessages } from '~/models/outbox.server';
import { getSettings } from '~/models/settings.server';
import { listTeeTimes } from '~/models/tee-times.server';
import { db, type Tx } from '~/db/db.server';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { inTransaction } from '~/db/transaction.server';
import { cutoffLabel, nightLabel, requireNight, requireOpen } from './night.server';

/**
 * Offers (docs/product/availability-and-subs.md): 'Offer spot to subs' on the night view and POST
 * /api/nights/{date}/offers, and the automatic offer when a golfer marks a night Out
 * (golfer-nights.server.ts). The email is app/features/notifications/sub-messages.server.ts.
 */

type OfferContext = { origin: string; now: Date; actor: Actor | null; leagueName: string; cutoff: AvailabilityCutoff };

/** Offers the spot of `row` (Out, no sub) to the subs not yet offered it, in `tx`: how many emails were queued. */
export async function offerInTransaction(tx: Tx, row: NightOutRow, ctx: OfferContext): Promise<number> {
  const expiresAt = cutoffOf(row.date, ctx.cutoff);
  const [subs, offered, rows, teeTimes] = await Promise.all([
    listSubs(tx),
    subsOffered(tx, row.id),
    nightsOutOn(row.date, tx),
    listTeeTimes(row.season, tx),
  ]);
  // Who plays that night anyway: the players of the standing tee times, and every sub with a spot.
  const byGolfer = new Map(rows.map((r) => [r.golferId, r]));
  const playing = new Set<number>(rows.flatMap((r) => (r.subGolferId ? [r.subGolferId] : [])));
  for (const slot of teeTimes)
    for (const { playerId } of playedPositions(slot, byGolfer)) if (playerId !== null) playing.add(playerId);
  const candidates = subs.filter((s) => s.email && s.id !== row.golferId && !playing.has(s.id));
  const handicaps = await currentHandicaps(tx, [row.golferId, ...candidates.map((s) => s.id)]);
  const chosen = subsToOffer(
    handicaps.get(row.golferId) ?? null,
    candidates.map((s) => ({ ...s, handicap: handicaps.get(s.id) ?? null })),
  ).filter((s) => !offered.has(s.id));
  const expires = cutoffLabel(expiresAt);
  const links = chosen.map((sub) => ({ sub, token: randomBytes(32).toString('base64url') }));
  await createOffers(
    tx,
    links.map(({ sub, token }) => ({
      tokenHash: hashOfToken(token),
      nightOutId: row.id,
      subGolferId: sub.id,
      expiresAt,
    })),
  );
  const when = `${nightLabel(row.date)} at ${formatTeeTime(row.teeTime ?? '00:00')}`;
  const messages = links.map(({ sub, token }) =>
    subOfferMessage({
      spotId: row.id,
      sub: { id: sub.id, email: sub.email!, firstName: sub.firstName },
      leagueName: ctx.leagueName,
      when,
      link: `${ctx.origin}/subs/take/${token}`,
      expires,
    }),
  );
  const queued = await enqueueMessages(tx, `sub-offer:${row.id}:`, messages);
  await markOffered(tx, row.id, ctx.now);
  await recordAudit(
    tx,
    ctx.actor,
    auditNote({
      action: 'update',
      entity: 'night',
      entityId: row.date,
      summary: `Offered the spot of golfer #${row.golferId} on '${row.date}' to ${queued} sub${queued === 1 ? '' : 's'}`,
    }),
  );
  return queued;
}

/**
 * 'Offer spot to subs' for a golfer who is Out: one email to each available sub within 5 of the golfer's handicap
 * (all subs when none is), each with its own single-use link that expires at the night's cut-off. Refused (nothing
 * changes) for a past night, after the cut-off, for a golfer who is In, or a spot a sub already took.
 */
export async function offerSpot(input: {
  golferId: number;
  date: string;
  actor: Actor | null;
  origin: string;
  now?: Date;
}): Promise<{ offered: number }> {
  const now = input.now ?? new Date();
  await requireNight(input.date);
  const settings = await getSettings();
  const cutoff = cutoffSettingOf(settings);
  requireOpen(input.date, cutoff, now);
  return inTransaction(db, async (tx) => {
    const row = await findNightOut(input.golferId, input.date, tx);
    if (!row || !row.out) throw new ConflictError('That golfer is In that night: there is no spot to offer');
    if (row.subGolferId !== null) throw new ConflictError('A sub has already taken this spot');
    const offered = await offerInTransaction(tx, row, {
      origin: input.origin,
      now,
      actor: input.actor,
      leagueName: settings.leagueName,
      cutoff,
    });
    return { offered };
  });
}
