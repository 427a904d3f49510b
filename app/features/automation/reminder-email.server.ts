import { cutoffOf } from '~/domain/availability';
import { formatTeeTime, POSITIONS } from '~/domain/tee-times';
import type { EmailBlock } from '~/integrations/mail/layout';
import type { Delivery } from '~/models/automation-jobs.server';
import { cutoffSettingOf, nightsOutOn } from '~/models/nights-out.server';
import { getSettings } from '~/models/settings.server';
import { listTeeTimes } from '~/models/tee-times.server';
import { textNumbersOf } from '~/models/golfer-texts.server';
import { textMessage } from '~/features/texts/text-messages.server';
import { fitsText } from '~/domain/texts';
import { signAnswer } from './answer-token.server';
import {
  built,
  courseName,
  golfersOf,
  greeting,
  nightLabel,
  outboxKey,
  textKey,
  whenLabel,
  withEmail,
  type EmailContext,
  type NightInfo,
} from './email-parts.server';

// 'Are you in?' (docs/product/automation.md#are-you-in).

/** The reminder by text: the night, the time and the 'I'm out' link, whole (the cut-off left out when it would not fit). */
function reminderText(subject: string, until: string, outLink: string): string {
  const words = `Are you in? ${subject}. Out? Answer by ${until}: ${outLink}`;
  return fitsText(words) ? words : `${subject}. Out? ${outLink}`;
}

/**
 * The reminder: to each golfer who holds a standing tee time that night and is not Out, 'Monday, June 1: you're in
 * at 5:12 PM', the course and the group, and the links 'I'm out' / 'I'm in' (signed, until the cut-off).
 */
export async function reminderDeliveries(night: NightInfo, had: ReadonlySet<string>, ctx: EmailContext) {
  const [settings, slots, rows, course] = await Promise.all([
    getSettings(),
    listTeeTimes(night.season),
    nightsOutOn(night.date),
    courseName(night.date),
  ]);
  const cutoff = cutoffOf(night.date, cutoffSettingOf(settings));
  const out = new Set(rows.filter((r) => r.out).map((r) => r.golferId));
  const holders = new Map<number, (typeof slots)[number]>();
  for (const slot of slots)
    for (const p of POSITIONS) {
      const id = slot[`golfer${p}Id`];
      if (id !== null && !out.has(id) && !had.has(`golfer:${id}`) && !holders.has(id)) holders.set(id, slot);
    }
  const [everyone, phones] = await Promise.all([golfersOf(holders.keys()), textNumbersOf(holders.keys())]);
  const golfers = withEmail(everyone);
  const label = nightLabel(night.date);
  const deliveries: Delivery[] = [];
  for (const [id, slot] of holders) {
    const golfer = golfers.get(id);
    const phone = phones.get(id);
    if (!golfer && !phone) continue;
    const time = formatTeeTime(slot.time);
    const group = POSITIONS.map((p) => slot[`golfer${p}Name`]).filter((n): n is string => n !== null);
    const link = (answer: 'in' | 'out') =>
      `${ctx.origin}/answer/${signAnswer({ golferId: id, date: night.date, answer, expiresAt: cutoff }, ctx.keys[0])}`;
    const subject = `${label}: you're in at ${time}`;
    const blocks: EmailBlock[] = [
      { kind: 'paragraph', text: greeting(everyone.get(id)?.firstName ?? '') },
      { kind: 'paragraph', text: `Are you playing on ${label}? You're in at ${time} unless you tell us you're out.` },
      {
        kind: 'details',
        rows: [
          ['Night', `${label} (${night.event})`],
          ['Tee time', time],
          ...(course ? ([['Course', course]] as [string, string][]) : []),
          ['Group', group.join(', ')],
        ],
      },
      { kind: 'link', label: "I'm out", href: link('out') },
      { kind: 'link', label: "I'm in", href: link('in') },
      {
        kind: 'paragraph',
        text: `You can answer until ${whenLabel(cutoff)}. After that, call the league administrator.`,
      },
    ];
    deliveries.push({
      recipient: `golfer:${id}`,
      message: golfer
        ? {
            key: outboxKey('reminder', night.date, `golfer:${id}`),
            kind: 'availability',
            to: golfer.email,
            golferId: id,
            ...built(subject, blocks, settings.leagueName),
          }
        : null,
      // By text too (docs/product/automation.md#texts): the same scanner-safe link, the one that changes something.
      ...(phone
        ? {
            text: textMessage({
              key: textKey('reminder', night.date, `golfer:${id}`),
              kind: 'availability',
              golferId: id,
              to: phone,
              label: subject,
              words: reminderText(subject, whenLabel(cutoff), link('out')),
            }),
          }
        : {}),
    });
  }
  return deliveries;
}
