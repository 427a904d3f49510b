import { randomBytes } from 'node:crypto';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';

/**
 * A golfer's own calendar feed, /calendar/{token}.ics (docs/product/my-league.md#my-calendar,
 * docs/decisions/157-a-golfers-own-calendar.md): its secret address, and the version each night's event was last
 * served in, so a changed night gets a higher SEQUENCE.
 */

/** 32 random bytes, base64url: 43 characters. Anything else is not a calendar token and is never looked up. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The golfer's calendar token, made when first needed (two requests at once both end with the one row kept). */
export async function calendarTokenOf(golferId: number, client: Tx = db): Promise<string> {
  const found = await client.golferCalendar.findUnique({ where: { golferId }, select: { token: true } });
  if (found) return found.token;
  try {
    const created = await client.golferCalendar.create({
      data: { golferId, token: newToken() },
      select: { token: true },
    });
    return created.token;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const again = await client.golferCalendar.findUniqueOrThrow({ where: { golferId }, select: { token: true } });
    return again.token;
  }
}

/** 'New calendar link': a new token, which ends the old address at once. */
export async function replaceCalendarToken(golferId: number, client: Tx = db): Promise<string> {
  const token = newToken();
  await client.golferCalendar.upsert({
    where: { golferId },
    create: { golferId, token },
    update: { token, createdAt: new Date() },
    select: { golferId: true },
  });
  return token;
}

/** The golfer whose calendar this token opens; null for anything else (a replaced, tampered or made-up token). */
export async function golferOfCalendarToken(token: string, client: Tx = db): Promise<number | null> {
  if (!TOKEN.test(token)) return null;
  const row = await client.golferCalendar.findUnique({ where: { token }, select: { golferId: true } });
  return row?.golferId ?? null;
}

/** One event of a golfer's feed as the versions see it: its UID and a fingerprint of everything it shows. */
export type EventContent = { uid: string; fingerprint: string };
export type EventVersion = { sequence: number; changedAt: Date };

type Stored = { id: number; uid: string; sequence: number; fingerprint: string; changedAt: Date };

const storedSelect = { id: true, uid: true, sequence: true, fingerprint: true, changedAt: true } as const;

function needsWrite(events: readonly EventContent[], stored: ReadonlyMap<string, Stored>): boolean {
  return events.some((event) => stored.get(event.uid)?.fingerprint !== event.fingerprint);
}

/**
 * The version of each event: what the feed served before when the event shows the same (its fingerprint), else a new
 * version, one SEQUENCE higher and changed `now` (version 0 for an event served the first time). A fetch that finds
 * nothing changed writes nothing. Two fetches at once on several processes: the update is conditional on the
 * fingerprint it replaces, so a change is counted once, and the versions are read back after the writes.
 */
export async function eventVersions(
  golferId: number,
  events: readonly EventContent[],
  now: Date,
): Promise<Map<string, EventVersion>> {
  const read = async (client: Tx) =>
    new Map(
      (await client.golferCalendarEvent.findMany({ where: { golferId }, select: storedSelect })).map((row) => [
        row.uid,
        row,
      ]),
    );
  let stored = await read(db);
  if (needsWrite(events, stored)) {
    const write = () =>
      inTransaction(db, async (tx) => {
        const before = await read(tx);
        const fresh = events.filter((event) => !before.has(event.uid));
        if (fresh.length > 0)
          await tx.golferCalendarEvent.createMany({
            data: fresh.map(({ uid, fingerprint }) => ({ golferId, uid, fingerprint, sequence: 0, changedAt: now })),
          });
        for (const event of events) {
          const row = before.get(event.uid);
          if (!row || row.fingerprint === event.fingerprint) continue;
          await tx.golferCalendarEvent.updateMany({
            where: { id: row.id, fingerprint: row.fingerprint },
            data: { fingerprint: event.fingerprint, sequence: { increment: 1 }, changedAt: now },
          });
        }
        return read(tx);
      });
    try {
      stored = await write();
    } catch (error) {
      // Another fetch served these new events first: theirs are the versions now; count any change from there.
      if (!isUniqueViolation(error)) throw error;
      stored = await write();
    }
  }
  return new Map(
    events.map((event) => {
      const row = stored.get(event.uid);
      return [event.uid, { sequence: row?.sequence ?? 0, changedAt: row?.changedAt ?? now }];
    }),
  );
}
