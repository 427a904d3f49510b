import { randomBytes } from 'node:crypto';
import { cutoffOf, describeCutoff, subsToOffer, type AvailabilityCutoff } from '~/domain/availability';
import { SPOT_TAKEN, TOO_LATE } from '~/domain/availability-messages';
import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import { golferDisplayName } from '~/domain/golfer-display';
import { formatLeagueDateTime, formatRoundDate, isValidCalendarDate, todayInLeague } from '~/domain/season';
import { formatTeeTime } from '~/domain/tee-times';
import { renderHtml, renderText, type EmailBlock } from '~/integrations/mail/layout';
import { currentHandicaps } from '~/models/handicaps.server';
import {
  claimSpot,
  createOffers,
  cutoffSettingOf,
  findNightOut,
  findOfferByToken,
  findTeeTimeNight,
  hashOfToken,
  listSubs,
  markBackIn,
  spotTakenAsSub,
  markOffered,
  markOut,
  nightStatusOf,
  nightsOutOn,
  playedPositions,
  setCanSub,
  subsOffered,
  teeTimeNightsFrom,
  useOffer,
  type NightOutRow,
  type NightStatus,
} from '~/models/nights-out.server';
import { enqueueMessage, enqueueMessages, type NewMessage } from '~/models/outbox.server';
import { getLeagueSeason } from '~/models/seasons.server';
import { getSettings } from '~/models/settings.server';
import { findGolferTeeTime, golferTeeTimes, listTeeTimes } from '~/models/tee-times.server';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { inTransaction } from '~/db/transaction.server';

/**
 * Weekly availability and subs (docs/product/availability-and-subs.md, docs/decisions/126-availability-and-subs.md):
 * golfers mark league nights In or Out until the cut-off; an open spot is offered by email to the subs, and the first
 * to take it gets it for that night only.
 */

const nightLabel = (date: string) => formatRoundDate(date, 'EEEE, MMMM d');
const cutoffLabel = (at: Date) => formatLeagueDateTime(at, "EEEE, MMMM d 'at' h:mm a");

async function cutoffSetting(): Promise<AvailabilityCutoff> {
  return cutoffSettingOf(await getSettings());
}

function cutoffInWords(cutoff: AvailabilityCutoff): string {
  return describeCutoff(cutoff, (t) => formatTeeTime(t, 'compact'));
}

/** A league night played from the standing tee times, or a clear 400/404. */
async function requireNight(date: string, client: Tx = db) {
  if (!isValidCalendarDate(date))
    throw new InvalidError('Enter a real calendar date (yyyy-mm-dd)', { date: ['Enter a real calendar date'] });
  const night = await findTeeTimeNight(date, client);
  if (!night) throw new NotFoundError(`There is no league night on ${formatRoundDate(date, 'EEEE, MMMM d, yyyy')}`);
  return night;
}

/** The night is still open to changes online: not past, not after its cut-off (400 and 409 otherwise). */
function requireOpen(date: string, cutoff: AvailabilityCutoff, now: Date): Date {
  if (date < todayInLeague(now)) throw new InvalidError(`${nightLabel(date)} has passed`);
  const closes = cutoffOf(date, cutoff);
  if (now.getTime() >= closes.getTime()) throw new ConflictError(TOO_LATE);
  return closes;
}

// ---------------------------------------------------------------------------------------------------------------
// The golfer's side: /me/nights and PUT /api/me/availability/{date}

export type GolferNight = {
  date: string;
  label: string;
  event: string;
  /** The golfer's standing tee time that night ('5:40 PM'); null: none. */
  time: string | null;
  status: NightStatus;
  /** Whether In/Out can still be changed online. */
  open: boolean;
  cutoff: string;
  /** The golfer marked In again after a sub took the spot: the page says so. */
  subName: string | null;
};

/**
 * The golfer's upcoming nights: those of every season in which they hold a standing tee time (in November, next
 * season's too), each with its tee time, In/Out and whether it can still change; without a standing tee time, the
 * league season's nights, which all read In and cannot change. And 'I can sub'. A fixed number of queries.
 */
