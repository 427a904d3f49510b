import { formatDollars } from '~/domain/format';
import { formatRoundDate, formatLeagueDateTime, todayInLeague } from '~/domain/season';
import type { ScheduleEntry } from '~/domain/schedule';
import { formatTeeTime } from '~/domain/tee-times';
import { getGolfer } from '~/models/golfers.server';
import { enqueueMessage } from '~/models/outbox.server';
import { seasonCalendar } from '~/models/schedule-calendar.server';
import { getSchedule } from '~/models/seasons.server';
import { getSettings } from '~/models/settings.server';
import type { Tx } from '~/db/db.server';
import { renderHtml, renderText, type EmailBlock } from '~/integrations/mail/layout';

/**
 * The two messages the site sends by itself (docs/product/email.md): the registration receipt when a registration is
 * fulfilled and the tee-time confirmation when a golfer confirms a standing tee time. Each is queued with the
 * transaction of its event (`tx`), so it is sent exactly when the event commits, and once.
 */

/**
 * The address links in an email start with: PUBLIC_URL when set, else the origin of the request that caused the
 * message, else (no request at all) this machine's own address (docs/decisions/082-links-in-email.md).
 */
export function mailOrigin(requestOrigin?: string | null): string {
  const configured = process.env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  if (configured) return configured;
  if (requestOrigin) return requestOrigin.replace(/\/+$/, '');
  return `http://localhost:${process.env.PORT || 3000}`;
}

function greeting(firstName: string | null | undefined): string {
  const name = firstName?.trim();
  return name ? `Hello ${name},` : 'Hello,';
}

function built(title: string, blocks: EmailBlock[], leagueName: string) {
  return { text: renderText(blocks, leagueName), html: renderHtml(title, blocks, leagueName) };
}

type ReceiptInput = {
  checkoutSessionId: string;
  /** The outbox key; by default one per checkout session ('Email my receipt again' on /me gives a new one). */
  key?: string;
  golferId: number;
  to: string;
  firstName: string | null;
  season: number;
  leagueName: string;
  amountCents: number;
  paidAt: Date;
  /** Settings' statement descriptor: how the fee shows on the card statement. */
  statementName: string;
  origin: string;
};

/** Queues the registration receipt (one per checkout session, whoever fulfils it first). */
export function enqueueReceipt(tx: Tx, input: ReceiptInput): Promise<boolean> {
  const subject = `You're registered for the ${input.season} ${input.leagueName} season`;
  const confirmation = `${input.origin}/registration-confirmation/${encodeURIComponent(input.checkoutSessionId)}`;
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: greeting(input.firstName) },
    {
      kind: 'paragraph',
      text: `Thank you for registering: you're registered and paid for the ${input.season} ${input.leagueName} season.`,
    },
    {
      kind: 'details',
      rows: [
        ['Amount paid', formatDollars(input.amountCents)],
        ['Date', formatLeagueDateTime(input.paidAt, 'MMMM d, yyyy')],
        ['On your card statement', input.statementName],
      ],
    },
    {
      kind: 'paragraph',
      text: 'If you have not chosen your standing tee time yet, choose it here before the first league night:',
    },
    { kind: 'link', label: 'Choose your standing tee time', href: confirmation },
    { kind: 'link', label: 'My league: your membership, tee time and contact details', href: `${input.origin}/me` },
  ];
  return enqueueMessage(tx, {
    key: input.key ?? `receipt:${input.checkoutSessionId}`,
    kind: 'receipt',
    to: input.to,
    golferId: input.golferId,
    subject,
    ...built(subject, blocks, input.leagueName),
  });
}

/** The first league night on or after today (a date with no league is no night), or null when the season is over. */
function firstLeagueNight(entries: readonly ScheduleEntry[], today: string = todayInLeague()): string | null {
  const nights = entries
    .filter((e) => e.kind !== 'no-league' && e.date >= today)
    .map((e) => e.date)
    .sort();
  return nights[0] ?? null;
}

