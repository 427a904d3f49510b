import { formatCount, formatDecimal, formatDollarsAndCents, formatPoints } from '~/domain/format';
import { balanceSentence, GAME_LABELS } from '~/domain/side-games';
import { seasonMoney } from '~/models/money.server';
import { dayAfter } from '~/domain/scorecard-night';
import { formatTeeTime, POSITIONS } from '~/domain/tee-times';
import { unsubscribeUrl } from '~/features/league-messages/email.server';
import { tokenOf as unsubscribeTokenOf } from '~/features/league-messages/league-messages.server';
import type { EmailBlock } from '~/integrations/mail/layout';
import type { Delivery } from '~/models/automation-jobs.server';
import { handicapsOn } from '~/models/handicaps.server';
import { getSettings } from '~/models/settings.server';
import { nightSkins } from '~/models/skins.server';
import { getStandings } from '~/models/standings.server';
import { getNightResults } from '~/models/stats.server';
import { listTeeTimes } from '~/models/tee-times.server';
import { db } from '~/db/db.server';
import {
  built,
  golfersOf,
  greeting,
  nightLabel,
  outboxKey,
  withEmail,
  type EmailContext,
  type NightInfo,
} from './email-parts.server';

// The recap (docs/product/automation.md#the-recap).

/**
 * The recap: to each golfer with 'League messages' on who is registered that season, the night's results by flight
 * (place, net, points), the skins won, their own round with their handicap before and after, the top of their
 * flight's standings and their next night with their tee time; the unsubscribe link as on every league message.
 */