export async function golferNights(golferId: number, now = new Date()) {
  const today = todayInLeague(now);
  const [{ year: leagueSeason }, cutoff, golfer, slots] = await Promise.all([
    getLeagueSeason(db, today),
    cutoffSetting(),
    db.golfer.findUnique({
      where: { id: golferId },
      select: { firstName: true, lastName: true, nickname: true, fullName: true, canSub: true },
    }),
    golferTeeTimes(golferId),
  ]);
  if (!golfer) throw new NotFoundError('Golfer not found');
  const timeOf = new Map(slots.map((s) => [s.season, s.time]));
  const seasons = slots.length > 0 ? [...timeOf.keys()] : [leagueSeason];
  const nights = (await Promise.all(seasons.map((season) => teeTimeNightsFrom(season, today))))
    .flat()
    .sort((a, b) => a.date.localeCompare(b.date));
  const rows = await db.nightOut.findMany({
    where: { golferId, date: { in: nights.map((n) => n.date) } },
    select: {
      date: true,
      out: true,
      subGolferId: true,
      sub: { select: { firstName: true, lastName: true, nickname: true, fullName: true } },
    },
  });
  const byDate = new Map(rows.map((r) => [r.date, r]));
  return {
    name: golferDisplayName(golfer),
    canSub: golfer.canSub,
    hasTeeTime: slots.length > 0,
    cutoffInWords: cutoffInWords(cutoff),
    nights: nights.map((n): GolferNight => {
      const row = byDate.get(n.date);
      const closes = cutoffOf(n.date, cutoff);
      const time = timeOf.get(n.season);
      return {
        date: n.date,
        label: nightLabel(n.date),
        event: n.event,
        time: time ? formatTeeTime(time) : null,
        status: nightStatusOf(row),
        open: time !== undefined && now.getTime() < closes.getTime(),
        cutoff: cutoffLabel(closes),
        subName: row?.subGolferId && row.sub ? golferDisplayName(row.sub) : null,
      };
    }),
  };
}

export type AvailabilityResult = { date: string; status: NightStatus; message: string; offered: number };

/**
 * The golfer marks a night In (`available`) or Out, until the cut-off. Out holds the golfer's standing tee time as the
 * spot a sub can take; with 'Offer open spots to subs automatically' the offer goes out in the same transaction.
 * Back In gives the spot back only while no sub has taken it (a conditional update): otherwise 409, and the spot
 * stays the sub's.
 */
export async function setAvailability(input: {
  golferId: number;
  date: string;
  available: boolean;
  origin: string;
  now?: Date;
}): Promise<AvailabilityResult> {
  const now = input.now ?? new Date();
  const { golferId, date } = input;
  const night = await requireNight(date);
  const settings = await getSettings();
  requireOpen(date, cutoffSettingOf(settings), now);
  const teeTime = await findGolferTeeTime(golferId, night.season);
  if (!teeTime)
    throw new ConflictError(`You have no standing tee time in the ${night.season} season: there is no night to mark`);
  const label = nightLabel(date);
  if (input.available) {
    return inTransaction(db, async (tx) => {
      const row = await findNightOut(golferId, date, tx);
      if (!row || !row.out) return { date, status: 'in' as const, message: `You are In on ${label}`, offered: 0 };
      // Out on their own tee time, a golfer may take another spot as a sub; then they play that one, not both.
      const subbing = await spotTakenAsSub(tx, golferId, date);
      if (subbing)
        throw new ConflictError(
          `You took the ${formatTeeTime(subbing)} spot on ${label} as a sub, so you stay Out of your own tee time. Call the league administrator if your plans changed.`,
        );
      if (!(await markBackIn(tx, golferId, date)))
        throw new ConflictError(
          `A sub has already taken your spot on ${label}, so you stay Out that night. Call the league administrator if you must play.`,
        );
      return { date, status: 'in' as const, message: `You are In on ${label}: your spot is yours again`, offered: 0 };
    });
  }
  return inTransaction(db, async (tx) => {
    const before = await findNightOut(golferId, date, tx);
    if (before?.out) return { date, status: nightStatusOf(before), message: `You are Out on ${label}`, offered: 0 };
    const row = await markOut(tx, {
      golferId,
      date,
      season: night.season,
      teeTime: teeTime.time,
      position: teeTime.position,
    });
    const offered = settings.autoOfferSubs
      ? await offerInTransaction(tx, row, {
          origin: input.origin,
          now,
          actor: null,
          leagueName: settings.leagueName,
          cutoff: cutoffSettingOf(settings),
        })
      : 0;
    return { date, status: 'out' as const, message: `You are Out on ${label}`, offered };
  });
}

