import { golferDisplayName } from '~/domain/golfer-display';
import { formatTeeTime } from '~/domain/tee-times';
import type { EmailBlock } from '~/integrations/mail/layout';
import type { Delivery } from '~/models/automation-jobs.server';
import { nightsOutOn, playedPositions } from '~/models/nights-out.server';
import { getSettings } from '~/models/settings.server';
import { listTeeTimes } from '~/models/tee-times.server';
import { textNumbersOf } from '~/models/golfer-texts.server';
import { textMessage } from '~/features/texts/text-messages.server';
import {
  built,
  courseName,
  golfersOf,
  greeting,
  nightLabel,
  outboxKey,
  textKey,
  withEmail,
  type EmailContext,
  type NightInfo,
} from './email-parts.server';

// Game day (docs/product/automation.md#game-day).

/**
 * Game day: to each golfer playing that night (a sub who took a spot included), their group's time, the course and
 * the players (subs marked 'Sub'), and 'Keep score', the link to the group's card.
 */
export async function gameDayDeliveries(night: NightInfo, had: ReadonlySet<string>, ctx: EmailContext) {
  const [settings, slots, rows, course] = await Promise.all([
    getSettings(),
    listTeeTimes(night.season),
    nightsOutOn(night.date),
    courseName(night.date),
  ]);
  const rowOf = new Map(rows.map((r) => [r.golferId, r]));
  const groups = slots.map((slot) => ({
    time: slot.time,
    players: playedPositions(slot, rowOf).flatMap((p) =>
      p.playerId === null ? [] : [{ id: p.playerId, sub: p.status === 'sub-found' }],
    ),
  }));
  const playerIds = groups.flatMap((g) => g.players.map((p) => p.id));
  const [everyone, phones] = await Promise.all([golfersOf(playerIds), textNumbersOf(playerIds)]);
  const golfers = withEmail(everyone);
  const nameOf = new Map([...everyone.values()].map((g) => [g.id, golferDisplayName(g)]));
  const label = nightLabel(night.date);
  const deliveries: Delivery[] = [];
  const seen = new Set<number>();
  for (const group of groups)
    for (const player of group.players) {
      const golfer = golfers.get(player.id);
      const phone = phones.get(player.id);
      if ((!golfer && !phone) || seen.has(player.id) || had.has(`golfer:${player.id}`)) continue;
      seen.add(player.id);
      const time = formatTeeTime(group.time);
      const subject = `Today, ${label}: you tee off at ${time}`;
      const blocks: EmailBlock[] = [
        { kind: 'paragraph', text: greeting(everyone.get(player.id)?.firstName ?? '') },
        { kind: 'paragraph', text: `See you tonight. Your group tees off at ${time}.` },
        {
          kind: 'details',
          rows: [
            ['Tee time', time],
            ...(course ? ([['Course', course]] as [string, string][]) : []),
            ...group.players.map((p, i): [string, string] => [
              `Player ${i + 1}`,
              `${nameOf.get(p.id) ?? `Golfer #${p.id}`}${p.sub ? ' (Sub)' : ''}`,
            ]),
          ],
        },
        { kind: 'link', label: 'Keep score', href: `${ctx.origin}/me/scorecard/${night.date}` },
      ];
      deliveries.push({
        recipient: `golfer:${player.id}`,
        message: golfer
          ? {
              key: outboxKey('game-day', night.date, `golfer:${player.id}`),
              kind: 'game-day',
              to: golfer.email,
              golferId: player.id,
              ...built(subject, blocks, settings.leagueName),
            }
          : null,
        // By text too (docs/product/automation.md#texts): the group's time and the card.
        ...(phone
          ? {
              text: textMessage({
                key: textKey('game-day', night.date, `golfer:${player.id}`),
                kind: 'game-day',
                golferId: player.id,
                to: phone,
                label: subject,
                words: `${subject}${course ? ` at ${course}` : ''}. Keep score: ${ctx.origin}/me/scorecard/${night.date}`,
              }),
            }
          : {}),
      });
    }
  return deliveries;
}