export async function recapDeliveries(
  night: NightInfo,
  had: ReadonlySet<string>,
  ctx: EmailContext,
  nextNight: string | null,
) {
  const [settings, results, skins, standings, memberships, slots, money] = await Promise.all([
    getSettings(),
    getNightResults(night.date),
    nightSkins(night.date),
    getStandings(night.season),
    db.membership.findMany({ where: { season: night.season, registered: true }, select: { golferId: true } }),
    listTeeTimes(night.season),
    seasonMoney(night.season),
  ]);
  const ids = memberships.map((m) => m.golferId).filter((id) => !had.has(`golfer:${id}`));
  const golfers = withEmail(await golfersOf(ids), { subscribed: true });
  const players = results.flights.flatMap((f) => f.rows.map((r) => r.golferId));
  const after = await handicapsOn(db, players, dayAfter(night.date, 1));
  const flightOf = new Map(
    (
      await db.flightAssignment.findMany({
        where: { season: night.season },
        select: { golferId: true, flightNo: true },
      })
    ).map((a) => [a.golferId, a.flightNo]),
  );
  const slotOf = new Map<number, string>();
  for (const slot of slots)
    for (const p of POSITIONS) if (slot[`golfer${p}Id`] !== null) slotOf.set(slot[`golfer${p}Id`]!, slot.time);
  const label = nightLabel(night.date);

  // The part every golfer's email shares: the results by flight and the skins.
  const resultBlocks: EmailBlock[] = results.flights.flatMap((f): EmailBlock[] => [
    { kind: 'paragraph', text: f.flightNo ? `Flight ${f.flightNo}` : 'Without a flight' },
    {
      kind: 'details',
      rows: f.rows.map((r): [string, string] => [
        `${r.place ?? '–'} ${r.name}${r.sub ? ' (Sub)' : ''}`,
        `net ${r.net === null ? '–' : formatDecimal(r.net)}, ${r.points === null ? 'no points' : `${formatPoints(r.points)} points`}`,
      ]),
    },
  ]);
  if (resultBlocks.length === 0) resultBlocks.push({ kind: 'paragraph', text: 'No scores were recorded that night.' });
  const skinsBlocks: EmailBlock[] = (skins ?? []).flatMap((f): EmailBlock[] => {
    const won = [
      ...f.gross.won.map((w): [string, string] => [
        `Gross: ${w.name}`,
        `${formatCount(w.skins)} (hole ${w.holes.join(', ')})`,
      ]),
      ...f.net.won.map((w): [string, string] => [
        `Net: ${w.name}`,
        `${formatCount(w.skins)} (hole ${w.holes.join(', ')})`,
      ]),
    ];
    return won.length > 0
      ? [
          { kind: 'paragraph', text: `Skins, flight ${f.flight}` },
          { kind: 'details', rows: won },
        ]
      : [];
  });

  // The night's side games (docs/product/money.md#the-results-recap): its payouts for everyone, each golfer's balance.
  const payouts = money.nights.find((n) => n.date === night.date)?.payouts ?? [];
  const sideGameBlocks: EmailBlock[] =
    payouts.length > 0
      ? [
          { kind: 'paragraph', text: 'Side games' },
          {
            kind: 'details',
            rows: payouts.map((p): [string, string] => [
              p.name,
              `${GAME_LABELS[p.game]} ${formatDollarsAndCents(p.cents)}`,
            ]),
          },
        ]
      : [];
  const balanceOf = new Map(money.golfers.map((g) => [g.golferId, g.balanceCents]));

  const deliveries: Delivery[] = [];
  for (const [id, golfer] of golfers) {
    // Made when the golfer has none yet (docs/decisions/087-unsubscribing.md).
    const token = await unsubscribeTokenOf(db, golfer);
    const own = results.flights.flatMap((f) => f.rows).find((r) => r.golferId === id);
    const flightNo = flightOf.get(id) ?? null;
    const top = standings.find((s) => s.flightNo === flightNo)?.rows.slice(0, 5) ?? [];
    const nextTime = slotOf.get(id);
    const subject = `Results: ${label}`;
    const blocks: EmailBlock[] = [
      { kind: 'paragraph', text: greeting(golfer.firstName) },
      { kind: 'paragraph', text: `The results of ${label} (${night.event}).` },
      ...resultBlocks,
      ...skinsBlocks,
      ...sideGameBlocks,
      ...(balanceOf.has(id)
        ? ([
            { kind: 'paragraph', text: `Your side-games balance: ${balanceSentence(balanceOf.get(id)!)}` },
          ] as EmailBlock[])
        : []),
      own
        ? {
            kind: 'details',
            rows: [
              ['Your round', `gross ${own.gross}, net ${own.net === null ? '–' : formatDecimal(own.net)}`],
              ['Handicap before', own.hcp === null ? '–' : formatDecimal(own.hcp)],
              ['Handicap after', (after.get(id) ?? null) === null ? '–' : formatDecimal(after.get(id)!)],
            ],
          }
        : { kind: 'paragraph', text: 'You did not play that night.' },
      ...(top.length > 0
        ? ([
            { kind: 'paragraph', text: `Standings, flight ${flightNo}` },
            {
              kind: 'details',
              rows: top.map((r): [string, string] => [
                `${r.rank}. ${r.displayName}`,
                `${formatPoints(r.totalPoints)} points`,
              ]),
            },
          ] as EmailBlock[])
        : []),
      ...(nextNight
        ? ([
            {
              kind: 'paragraph',
              text: nextTime
                ? `Your next night: ${nightLabel(nextNight)} at ${formatTeeTime(nextTime)}.`
                : `The next night: ${nightLabel(nextNight)}.`,
            },
          ] as EmailBlock[])
        : []),
      { kind: 'link', label: 'All the results', href: `${ctx.origin}/stats/results/${night.date}` },
    ];
    // As on every league message (docs/decisions/087-unsubscribing.md): the link in the body and in the headers.
    const unsubscribe = unsubscribeUrl(ctx.origin, token);
    const footer: EmailBlock[] = [
      { kind: 'paragraph', text: `Sent to ${golfer.firstName} ${golfer.lastName} by ${settings.leagueName}.` },
      { kind: 'link', label: 'Unsubscribe from league messages', href: unsubscribe },
    ];
    const email = built(subject, [...blocks, ...footer], settings.leagueName);
    deliveries.push({
      recipient: `golfer:${id}`,
      message: {
        key: outboxKey('recap', night.date, `golfer:${id}`),
        kind: 'recap',
        to: golfer.email,
        golferId: id,
        ...email,
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      },
    });
  }
  return deliveries;
}
