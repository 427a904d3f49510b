import { describe, expect, it } from 'vitest';
import { db } from '~/db/db.server';
import * as apiMe from '~/routes/api.me';
import * as availabilityApi from '~/routes/api.me.availability.$date';
import * as mePage from '~/routes/_public.me._index';
import { call, request, signInGolfer } from './helpers';
import { golferWith, leagueWithNights } from './subs-cases';

// GET /api/me carries the upcoming nights /me shows (docs/product/my-league.md#api): a client reads them from the
// API, not from the page. A season of its own, far enough ahead that its nights are upcoming whenever the tests run.
const YEAR = 2091;

describe('GET /api/me', () => {
  it("carries the golfer's upcoming nights, the same as /me shows, with In/Out and whether each can still change", async () => {
    await leagueWithNights(YEAR, [`${YEAR}-06-04`, `${YEAR}-06-11`]);
    const golfer = await golferWith(db, { season: YEAR, time: '17:10' });
    const cookie = await signInGolfer(golfer.id);
    const date = `${YEAR}-06-04`;
    const out = request(`/api/me/availability/${date}`, { method: 'PUT', cookie, json: { status: 'out' } });
    expect((await call(availabilityApi.action, out, { date })).status).toBe(200);

    const api = await call(apiMe.loader, request('/api/me', { cookie }));
    expect(api.status).toBe(200);
    const body = (await api.json()) as { golfer: { id: number }; nights: { nights: { date: string }[] } };
    expect(body.golfer.id).toBe(golfer.id);
    expect(body.nights.nights.filter((n) => n.date.startsWith(`${YEAR}-`))).toEqual([
      expect.objectContaining({ date: `${YEAR}-06-04`, status: 'out', open: true, time: '5:10 PM' }),
      expect.objectContaining({ date: `${YEAR}-06-11`, status: 'in', open: true, time: '5:10 PM' }),
    ]);
    const page = await call(mePage.loader, request('/me', { cookie }));
    expect(((await page.json()) as { nights: unknown }).nights).toEqual(body.nights);
  });
});
