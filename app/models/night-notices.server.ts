import { auditNote, auditUpdated, recordAudit, type Actor } from '~/db/audit.server';
import { db, type Tx } from '~/db/db.server';

/**
 * A night's rain-out flag as the one-press rain-out writes it, and what an administrator sent to a night's golfers
 * (docs/decisions/176-rain-out-in-one-press.md, 178-urgent-notices.md): a rain-out, its correction, an urgent notice.
 * The outbox messages of a notice have keys starting with `noticePrefix(id)`, written in the notice's transaction.
 */

export type NightNoticeKind = 'rain-out' | 'rain-out-undone' | 'notice';

/** The outbox keys of one notice's messages start with this. */
export const noticePrefix = (id: number) => `night:${id}:`;

/**
 * Marks the night rained out (or not) only when it is not (or is) already: a conditional update, so of two presses at
 * once, in one process or two, exactly one changes it, and only that one goes on to queue the messages. A change
 * is a new version of the night's calendar event (its SEQUENCE up). Answers the new version, or null when the night
 * was already so.
 */
export async function switchRainOut(
  tx: Tx,
  entry: { id: number; date: string },
  rainOut: boolean,
  actor: Actor | null,
): Promise<number | null> {
  const { count } = await tx.scheduleEntry.updateMany({
    where: { id: entry.id, rainOut: !rainOut },
    data: { rainOut, sequence: { increment: 1 }, changedAt: new Date() },
  });
  if (count !== 1) return null;
  const target = { entity: 'scheduleEntry', id: entry.id, labelField: 'date' };
  await recordAudit(tx, actor, auditUpdated(target, { date: entry.date, rainOut: !rainOut }, { rainOut }));
  const { sequence } = await tx.scheduleEntry.findUniqueOrThrow({
    where: { id: entry.id },
    select: { sequence: true },
  });
  return sequence;
}

/**
 * Records a notice; null when its request key is taken (the same press again: a double submit, a second tab), so
 * the caller queues nothing.
 */
export async function createNotice(
  tx: Tx,
  input: { date: string; kind: NightNoticeKind; text: string; requestKey: string; golfers: number },
  actor: Actor | null,
): Promise<{ id: number } | null> {
  const taken = await tx.nightNotice.findUnique({ where: { requestKey: input.requestKey }, select: { id: true } });
  if (taken) return null;
  const notice = await tx.nightNotice.create({
    data: { ...input, createdBy: actor?.username ?? null },
    select: { id: true },
  });
  const summary = `${input.kind === 'notice' ? 'Urgent notice' : input.kind === 'rain-out' ? 'Rain-out' : 'Rain-out undone'} of ${input.date} to ${input.golfers} golfers`;
  await recordAudit(
    tx,
    actor,
    auditNote({ action: 'send', entity: 'nightNotice', entityId: String(notice.id), summary }),
  );
  return notice;
}

/** The latest rain-out notice of a night, whose golfers a correction goes to. */
export function lastRainOutNotice(date: string, client: Tx = db) {
  return client.nightNotice.findFirst({
    where: { date, kind: 'rain-out' },
    orderBy: { id: 'desc' },
    select: { id: true },
  });
}

/** The golfers a notice's messages went to (each once, whatever the channels). */
export async function noticeGolferIds(noticeId: number, client: Tx = db): Promise<number[]> {
  const rows = await client.outboxMessage.findMany({
    where: { key: { startsWith: noticePrefix(noticeId) }, golferId: { not: null } },
    select: { golferId: true },
    distinct: ['golferId'],
  });
  return rows.map((r) => r.golferId!);
}

type NoticeSend = { golferName: string; channel: string; status: string; lastError: string | null };
export type NoticeWithSends = {
  id: number;
  text: string;
  createdAt: Date;
  createdBy: string | null;
  sends: NoticeSend[];
};

/** A night's urgent notices, newest first, each with its sends (who, channel, status): two queries. */
export async function noticesOf(date: string, client: Tx = db): Promise<NoticeWithSends[]> {
  const notices = await client.nightNotice.findMany({
    where: { date, kind: 'notice' },
    orderBy: { id: 'desc' },
    select: { id: true, text: true, createdAt: true, createdBy: true },
  });
  if (notices.length === 0) return [];
  const sends = await client.outboxMessage.findMany({
    where: { OR: notices.map((n) => ({ key: { startsWith: noticePrefix(n.id) } })) },
    select: { key: true, channel: true, status: true, lastError: true, golferId: true },
    orderBy: { id: 'asc' },
  });
  const golferIds = [...new Set(sends.flatMap((s) => (s.golferId === null ? [] : [s.golferId])))];
  const golfers = await client.golfer.findMany({
    where: { id: { in: golferIds } },
    select: { id: true, fullName: true },
  });
  const nameOf = new Map(golfers.map((g) => [g.id, g.fullName]));
  return notices.map((notice) => ({
    ...notice,
    sends: sends
      .filter((s) => s.key.startsWith(noticePrefix(notice.id)))
      .map((s) => ({
        golferName: (s.golferId !== null && nameOf.get(s.golferId)) || 'A golfer no longer on file',
        channel: s.channel,
        status: s.status,
        lastError: s.lastError,
      })),
  }));
}
