import { formatLeagueDateTime, formatRoundDate } from '~/domain/season';
import { type Job } from '~/domain/automation';
import { renderHtml, renderText, type EmailBlock } from '~/integrations/mail/layout';
import { courseForNight } from '~/models/scorecards.server';
import { db, selectWhereIn } from '~/db/db.server';

/*
 * What the scheduled jobs' emails share (docs/product/automation.md): the night, the labels, the greeting, the
 * course, the golfers' names and addresses, the outbox key. Each email is a file of its own beside this one; each
 * reads a fixed number of queries whatever the number of golfers, and the caller writes the deliveries in batches.
 */

export type NightInfo = { date: string; season: number; event: string };
export type EmailContext = { origin: string; keys: readonly string[]; now: Date };

export const nightLabel = (date: string) => formatRoundDate(date, 'EEEE, MMMM d');
export const whenLabel = (at: Date) => formatLeagueDateTime(at, "EEEE, MMMM d 'at' h:mm a");

export function built(subject: string, blocks: EmailBlock[], leagueName: string) {
  return { subject, text: renderText(blocks, leagueName), html: renderHtml(subject, blocks, leagueName) };
}

export function greeting(firstName: string): string {
  return firstName.trim() ? `Hello ${firstName.trim()},` : 'Hello,';
}

export async function courseName(date: string): Promise<string | null> {
  const id = await courseForNight(date);
  if (id === null) return null;
  return (await db.course.findUnique({ where: { id }, select: { courseName: true } }))?.courseName ?? null;
}

export type JobGolfer = {
  id: number;
  firstName: string;
  lastName: string;
  nickname: string | null;
  fullName: string;
  email: string | null;
  unsubscribedAt: Date | null;
  unsubscribeToken: string | null;
};

/**
 * The golfers of these ids, by id, in one query whatever their number: a league's every golfer is thousands of ids,
 * past what the database takes as the bound values of one `in` list.
 */
export async function golfersOf(ids: Iterable<number>): Promise<Map<number, JobGolfer>> {
  const rows = await selectWhereIn<JobGolfer>(
    db,
    'golfers',
    ['id', 'firstName', 'lastName', 'nickname', 'fullName', 'email', 'unsubscribedAt', 'unsubscribeToken'],
    'id',
    [...new Set(ids)],
  );
  return new Map(rows.map((g) => [g.id, g]));
}

/** Those of `golfers` who have an email (trimmed), and (`subscribed`) who have not unsubscribed from league messages. */
export function withEmail(
  golfers: Map<number, JobGolfer>,
  { subscribed = false }: { subscribed?: boolean } = {},
): Map<number, JobGolfer & { email: string }> {
  const out = new Map<number, JobGolfer & { email: string }>();
  for (const [id, g] of golfers) {
    const email = g.email?.trim();
    if (email && !(subscribed && g.unsubscribedAt !== null)) out.set(id, { ...g, email });
  }
  return out;
}

export const outboxKey = (job: Job, date: string, recipient: string) => `auto:${job}:${date}:${recipient}`;

/** The key of a delivery's text, beside its email's: the same prefix, so a run's batch skips it as it skips the email. */
export const textKey = (job: Job, date: string, recipient: string) => `${outboxKey(job, date, recipient)}:text`;
