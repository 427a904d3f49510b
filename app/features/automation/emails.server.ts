import { cutoffOf } from '~/domain/availability';
import { type Job } from '~/domain/automation';
import { formatCount, formatDecimal, formatPoints } from '~/domain/format';
import { golferDisplayName } from '~/domain/golfer-display';
import { formatLeagueDateTime, formatRoundDate } from '~/domain/season';
import { formatTeeTime, POSITIONS } from '~/domain/tee-times';
import { signAnswer } from './answer-token.server';
import { unsubscribeUrl } from '~/features/league-messages/email.server';
import { tokenOf as unsubscribeTokenOf } from '~/features/league-messages/league-messages.server';
import { renderHtml, renderText, type EmailBlock } from '~/integrations/mail/layout';
import type { Delivery } from '~/models/automation.server';
import { cutoffSettingOf, nightsOutOn, playedPositions } from '~/models/nights-out.server';
import { courseForNight } from '~/models/scorecards.server';
import { getSettings } from '~/models/settings.server';
import { nightSkins } from '~/models/skins.server';
import { getStandings } from '~/models/standings.server';
import { getNightResults } from '~/models/stats.server';
import { listTeeTimes } from '~/models/tee-times.server';
import { handicapsOn } from '~/models/handicaps.server';
import { db } from '~/db/db.server';

/**
 * What each scheduled job sends for one night, to whom (docs/product/automation.md): the recipients who have not had
 * it yet (`had`: 'golfer:{id}' / 'user:{id}') and each one's message, ready for the outbox. Reads a fixed number of
 * queries whatever the number of golfers; the caller writes the deliveries in batches.
 */

export type NightInfo = { date: string; season: number; event: string };
export type EmailContext = { origin: string; keys: readonly string[]; now: Date };

const nightLabel = (date: string) => formatRoundDate(date, 'EEEE, MMMM d');
const whenLabel = (at: Date) => formatLeagueDateTime(at, "EEEE, MMMM d 'at' h:mm a");

function built(subject: string, blocks: EmailBlock[], leagueName: string) {
  return { subject, text: renderText(blocks, leagueName), html: renderHtml(subject, blocks, leagueName) };
}

function greeting(firstName: string): string {
  return firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,';
}

async function courseName(date: string): Promise<string | null> {
  const id = await courseForNight(date);
  if (id === null) return null;
  return (await db.course.findUnique({ where: { id }, select: { courseName: true } }))?.courseName ?? null;
}

type Contact = {
  id: number;
  firstName: string;
  lastName: string;
  nickname: string | null;
  fullName: string;
  email: string;
};

/** The golfers of these ids who have an email, by id. One query. */
async function contacts(ids: readonly number[], where: { unsubscribedAt?: null } = {}): Promise<Map<number, Contact>> {
  if (ids.length === 0) return new Map();
  const rows = await db.golfer.findMany({
    where: { id: { in: [...new Set(ids)] }, email: { not: null }, ...where },
    select: { id: true, firstName: true, lastName: true, nickname: true, fullName: true, email: true },
  });
  return new Map(rows.flatMap((g) => (g.email?.trim() ? [[g.id, { ...g, email: g.email.trim() }] as const] : [])));
}

const key = (job: Job, date: string, recipient: string) => `auto:${job}:${date}:${recipient}`;

// ---------------------------------------------------------------------------------------------------------------
// 'Are you in?'

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
  const golfers = await contacts([...holders.keys()]);
  const label = nightLabel(night.date);
  const deliveries: Delivery[] = [];
  for (const [id, slot] of holders) {
    const golfer = golfers.get(id);
    if (!golfer) continue;
    const time = formatTeeTime(slot.time);
    const group = POSITIONS.map((p) => slot[`golfer${p}Name`]).filter((n): n is string => n !== null);
    const link = (answer: 'in' | 'out') =>
      `${ctx.origin}/answer/${signAnswer({ golferId: id, date: night.date, answer, expiresAt: cutoff }, ctx.keys[0])}`;
    const subject = `${label}: you're in at ${time}`;
    const blocks: EmailBlock[] = [
      { kind: 'paragraph', text: greeting(golfer.firstName) },
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
      message: {
        key: key('reminder', night.date, `golfer:${id}`),
        kind: 'availability',
        to: golfer.email,
        golferId: id,
        ...built(subject, blocks, settings.leagueName),
      },
    });
  }
  return deliveries;
}

// ---------------------------------------------------------------------------------------------------------------
// Game day

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
  const golfers = await contacts(groups.flatMap((g) => g.players.map((p) => p.id)));
  const allNames = await db.golfer.findMany({
    where: { id: { in: groups.flatMap((g) => g.players.map((p) => p.id)) } },
    select: { id: true, firstName: true, lastName: true, nickname: true, fullName: true },
  });
  const nameOf = new Map(allNames.map((g) => [g.id, golferDisplayName(g)]));
  const label = nightLabel(night.date);
  const deliveries: Delivery[] = [];
  const seen = new Set<number>();
  for (const group of groups)
    for (const player of group.players) {
      const golfer = golfers.get(player.id);
      if (!golfer || seen.has(player.id) || had.has(`golfer:${player.id}`)) continue;
      seen.add(player.id);
      const time = formatTeeTime(group.time);
      const subject = `Today, ${label}: you tee off at ${time}`;
      const blocks: EmailBlock[] = [
        { kind: 'paragraph', text: greeting(golfer.firstName) },
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
        message: {
          key: key('game-day', night.date, `golfer:${player.id}`),
          kind: 'game-day',
          to: golfer.email,
          golferId: player.id,
          ...built(subject, blocks, settings.leagueName),
        },
      });
    }
  return deliveries;
}

