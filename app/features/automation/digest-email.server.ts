import { formatCount } from '~/domain/format';
import { dayAfter } from '~/domain/scorecard-night';
import { formatTeeTime } from '~/domain/tee-times';
import type { EmailBlock } from '~/integrations/mail/layout';
import type { Delivery } from '~/models/automation-jobs.server';
import { nightsOutOn } from '~/models/nights-out.server';
import { getSettings } from '~/models/settings.server';
import { db } from '~/db/db.server';
import {
  built,
  golfersOf,
  greeting,
  nightLabel,
  outboxKey,
  type EmailContext,
  type NightInfo,
} from './email-parts.server';

// The administrators' digest (docs/product/automation.md#administrators-digest).

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
      where: { date: { gte: dayAfter(night.date, -7), lt: night.date }, state: { not: 'attested' } },
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
  const names = await golfersOf(open.map((r) => r.golferId));
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
        (r) =>
          `${r.teeTime ? formatTeeTime(r.teeTime) : '–'}: ${names.get(r.golferId)?.fullName ?? `Golfer #${r.golferId}`}`,
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
        key: outboxKey('digest', night.date, `user:${admin.id}`),
        kind: 'digest',
        to,
        ...built(subject, [{ kind: 'paragraph', text: greeting(admin.firstName) }, ...blocks], settings.leagueName),
      },
    });
  }
  return deliveries;
}
