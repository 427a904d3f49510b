import { ConflictError } from '~/domain/errors';
import { todayInLeague } from '~/domain/season';
import { getSettings } from '~/models/settings.server';
import { enqueueMessages } from '~/models/outbox.server';
import {
  createNotice,
  lastRainOutNotice,
  noticeGolferIds,
  noticePrefix,
  switchRainOut,
} from '~/models/night-notices.server';
import type { Actor } from '~/db/audit.server';
import { db, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import {
  nextNightName,
  nightGolferIds,
  nightMessages,
  nightName,
  requireLeagueNight,
  type LeagueNight,
} from './night-golfers.server';

/**
 * A rain-out in one press (docs/product/seasons.md#rain-out-in-one-press, docs/decisions/176-rain-out-in-one-press.md):
 * the night marked rained out and, in the same transaction, 'Rained out: no league on Monday, June 1.' with the next
 * night to each golfer of the night, by email and by text to those with texts on; 'Not rained out after all' undoes it
 * and sends one correction to the same golfers. The state change is conditional, so two presses at once (two tabs,
 * two processes) queue once. The night's sub offers, cards, calendar feeds and scheduled jobs read the flag.
 */

const HAS_RESULTS = 'This night has results: it cannot be rained out.';

/** What the confirm page and the buttons show of a night. */
export type RainOutView = {
  date: string;
  name: string;
  event: string;
  rainedOut: boolean;
  /** The golfers the messages go to (the rain-out's: those playing; the correction's: those who had the rain-out). */
  golfers: number;
  /** Why the night cannot be rained out (or undone) here, or null. */
  refusal: string | null;
};

async function refusalOf(night: LeagueNight, today: string, client: Tx): Promise<string | null> {
  if (night.date < today)
    return night.rainOut
      ? "This night is over: undo its rain-out on the season's schedule."
      : "This night is over: mark it a rain-out on the season's schedule.";
  if (!night.rainOut && (await client.round.count({ where: { date: night.date } })) > 0) return HAS_RESULTS;
  return null;
}

async function correctionGolfers(date: string, client: Tx): Promise<number[]> {
  const notice = await lastRainOutNotice(date, client);
  return notice ? noticeGolferIds(notice.id, client) : [];
}

/** The night as 'Rain out this night' or 'Not rained out after all' would find it; NotFoundError for no night. */
export async function rainOutView(date: string, today = todayInLeague(), client: Tx = db): Promise<RainOutView> {
  const night = await requireLeagueNight(date, client);
  const golfers = night.rainOut ? await correctionGolfers(date, client) : await nightGolferIds(night, client);
  return {
    date,
    name: nightName(date),
    event: night.event,
    rainedOut: night.rainOut,
    golfers: golfers.length,
    refusal: await refusalOf(night, today, client),
  };
}

export type RainOutOutcome = {
  date: string;
  rainedOut: boolean;
  /** False when the night already was so (a second press): nothing was queued. */
  changed: boolean;
  golfers: number;
  emails: number;
  texts: number;
};

/** The messages' counts by channel. */
function counted(messages: { channel?: string }[]) {
  const texts = messages.filter((m) => m.channel === 'text').length;
  return { emails: messages.length - texts, texts };
}

/**
 * 'Rain out this night' (`rainOut` true) or 'Not rained out after all' (false) for a night ahead or tonight. 404 for
 * no league night; 409 for a night with results (rounds) or one that is over; a night already so answers
 * `changed: false` and queues nothing.
 */
export async function setNightRainedOut(input: {
  date: string;
  rainOut: boolean;
  actor: Actor | null;
  today?: string;
}): Promise<RainOutOutcome> {
  const settings = await getSettings();
  return inTransaction(db, async (tx) => {
    const night = await requireLeagueNight(input.date, tx);
    const unchanged = { date: night.date, rainedOut: input.rainOut, changed: false, golfers: 0, emails: 0, texts: 0 };
    if (night.rainOut === input.rainOut) return unchanged;
    const refusal = await refusalOf(night, input.today ?? todayInLeague(), tx);
    if (refusal) throw new ConflictError(refusal);
    const version = await switchRainOut(tx, night, input.rainOut, input.actor);
    // Another press got there first (it waited on the row's lock, PostgreSQL): it queued the messages.
    if (version === null) return unchanged;
    const name = nightName(night.date);
    const golfers = input.rainOut ? await nightGolferIds(night, tx) : await correctionGolfers(night.date, tx);
    const next = input.rainOut ? await nextNightName(night, tx) : null;
    const words = input.rainOut
      ? {
          kind: 'rain-out' as const,
          subject: `Rained out: no league on ${name}`,
          paragraphs: [
            `Rained out: no league on ${name}.`,
            next ? `The next league night is ${next}.` : 'There is no other league night on the schedule this season.',
          ],
          text: `${settings.leagueName}: Rained out: no league on ${name}. ${next ? `Next league night: ${next}.` : 'No other league night this season.'}`,
        }
      : {
          kind: 'rain-out-undone' as const,
          subject: `Not rained out after all: league is on ${name}`,
          paragraphs: [`Not rained out after all: league is on for ${name}, as scheduled.`],
          text: `${settings.leagueName}: Not rained out after all: league is on for ${name}, as scheduled.`,
        };
    const notice = await createNotice(
      tx,
      {
        date: night.date,
        kind: words.kind,
        text: words.paragraphs.join(' '),
        requestKey: `${words.kind}:${night.date}:${version}`,
        golfers: golfers.length,
      },
      input.actor,
    );
    if (!notice) return unchanged;
    const messages = await nightMessages(tx, notice.id, golfers, words, settings.leagueName);
    await enqueueMessages(tx, noticePrefix(notice.id), messages);
    return { date: night.date, rainedOut: input.rainOut, changed: true, golfers: golfers.length, ...counted(messages) };
  });
}
