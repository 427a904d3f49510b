import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { leagueNight } from './automation-cases';
import { withPostgres } from './pg-server';
import { startingGate } from './child-module';
import { pressInChild } from './rain-out-helpers';
import { newMobile, textsOnFor } from './text-helpers';

// The rain-out's exactly-once on PostgreSQL, where two server processes really press at the same moment
// (docs/decisions/176-rain-out-in-one-press.md, 178): 'Rain out this night', 'Not rained out after all' and an urgent
// notice, each pressed in two processes at once, reach each golfer once per channel.

let db: Db;
withPostgres((ready) => (db = ready));

const TODAY = '2026-01-01';

/** Each golfer's messages of `kind`, per channel: every golfer must have exactly `expected`. */
async function countsOf(kind: string, golferIds: number[]) {
  const rows = await db.outboxMessage.findMany({ where: { kind, golferId: { in: golferIds } } });
  return golferIds.map((id) => ({
    email: rows.filter((r) => r.golferId === id && r.channel === 'email').length,
    text: rows.filter((r) => r.golferId === id && r.channel === 'text').length,
  }));
}

describe('PostgreSQL: a rain-out pressed in two processes at once', () => {
  it('tells each golfer once, and its undo sends one correction, however many press', async () => {
    const [{ version }] = await db.$queryRawUnsafe<{ version: string }[]>('SELECT version() AS version');
    expect(version).toMatch(/^PostgreSQL/);
    const { date, golfers } = await leagueNight(db, 3201, 8);
    for (const g of golfers.slice(0, 4)) await textsOnFor(db, g.id, newMobile());
    const ids = golfers.map((g) => g.id);
    const once = ids.map((_, i) => ({ email: 1, text: i < 4 ? 1 : 0 }));

    let gate = startingGate(2);
    const pressed = (await Promise.all([
      pressInChild({ date, rainOut: true, today: TODAY }, gate),
      pressInChild({ date, rainOut: true, today: TODAY }, gate),
    ])) as { changed: boolean }[];
    expect(pressed.map((p) => p.changed).sort()).toEqual([false, true]);
    expect(await countsOf('rain-out', ids)).toEqual(once);
    expect((await db.scheduleEntry.findFirstOrThrow({ where: { date } })).rainOut).toBe(true);

    gate = startingGate(2);
    const undone = (await Promise.all([
      pressInChild({ date, rainOut: false, today: TODAY }, gate),
      pressInChild({ date, rainOut: false, today: TODAY }, gate),
    ])) as { changed: boolean }[];
    expect(undone.map((p) => p.changed).sort()).toEqual([false, true]);
    expect(await countsOf('rain-out-undone', ids)).toEqual(once);
    expect(await db.nightNotice.count({ where: { date } })).toBe(2);
  }, 120_000);

  it('an urgent notice sent twice at once (a double submit on two processes) goes once', async () => {
    const { date, golfers } = await leagueNight(db, 3202, 6);
    for (const g of golfers.slice(0, 2)) await textsOnFor(db, g.id, newMobile());
    const ids = golfers.map((g) => g.id);
    const press = {
      date,
      notice: 'Frost delay: first tee time 5:42 PM',
      requestKey: 'pg-notice-key-0123456789',
      today: date,
    };
    const gate = startingGate(2);
    const results = (await Promise.all([pressInChild(press, gate), pressInChild(press, gate)])) as {
      sent: boolean;
    }[];
    // One sends; the other finds the key taken (or, pressed at the very same instant, its insert refused): nothing.
    expect(results.map((r) => r.sent).sort()).toEqual([false, true]);
    expect(await countsOf('notice', ids)).toEqual(ids.map((_, i) => ({ email: 1, text: i < 2 ? 1 : 0 })));
    expect(await db.nightNotice.count({ where: { date, kind: 'notice' } })).toBe(1);
  }, 120_000);
});