type TeeTimeConfirmationInput = {
  golferId: number;
  to: string;
  firstName: string | null;
  season: number;
  leagueName: string;
  /** The slot's `HH:mm`. */
  time: string;
  firstNight: string | null;
  /** The season's schedule as iCalendar text (app/models/schedule-calendar.server.ts). */
  calendar: string;
  origin: string;
};

/**
 * Everything the tee-time confirmation needs but the time, read before the change's transaction (on SQLite a plain
 * query waits for an open transaction to end, so none may run inside it).
 */
export async function teeTimeMailContext(
  registration: { golferId: number; email: string; season: number },
  origin: string,
): Promise<Omit<TeeTimeConfirmationInput, 'time'>> {
  const [golfer, settings, schedule, calendar] = await Promise.all([
    getGolfer(registration.golferId),
    getSettings(),
    getSchedule(registration.season),
    seasonCalendar(registration.season),
  ]);
  return {
    golferId: registration.golferId,
    to: registration.email,
    firstName: golfer?.firstName ?? null,
    season: registration.season,
    leagueName: settings.leagueName,
    firstNight: firstLeagueNight(schedule),
    calendar,
    origin,
  };
}

/**
 * Queues the confirmation of a standing tee time the golfer has just taken. Called only when the choice changed
 * something, inside that change's transaction (which holds the golfer's row): the key counts the golfer's
 * confirmations for the season, so each change sends one, and a reload or a repeated post, which changes nothing,
 * sends none (docs/decisions/083-automatic-messages.md).
 */
export async function enqueueTeeTimeConfirmation(tx: Tx, input: TeeTimeConfirmationInput): Promise<boolean> {
  const prefix = `tee-time:${input.golferId}:${input.season}:`;
  const earlier = await tx.outboxMessage.count({ where: { key: { startsWith: prefix } } });
  const time = formatTeeTime(input.time, 'table');
  const subject = `Your standing tee time: ${time} Mondays`;
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: greeting(input.firstName) },
    {
      kind: 'paragraph',
      text: `Your standing tee time for the ${input.season} ${input.leagueName} season is ${time} every Monday.`,
    },
    {
      kind: 'details',
      rows: [
        ['Tee time', `${time} Mondays`],
        [
          'First league night',
          input.firstNight
            ? formatRoundDate(input.firstNight, 'EEEE, MMMM d, yyyy')
            : 'The season has no more league nights',
        ],
      ],
    },
    { kind: 'link', label: 'League schedule', href: `${input.origin}/schedule` },
    { kind: 'link', label: 'Standing tee times', href: `${input.origin}/public/tee-times` },
    { kind: 'link', label: 'Change your tee time on My league', href: `${input.origin}/me` },
    {
      kind: 'paragraph',
      text: "The season's schedule is attached (schedule.ics): open it to add the league nights to your calendar.",
    },
  ];
  return enqueueMessage(tx, {
    key: `${prefix}${earlier + 1}:${input.time}`,
    kind: 'tee-time',
    to: input.to,
    golferId: input.golferId,
    subject,
    ...built(subject, blocks, input.leagueName),
    attachments: [{ filename: 'schedule.ics', contentType: 'text/calendar; charset=utf-8', content: input.calendar }],
  });
}

/**
 * Queues a golfer's sign-in code (docs/product/my-league.md#signing-in): the 6 digits and the one-click link, both
 * valid `minutes` and once. Sent to the address asked for, which belongs to one golfer or to several (a couple).
 */
export function enqueueSignInCode(
  tx: Tx,
  input: { id: string; to: string; code: string; link: string; leagueName: string; minutes: number },
): Promise<boolean> {
  const subject = `Your ${input.leagueName} sign-in code: ${input.code}`;
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: 'Hello,' },
    { kind: 'paragraph', text: `Your code to sign in to My league is ${input.code}.` },
    { kind: 'link', label: 'Or sign in with one click', href: input.link },
    {
      kind: 'paragraph',
      text: `The code and the link work once, for ${input.minutes} minutes. If you did not ask to sign in, ignore this email: nobody can sign in without it.`,
    },
  ];
  return enqueueMessage(tx, {
    key: `sign-in:${input.id}`,
    kind: 'sign-in',
    to: input.to,
    subject,
    ...built(subject, blocks, input.leagueName),
  });
}
