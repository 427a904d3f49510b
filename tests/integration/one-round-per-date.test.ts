import { describe, expect, it } from 'vitest';
import { importJsonText } from '~/features/import/import.server';
import { createFlightAssignment } from '~/models/flights.server';
import { calculatePointsForDate } from '~/models/points.server';
import { createRound } from '~/models/rounds.server';
import { action as apiRoundById } from '~/routes/api.rounds.$id';
import { action as apiRoundsPost } from '~/routes/api.rounds';
import { action as pageAction, loader as pageLoader } from '~/routes/_admin.rounds';
import { db } from '~/db/db.server';
import { failureOf } from '~/web/http.server';
import { newGolfer } from './fixtures-league';
import { call, request, signIn } from './helpers';

// One round per golfer per date (docs/decisions/070-one-round-per-golfer-per-date.md) through the form, the API and
// the import, and the rounds the upgrade set aside. Dates in 2014, a year no other test plays in.
const message = 'This golfer already has a round on June 2, 2014';

describe('a second round of one golfer on one date', () => {
  it('is refused by the form with the message on the date field, and by the API with 409, saving nothing', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const kept = await createRound({ golferId: golfer.id, date: '2014-06-02', grossScore: 40 }, null);
    const other = await createRound({ golferId: golfer.id, date: '2014-06-09', grossScore: 42 }, null);
    const form = { golferId: String(golfer.id), date: '2014-06-02', season: '2014', grossScore: '44' };

    const created = await call(
      pageAction,
      request('/rounds?season=2014', { cookie, form: { intent: 'create', ...form } }),
    );
    expect(created.status).toBe(409);
    expect((await created.json()).result.error).toMatchObject({ '': [message], date: [message] });
    const moved = await call(
      pageAction,
      request('/rounds?season=2014', { cookie, form: { intent: 'update', id: String(other.id), ...form } }),
    );
    expect(moved.status).toBe(409);
    expect((await moved.json()).result.error).toMatchObject({ date: [message] });

    const json = { golferId: golfer.id, date: '2014-06-02', grossScore: 44 };
    const posted = await call(apiRoundsPost, request('/api/rounds', { cookie, json }));
    expect(posted.status).toBe(409);
    expect(await posted.json()).toEqual({ message, errors: { date: [message] } });
    const put = await call(apiRoundById, request(`/api/rounds/${other.id}`, { method: 'PUT', cookie, json }), {
      id: String(other.id),
    });
    expect(put.status).toBe(409);
    expect(await put.json()).toEqual({ message, errors: { date: [message] } });
    // Editing the round itself on its own date is no clash.
    const same = await call(apiRoundById, request(`/api/rounds/${kept.id}`, { method: 'PUT', cookie, json }), {
      id: String(kept.id),
    });
    expect(same.status).toBe(200);

    const rounds = await db.round.findMany({ where: { golferId: golfer.id }, orderBy: { date: 'asc' } });
    expect(rounds.map((r) => [r.date, r.grossScore])).toEqual([
      ['2014-06-02', 44],
      ['2014-06-09', 42],
    ]);
  });

  it('is a row error of an import when two rows of one file give the same golfer and date, importing none', async () => {
    const golfer = await newGolfer();
    const text = JSON.stringify([
      { golferId: golfer.id, date: '2014-06-02', grossScore: 40 },
      { golferId: golfer.id, date: '2014-06-16', grossScore: 41 },
      { golferId: golfer.id, date: '2014-06-02', grossScore: 42 },
    ]);
    const failure = await importJsonText('rounds', text, null).then(() => null, failureOf);
    expect(failure).toMatchObject({ status: 400, errors: { 'Item 3': [`${message} (item 1)`] } });
    expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
  });
});

/** A round the upgrade set aside (as the migration does: the round's own id, never a live round's). */
async function setAside(golferId: number, date: string, grossScore: number, extra: { points?: number } = {}) {
  const max = await db.round.aggregate({ _max: { id: true } });
  const maxSetAside = await db.setAsideRound.aggregate({ _max: { id: true } });
  const id = Math.max(max._max.id ?? 0, maxSetAside._max.id ?? 0) + 1_000_000;
  return db.setAsideRound.create({
    data: {
      id,
      golferId,
      date,
      season: Number(date.slice(0, 4)),
      grossScore,
      points: extra.points ?? null,
      notes: 'second card',
      createdAt: new Date(),
      recomputedAt: new Date(),
    },
  });
}

describe('rounds set aside by the upgrade, on /rounds', () => {
  it('are listed with the kept round, and "Use this one instead" swaps them, re-ranking a calculated date', async () => {
    const { cookie } = await signIn();
    const ann = await newGolfer();
    const bob = await newGolfer();
    for (const golfer of [ann, bob])
      await createFlightAssignment({ golferId: golfer.id, season: 2014, flightNo: '1' }, null);
    const anns = await createRound({ golferId: ann.id, date: '2014-07-07', grossScore: 44 }, null);
    const bobs = await createRound({ golferId: bob.id, date: '2014-07-07', grossScore: 40 }, null);
    await calculatePointsForDate('2014-07-07', null);
    const row = await setAside(ann.id, '2014-07-07', 36);

    try {
      const page = await call(pageLoader, request('/rounds?season=2014', { cookie }));
      const { setAside: listed } = await page.json();
      expect(listed).toContainEqual({
        id: row.id,
        golferId: ann.id,
        golferName: ann.fullName,
        date: '2014-07-07',
        grossScore: 36,
        points: null,
        notes: 'second card',
        kept: { id: anns.id, grossScore: 44, points: 23, notes: null },
      });

      const used = await call(
        pageAction,
        request('/rounds?season=2014', { cookie, form: { intent: 'use-set-aside', id: String(row.id) } }),
      );
      expect(used.status).toBe(302);
      expect(used.headers.get('Location')).toBe('/rounds?season=2014');
      const now = await db.round.findUniqueOrThrow({
        where: { golferId_date: { golferId: ann.id, date: '2014-07-07' } },
      });
      // Ann's 36 now counts and wins the night; her 44 is set aside in its place.
      expect(now).toMatchObject({ grossScore: 36, notes: 'second card', netScore: 36, points: 24 });
      expect((await db.round.findUniqueOrThrow({ where: { id: bobs.id } })).points).toBe(23);
      expect(await db.setAsideRound.findUnique({ where: { id: row.id } })).toBeNull();
      expect(await db.setAsideRound.findUniqueOrThrow({ where: { id: anns.id } })).toMatchObject({
        golferId: ann.id,
        date: '2014-07-07',
        grossScore: 44,
        points: 23,
      });

      const discarded = await call(
        pageAction,
        request('/rounds?season=2014', { cookie, form: { intent: 'discard-set-aside', id: String(anns.id) } }),
      );
      expect(discarded.status).toBe(302);
      expect(await db.setAsideRound.count({ where: { golferId: ann.id } })).toBe(0);
      expect(await db.round.count({ where: { golferId: ann.id } })).toBe(1);
    } finally {
      // Other tests' /rounds pages must not show these.
      await db.setAsideRound.deleteMany({ where: { golferId: ann.id } });
    }
  });

  it('answers a set-aside round that is gone with 404 and a message, changing nothing', async () => {
    const { cookie } = await signIn();
    for (const intent of ['use-set-aside', 'discard-set-aside']) {
      const res = await call(pageAction, request('/rounds', { cookie, form: { intent, id: '999999999' } }));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ intent, message: 'Set-aside round not found' });
      const bad = await call(pageAction, request('/rounds', { cookie, form: { intent, id: 'x' } }));
      expect(bad.status).toBe(400);
    }
  });
});
