import { isTeeTimeNight } from '~/domain/availability';
import { NotFoundError } from '~/domain/errors';
import { scheduleKindOf } from '~/domain/schedule';
import { formatRoundDate } from '~/domain/season';
import type { EmailBlock } from '~/integrations/mail/layout';
import { textNumbersOf } from '~/models/golfer-texts.server';
import { nightPlayers } from '~/models/nights-out.server';
import type { NewMessage, OutboxKind } from '~/models/outbox.server';
import { noticePrefix } from '~/models/night-notices.server';
import { selectWhereIn, type Tx } from '~/db/db.server';
import { textMessage } from '~/features/texts/text-messages.server';
import { built, greeting } from '~/features/automation/email-parts.server';

/*
 * Who a night's messages go to and how they are written (docs/decisions/176-rain-out-in-one-press.md): the golfers
 * who play the night (a standing tee time's golfer who is not Out, and the sub who took an Out golfer's spot), an
 * email to each with an address and a text to each with texts on, under keys 'night:{notice id}:golfer:{id}:{channel}'.
 */

/** 'Monday, June 1': a night as the messages and the confirm page name it. */
export const nightName = (date: string) => formatRoundDate(date, 'EEEE, MMMM d');

export type LeagueNight = { id: number; season: number; date: string; event: string; rainOut: boolean };

/** A night played from the standing tee times (rained out or not), or a NotFoundError. */
export async function requireLeagueNight(date: string, client: Tx): Promise<LeagueNight> {
  const entry = /^\d{4}-\d{2}-\d{2}$/.test(date)
    ? await client.scheduleEntry.findFirst({
        where: { date },
        select: { id: true, season: true, date: true, event: true, kind: true, rainOut: true },
      })
    : null;
  if (!entry || !isTeeTimeNight({ kind: scheduleKindOf(entry.kind), rainOut: false }))
    throw new NotFoundError(`There is no league night on ${formatRoundDate(date)}`);
  return { id: entry.id, season: entry.season, date: entry.date, event: entry.event, rainOut: entry.rainOut };
}

/** The golfers who play the night, each once: a fixed number of queries whatever their number. */
export async function nightGolferIds(night: { season: number; date: string }, client: Tx): Promise<number[]> {
  const slots = await client.teeTime.findMany({
    where: { season: night.season },
    select: { id: true, golfer1Id: true, golfer2Id: true, golfer3Id: true, golfer4Id: true },
    orderBy: { time: 'asc' },
  });
  const players = await nightPlayers(night.date, slots, client);
  return [...new Set([...players.values()].flat())];
}

/** The next night played after `date` (not rained out), its name, or null when the season has none left. */
export async function nextNightName(night: { season: number; date: string }, client: Tx): Promise<string | null> {
  const rows = await client.scheduleEntry.findMany({
    where: { season: night.season, date: { gt: night.date }, rainOut: false },
    select: { date: true, kind: true },
    orderBy: { date: 'asc' },
  });
  const next = rows.find((r) => isTeeTimeNight({ kind: scheduleKindOf(r.kind), rainOut: false }));
  return next ? nightName(next.date) : null;
}

type Words = {
  kind: OutboxKind;
  subject: string;
  /** The email's paragraphs after the greeting. */
  paragraphs: string[];
  /** The text's words, before 'Reply STOP to stop.' (cut at a word when longer than a text holds). */
  text: string;
};

/** One notice's messages to `golferIds`: an email to each with an address, a text to each with texts on. */
export async function nightMessages(
  tx: Tx,
  noticeId: number,
  golferIds: readonly number[],
  words: Words,
  leagueName: string,
): Promise<NewMessage[]> {
  const [golfers, phones] = await Promise.all([
    selectWhereIn<{ id: number; firstName: string; email: string | null }>(
      tx,
      'golfers',
      ['id', 'firstName', 'email'],
      'id',
      [...golferIds],
    ),
    textNumbersOf(golferIds, tx),
  ]);
  const messages: NewMessage[] = [];
  for (const golfer of golfers) {
    const id = Number(golfer.id);
    const key = `${noticePrefix(noticeId)}golfer:${id}`;
    const email = golfer.email?.trim();
    if (email) {
      const blocks: EmailBlock[] = [
        { kind: 'paragraph', text: greeting(golfer.firstName) },
        ...words.paragraphs.map((text): EmailBlock => ({ kind: 'paragraph', text })),
      ];
      messages.push({
        key: `${key}:email`,
        kind: words.kind,
        to: email,
        golferId: id,
        ...built(words.subject, blocks, leagueName),
      });
    }
    const phone = phones.get(id);
    if (phone)
      messages.push(
        textMessage({
          key: `${key}:text`,
          kind: words.kind,
          golferId: id,
          to: phone,
          label: words.subject,
          words: words.text,
        }),
      );
  }
  return messages;
}