/** 'I can sub' on /me (the golfer) or on the golfer's admin form. */
export async function setGolferCanSub(golferId: number, canSub: boolean, actor: Actor | null): Promise<void> {
  await inTransaction(db, async (tx) => {
    await setCanSub(golferId, canSub, tx);
    if (actor)
      await recordAudit(
        tx,
        actor,
        auditNote({
          action: 'update',
          entity: 'golfer',
          entityId: String(golferId),
          summary: `'I can sub' ${canSub ? 'on' : 'off'}`,
        }),
      );
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The administrators' night view: /tee-times?date= and GET /api/nights/{date}

export type NightSlot = {
  position: number;
  golferId: number | null;
  name: string | null;
  status: NightStatus | null;
  subId: number | null;
  subName: string | null;
  offered: boolean;
};

/**
 * One night as the starter needs it: every standing tee time with each golfer In, Out or replaced by a sub, and the
 * subs available that night with their handicaps. A fixed number of queries.
 */
export async function nightView(date: string, now = new Date()) {
  const night = await requireNight(date);
  const cutoff = await cutoffSetting();
  const [teeTimes, rows, subs] = await Promise.all([listTeeTimes(night.season), nightsOutOn(date), listSubs()]);
  const byGolfer = new Map(rows.map((r) => [r.golferId, r]));
  const playing = new Set<number>();
  const groups = teeTimes.map((slot) => ({
    teeTimeId: slot.id,
    time: slot.time,
    label: formatTeeTime(slot.time),
    slots: playedPositions(slot, byGolfer).map(({ position: p, golferId, status, playerId, row }): NightSlot => {
      if (playerId !== null) playing.add(playerId);
      return {
        position: p,
        golferId,
        name: golferId ? (slot[`golfer${p}Name`] ?? `Golfer #${golferId}`) : null,
        status,
        subId: status === 'sub-found' ? playerId : null,
        subName: status === 'sub-found' && row!.sub ? golferDisplayName(row!.sub) : null,
        offered: row ? row._count.offers > 0 : false,
      };
    }),
  }));
  const available = subs.filter((s) => !playing.has(s.id));
  const handicaps = await currentHandicaps(
    db,
    available.map((s) => s.id),
  );
  const closes = cutoffOf(date, cutoff);
  return {
    date,
    season: night.season,
    label: formatRoundDate(date, 'EEEE, MMMM d, yyyy'),
    event: night.event,
    past: date < todayInLeague(now),
    open: now.getTime() < closes.getTime(),
    cutoff: cutoffLabel(closes),
    groups,
    subs: available.map((s) => ({
      id: s.id,
      name: golferDisplayName(s),
      handicap: handicaps.get(s.id) ?? null,
      hasEmail: Boolean(s.email),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Offers: 'Offer spot to subs' and the automatic offer

type OfferContext = { origin: string; now: Date; actor: Actor | null; leagueName: string; cutoff: AvailabilityCutoff };

function offerEmail(input: {
  leagueName: string;
  firstName: string;
  date: string;
  time: string;
  link: string;
  expires: string;
}) {
  const when = `${nightLabel(input.date)} at ${formatTeeTime(input.time)}`;
  const subject = `A spot is open: ${when}`;
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: `Hello ${input.firstName},` },
    {
      kind: 'paragraph',
      text: `A golfer cannot play on ${when}. You said you can sub: the first sub to take the spot plays it.`,
    },
    { kind: 'link', label: 'Take the spot', href: input.link },
    { kind: 'paragraph', text: `The link works once, until ${input.expires}. You do not need to sign in.` },
  ];
  return { subject, text: renderText(blocks, input.leagueName), html: renderHtml(subject, blocks, input.leagueName) };
}

/** Offers the spot of `row` (Out, no sub) to the subs not yet offered it, in `tx`: how many emails were queued. */
async function offerInTransaction(tx: Tx, row: NightOutRow, ctx: OfferContext): Promise<number> {
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
  const messages: NewMessage[] = links.map(({ sub, token }) => ({
    key: `sub-offer:${row.id}:${sub.id}`,
    kind: 'sub-offer',
    to: sub.email!,
    golferId: sub.id,
    ...offerEmail({
      leagueName: ctx.leagueName,
      firstName: sub.firstName,
      date: row.date,
      time: row.teeTime ?? '00:00',
      link: `${ctx.origin}/subs/take/${token}`,
      expires,
    }),
  }));
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

// ---------------------------------------------------------------------------------------------------------------
// Taking a spot: /subs/take/{token} and POST /api/subs/take/{token}

const INVALID_LINK = 'This link is not valid. Check that you copied all of it from the email.';

export type SpotOffer = {
  date: string;
  label: string;
  time: string;
  subName: string;
  /** 'open': the sub can take it; 'yours': this sub took it; the rest say why it cannot be taken. */
  state: 'open' | 'yours' | 'taken' | 'expired' | 'withdrawn';
  message: string;
};

type FoundOffer = NonNullable<Awaited<ReturnType<typeof findOfferByToken>>>;

function describeOffer(offer: FoundOffer, now: Date): SpotOffer {
  const spot = offer.nightOut;
  const base = {
    date: spot.date,
    label: nightLabel(spot.date),
    time: formatTeeTime(spot.teeTime ?? '00:00'),
    subName: `${offer.sub.firstName} ${offer.sub.lastName}`,
  };
  const when = `${base.label} at ${base.time}`;
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
  return describeOffer(offer, now);
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
  const before = describeOffer(offer, now);
  if (before.state === 'yours') return before;
  if (before.state !== 'open') throw new ConflictError(before.message);
  const settings = await getSettings();
  try {
    return await inTransaction(db, async (tx) => {
      if (!(await claimSpot(tx, offer.nightOut.id, offer.subGolferId, now))) throw new ConflictError(SPOT_TAKEN);
      await useOffer(tx, offer.id, now);
      const message = `You have the spot: ${before.label} at ${before.time}`;
      if (offer.sub.email) {
        const blocks: EmailBlock[] = [
          { kind: 'paragraph', text: `Hello ${offer.sub.firstName},` },
          { kind: 'paragraph', text: `${message}. Thank you for playing!` },
          // The group's card of that night, which the sub keeps like any golfer of the group (after signing in).
          { kind: 'link', label: 'Your scorecard that night', href: `${input.origin}/me/scorecard/${before.date}` },
          { kind: 'link', label: 'League schedule', href: `${input.origin}/schedule` },
        ];
        await enqueueMessage(tx, {
          key: `sub-spot:${offer.nightOut.id}`,
          kind: 'sub-spot',
          to: offer.sub.email,
          golferId: offer.subGolferId,
          subject: message,
          text: renderText(blocks, settings.leagueName),
          html: renderHtml(message, blocks, settings.leagueName),
        });
      }
      return { ...before, state: 'yours' as const, message };
    });
  } catch (error) {
    // The sub already holds another spot that night (one spot a night per sub: a unique pair).
    if (isUniqueViolation(error)) throw new ConflictError('You already have a spot that night. Thank you!');
    throw error;
  }
}