// ---------------------------------------------------------------------------------------------------------------
// The recap

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
  const [settings, results, skins, standings, memberships, slots] = await Promise.all([
    getSettings(),
    getNightResults(night.date),
    nightSkins(night.date),
    getStandings(night.season),
    db.membership.findMany({ where: { season: night.season, registered: true }, select: { golferId: true } }),
    listTeeTimes(night.season),
  ]);
  const ids = memberships.map((m) => m.golferId).filter((id) => !had.has(`golfer:${id}`));
  const golfers = await contacts(ids, { unsubscribedAt: null });
  const players = results.flights.flatMap((f) => f.rows.map((r) => r.golferId));
  const after = await handicapsOn(db, players, nextDayOf(night.date));
  const tokens = await db.golfer.findMany({
    where: { id: { in: [...golfers.keys()] } },
    select: { id: true, unsubscribeToken: true },
  });
  const tokenOf = new Map(tokens.map((t) => [t.id, t.unsubscribeToken]));
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

  const deliveries: Delivery[] = [];
  for (const [id, golfer] of golfers) {
    const token = await ensureToken(id, tokenOf.get(id) ?? null);
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
        key: key('recap', night.date, `golfer:${id}`),
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

function nextDayOf(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The golfer's unsubscribe token, made when they have none yet (docs/decisions/087-unsubscribing.md). */
async function ensureToken(golferId: number, token: string | null): Promise<string> {
  if (token) return token;
  return unsubscribeTokenOf(db, { id: golferId, unsubscribeToken: null });
}

// ---------------------------------------------------------------------------------------------------------------
// The administrators' digest

/**
 * The digest: to every administrator with an email, the night's spots Out with no sub, the golfers registered but not
 * paid, last week's cards not attested, and the emails that failed since the last digest (`since`).
 */
export async function digestDeliveries(night: NightInfo, had: ReadonlySet<string>, since: Date, ctx: EmailContext) {
  const [settings, admins, rows, unpaid, cards, failed] = await Promise.all([
    getSettings(),
    db.user.findMany({
      where: { isAdmin: true, disabledAt: null },
      select: { id: true, firstName: true, email: true },
    }),
    nightsOutOn(night.date),
    db.membership.findMany({
      where: { season: night.season, registered: true, paid: false },
      select: { golfer: { select: { fullName: true } } },
      orderBy: { golfer: { lastName: 'asc' } },
    }),
    db.scorecard.findMany({
      where: { date: { gte: daysBefore(night.date, 7), lt: night.date }, state: { not: 'attested' } },
      select: { date: true, state: true, teeTime: { select: { time: true } } },
      orderBy: [{ date: 'asc' }],
    }),
    db.outboxMessage.findMany({
      where: { status: 'failed', createdAt: { gt: since } },
      select: { toAddress: true, subject: true, lastError: true },
      orderBy: { createdAt: 'asc' },
      take: 50,
    }),
  ]);
  const open = rows.filter((r) => r.out && r.subGolferId === null);
  const names = await db.golfer.findMany({
    where: { id: { in: open.map((r) => r.golferId) } },
    select: { id: true, fullName: true },
  });
  const nameOf = new Map(names.map((g) => [g.id, g.fullName]));
  const label = nightLabel(night.date);
  const section = (title: string, lines: string[], none: string): EmailBlock[] => [
    { kind: 'paragraph', text: `${title} (${formatCount(lines.length)})` },
    lines.length > 0
      ? { kind: 'details', rows: lines.map((l, i): [string, string] => [`${i + 1}.`, l]) }
      : { kind: 'paragraph', text: none },
  ];
  const blocks: EmailBlock[] = [
    ...section(
      `Spots Out with no sub on ${label}`,
      open.map(
        (r) => `${r.teeTime ? formatTeeTime(r.teeTime) : '–'}: ${nameOf.get(r.golferId) ?? `Golfer #${r.golferId}`}`,
      ),
      'Every spot is filled.',
    ),
    ...section(
      `Registered but not paid (${night.season})`,
      unpaid.map((m) => m.golfer.fullName),
      'Everyone registered has paid.',
    ),
    ...section(
      "Last week's cards not attested",
      cards.map((c) => `${nightLabel(c.date)}, ${formatTeeTime(c.teeTime.time)} (${c.state})`),
      'Every card is attested.',
    ),
    ...section(
      'Emails that failed since the last digest',
      failed.map((m) => `${m.toAddress}: ${m.subject}${m.lastError ? ` (${m.lastError})` : ''}`),
      'None.',
    ),
    { kind: 'link', label: 'The night', href: `${ctx.origin}/tee-times?date=${night.date}` },
  ];
  const subject = `Digest for ${label}`;
  const deliveries: Delivery[] = [];
  for (const admin of admins) {
    const to = admin.email.trim();
    if (!to || had.has(`user:${admin.id}`)) continue;
    deliveries.push({
      recipient: `user:${admin.id}`,
      message: {
        key: key('digest', night.date, `user:${admin.id}`),
        kind: 'digest',
        to,
        ...built(subject, [{ kind: 'paragraph', text: greeting(admin.firstName) }, ...blocks], settings.leagueName),
      },
    });
  }
  return deliveries;
}

function daysBefore(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}
