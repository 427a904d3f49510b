import { describe, expect, it } from 'vitest';
import { ConflictError } from '~/domain/errors';
import { currentSeason } from '~/domain/season';
import { createGolfer } from '~/models/golfers.server';
import { recomputeHandicaps } from '~/models/handicaps.server';
import {
  createMembership,
  deleteMembership,
  listMemberships,
  membershipTotals,
  updateMembership,
  upsertMembership,
} from '~/models/memberships.server';
import { action as pageAction, loader as pageLoader } from '~/routes/_admin.memberships';
import { action as apiMembershipAction, loader as apiMembershipLoader } from '~/routes/api.memberships.$id';
import { action as apiMembershipsAction, loader as apiMembershipsLoader } from '~/routes/api.memberships';
import { db, queryCount } from '~/db/db.server';
import { failureOf } from '~/web/http.server';
import { call, failureFrom, request, signIn, toastOf, unique } from './helpers';

async function golfer(lastName = unique('Member')) {
  return createGolfer({ firstName: 'Mem', lastName }, null);
}

const base = { registered: false, paid: false } as const;

describe('membership model', () => {
  it('sets the registration datetime when marked registered, keeps it on later edits and clears it when un-registered', async () => {
    const g = await golfer();
    const unregistered = await createMembership({ ...base, golferId: g.id, season: 2024 }, null);
    expect(unregistered.registrationDatetime).toBeNull();
    const before = Date.now();
    const registered = await updateMembership(
      unregistered.id,
      {
        ...base,
        golferId: g.id,
        season: 2024,
        registered: true,
      },
      null,
    );
    expect(registered.registrationDatetime!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const paid = await updateMembership(
      unregistered.id,
      {
        golferId: g.id,
        season: 2024,
        registered: true,
        paid: true,
      },
      null,
    );
    expect(paid.registrationDatetime).toEqual(registered.registrationDatetime);
    const cleared = await updateMembership(
      unregistered.id,
      { ...base, golferId: g.id, season: 2024, paid: true },
      null,
    );
    expect(cleared.registrationDatetime).toBeNull();
    expect(cleared.paid).toBe(true);
  });

  it('allows one membership per golfer and season: a second is a 409 naming the golfer', async () => {
    const g = await golfer();
    await createMembership({ ...base, golferId: g.id, season: 2025 }, null);
    const error = await createMembership({ ...base, golferId: g.id, season: 2025 }, null).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(failureOf(error)).toMatchObject({
      status: 409,
      message: `${g.fullName} already has a membership for the 2025 season`,
    });
    const other = await createMembership({ ...base, golferId: g.id, season: 2024 }, null);
    const moved = updateMembership(other.id, { ...base, golferId: g.id, season: 2025 }, null);
    expect((await failureFrom(moved))?.status).toBe(409);
    expect(await db.membership.count({ where: { golferId: g.id } })).toBe(2);
  });

  it('refuses a golfer that does not exist with 400, and a missing membership with 404', async () => {
    expect((await failureFrom(createMembership({ ...base, golferId: 999_999, season: 2025 }, null)))?.status).toBe(400);
    const g = await golfer();
    expect(
      (await failureFrom(updateMembership(999_999, { ...base, golferId: g.id, season: 2025 }, null)))?.status,
    ).toBe(404);
    expect((await failureFrom(deleteMembership(999_999, null)))?.status).toBe(404);
  });

  it("recomputes the golfer's handicaps when the estimated score is set, changed or deleted", async () => {
    const g = await golfer();
    const round = await db.round.create({ data: { golferId: g.id, date: '2025-06-02', season: 2025, grossScore: 45 } });
    await recomputeHandicaps(db, [g.id]);
    const hcp = async () =>
      db.round.findUniqueOrThrow({ where: { id: round.id }, select: { hcpIndexBefore: true, hcpIndexAfter: true } });
    // No estimate: nothing before the round; after it round(0.8 * 9) = 7.
    expect(await hcp()).toEqual({ hcpIndexBefore: null, hcpIndexAfter: 7 });
    const m = await createMembership({ ...base, golferId: g.id, season: 2025, estimatedScore: 40 }, null);
    // Three entries of 40 at par 36 (differential 4): before round(3.2) = 3; after round(0.8 * 21 / 4) = 4.
    expect(await hcp()).toEqual({ hcpIndexBefore: 3, hcpIndexAfter: 4 });
    await updateMembership(m.id, { ...base, golferId: g.id, season: 2025, estimatedScore: 46 }, null);
    // Differential 10: before 8; after round(0.8 * 39 / 4) = 8.
    expect(await hcp()).toEqual({ hcpIndexBefore: 8, hcpIndexAfter: 8 });
    await deleteMembership(m.id, null);
    expect(await hcp()).toEqual({ hcpIndexBefore: null, hcpIndexAfter: 7 });
  });

  it('upserts by golfer and season, keeping the registration datetime unless one is given', async () => {
    const g = await golfer();
    const when = new Date('2025-03-01T15:30:00Z');
    const first = await upsertMembership(
      {
        golferId: g.id,
        season: 2023,
        registered: true,
        paid: false,
        registrationDatetime: when,
      },
      null,
    );
    expect(first.registrationDatetime).toEqual(when);
    const second = await upsertMembership(
      {
        golferId: g.id,
        season: 2023,
        registered: true,
        paid: true,
        estimatedScore: 50,
      },
      null,
    );
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ paid: true, estimatedScore: 50, registrationDatetime: when });
    // A file row with only golferId and season leaves the rest as it was.
    const third = await upsertMembership(
      { golferId: g.id, season: 2023, registered: false, paid: false },
      null,
      db,
      new Set(['golferId', 'season']),
    );
    expect(third).toMatchObject({ registered: true, paid: true, estimatedScore: 50, registrationDatetime: when });
  });

  it('lists a season newest registration first with undated rows last, and counts the tiles', async () => {
    const season = 2022;
    const [a, b, c] = await Promise.all([golfer('Aaa'), golfer('Bbb'), golfer('Ccc')]);
    await createMembership(
      {
        golferId: a.id,
        season,
        registered: true,
        paid: true,
        registrationDatetime: new Date('2022-04-01T12:00:00Z'),
      },
      null,
    );
    await createMembership({ golferId: b.id, season, registered: false, paid: false }, null);
    await createMembership(
      {
        golferId: c.id,
        season,
        registered: true,
        paid: false,
        registrationDatetime: new Date('2022-05-01T12:00:00Z'),
      },
      null,
    );
    const rows = await listMemberships(season);
    expect(rows.map((r) => r.golferId)).toEqual([c.id, a.id, b.id]);
    expect(membershipTotals(rows)).toEqual({ total: 3, registered: 2, paid: 1 });
  });
});

describe('/memberships page', () => {
  it('sends anonymous visitors to /auth', async () => {
    expect((await call(pageLoader, request('/memberships'))).status).toBe(302);
    expect((await call(pageAction, request('/memberships', { form: { intent: 'create' } }))).status).toBe(302);
  });

  it('shows the chosen season (the current one by default) and searches it on the server by ?q=, any case', async () => {
    const { cookie } = await signIn();
    const tag = unique('Findme');
    const g = await golfer(tag);
    await createMembership({ ...base, golferId: g.id, season: currentSeason() - 1 }, null);
    const current = await (await call(pageLoader, request('/memberships', { cookie }))).json();
    expect(current.season).toBe(currentSeason());
    expect(current.seasons).toEqual([currentSeason(), currentSeason() - 1, currentSeason() - 2]);
    const other = await golfer();
    await createMembership({ ...base, golferId: other.id, season: currentSeason() - 1 }, null);
    const last = await (
      await call(pageLoader, request(`/memberships?season=${currentSeason() - 1}&q=${tag.toUpperCase()}`, { cookie }))
    ).json();
    expect(last.q).toBe(tag.toUpperCase());
    expect(last.memberships.rows.map((m: { golferId: number }) => m.golferId)).toEqual([g.id]);
    // The tiles count the whole season, whatever the search.
    expect(last.memberships.totals.total).toBeGreaterThanOrEqual(2);
  });

  it('creates with the toggles, updates and deletes with the documented toasts', async () => {
    const { cookie } = await signIn();
    const g = await golfer();
    const season = currentSeason();
    const created = await call(
      pageAction,
      request(`/memberships?season=${season}&action=new`, {
        cookie,
        form: {
          intent: 'create',
          golferId: String(g.id),
          season: String(season),
          registered: 'on',
          estimatedScore: '38',
        },
      }),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get('Location')).toBe(`/memberships?season=${season}`);
    expect(await toastOf(created)).toEqual({
      type: 'success',
      title: 'Success',
      description: 'Membership created successfully',
    });
    const m = await db.membership.findFirstOrThrow({ where: { golferId: g.id } });
    expect(m).toMatchObject({ registered: true, paid: false, estimatedScore: 38 });
    expect(m.registrationDatetime).not.toBeNull();

    const updated = await call(
      pageAction,
      request('/memberships', {
        cookie,
        form: {
          intent: 'update',
          id: String(m.id),
          golferId: String(g.id),
          season: String(season),
          registered: 'on',
          paid: 'on',
          estimatedScore: '',
        },
      }),
    );
    expect(await toastOf(updated)).toMatchObject({ description: 'Membership updated successfully' });
    expect(await db.membership.findUniqueOrThrow({ where: { id: m.id } })).toMatchObject({
      paid: true,
      estimatedScore: null,
    });

    const deleted = await call(
      pageAction,
      request('/memberships', { cookie, form: { intent: 'delete', id: String(m.id) } }),
    );
    expect(await toastOf(deleted)).toMatchObject({ description: 'Membership deleted successfully' });
    expect(await db.membership.findUnique({ where: { id: m.id } })).toBeNull();
  });

  it('answers a second membership for the same season with 409 and a clear message, not a 500', async () => {
    const { cookie } = await signIn();
    const g = await golfer();
    await createMembership({ ...base, golferId: g.id, season: 2025 }, null);
    const res = await call(
      pageAction,
      request('/memberships', { cookie, form: { intent: 'create', golferId: String(g.id), season: '2025' } }),
    );
    expect(res.status).toBe(409);
    const { result } = await res.json();
    expect(result.error['']).toEqual([`${g.fullName} already has a membership for the 2025 season`]);
  });

  it('refuses a missing golfer and an estimated score outside 27 to 65 with 400', async () => {
    const { cookie } = await signIn();
    const res = await call(
      pageAction,
      request('/memberships', {
        cookie,
        form: { intent: 'create', golferId: '', season: '2025', estimatedScore: '70' },
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).result.error).toMatchObject({
      golferId: ['Please select a golfer'],
      estimatedScore: ['Estimated score must be a whole number from 27 to 65'],
    });
  });

  it('renders 5 or 500 memberships with the same number of queries, 50 to a page, newest registration first', async () => {
    const { cookie } = await signIn();
    const season = 2021;
    const make = async (n: number, from: number) => {
      await db.golfer.createMany({
        data: Array.from({ length: n }, (_, i) => ({
          firstName: 'Bulk',
          lastName: `M${from + i}`,
          fullName: `Bulk M${from + i}`,
        })),
      });
      const made = await db.golfer.findMany({
        where: { lastName: { in: Array.from({ length: n }, (_, i) => `M${from + i}`) } },
        select: { id: true },
      });
      await db.membership.createMany({
        data: made.map((g, i) => ({
          golferId: g.id,
          season,
          registered: i % 2 === 0,
          paid: i % 3 === 0,
          registrationDatetime: i % 4 === 0 ? null : new Date(Date.UTC(2021, 3, 1, 0, i)),
        })),
      });
    };
    const count = async () => {
      const start = queryCount();
      const res = await call(pageLoader, request(`/memberships?season=${season}`, { cookie }));
      expect(res.status).toBe(200);
      const { memberships } = (await res.json()) as {
        memberships: { rows: { registrationDatetime: string | null }[]; total: number };
      };
      return { queries: queryCount() - start, rows: memberships.rows.length, total: memberships.total };
    };
    await make(5, 0);
    const small = await count();
    await make(495, 5);
    const large = await count();
    expect(small).toMatchObject({ rows: 5, total: 5 });
    expect(large).toMatchObject({ rows: 50, total: 500 });
    expect(large.queries).toBe(small.queries);
    const first = (await (await call(pageLoader, request(`/memberships?season=${season}`, { cookie }))).json()) as {
      memberships: { rows: { registrationDatetime: string | null }[] };
    };
    const dates = first.memberships.rows.map((m) => m.registrationDatetime!);
    expect(dates).toEqual([...dates].sort().reverse());
    const lastPage = (await (
      await call(pageLoader, request(`/memberships?season=${season}&page=10`, { cookie }))
    ).json()) as { memberships: { rows: { registrationDatetime: string | null }[] } };
    // Undated memberships come last.
    expect(lastPage.memberships.rows.at(-1)?.registrationDatetime).toBeNull();
  });
});

describe('/api/memberships', () => {
  it('answers anonymous requests with 401', async () => {
    expect((await call(apiMembershipsLoader, request('/api/memberships'))).status).toBe(401);
    expect((await call(apiMembershipsAction, request('/api/memberships', { json: {} }))).status).toBe(401);
    expect(
      (await call(apiMembershipAction, request('/api/memberships/1', { method: 'PUT', json: {} }), { id: '1' })).status,
    ).toBe(401);
  });

  it('creates (201), lists by season, updates and deletes (204)', async () => {
    const { cookie } = await signIn({ isAdmin: false });
    const g = await golfer();
    const created = await call(
      apiMembershipsAction,
      request('/api/memberships', {
        cookie,
        json: { golferId: g.id, season: 2020, registered: true, paid: false, estimatedScore: null },
      }),
    );
    expect(created.status).toBe(201);
    const m = await created.json();
    expect(m).toMatchObject({
      golferId: g.id,
      golferName: g.fullName,
      season: 2020,
      registered: true,
      paid: false,
      estimatedScore: null,
    });
    expect(typeof m.registrationDatetime).toBe('string');

    const list = await (await call(apiMembershipsLoader, request('/api/memberships?season=2020', { cookie }))).json();
    expect(list.map((r: { id: number }) => r.id)).toContain(m.id);
    expect(list.every((r: { season: number }) => r.season === 2020)).toBe(true);

    const put = await call(
      apiMembershipAction,
      request(`/api/memberships/${m.id}`, {
        method: 'PUT',
        cookie,
        json: { golferId: g.id, season: 2020, registered: true, paid: true, estimatedScore: 41 },
      }),
      { id: String(m.id) },
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({
      paid: true,
      estimatedScore: 41,
      registrationDatetime: m.registrationDatetime,
    });

    const del = await call(apiMembershipAction, request(`/api/memberships/${m.id}`, { method: 'DELETE', cookie }), {
      id: String(m.id),
    });
    expect(del.status).toBe(204);
    expect(
      (await call(apiMembershipLoader, request(`/api/memberships/${m.id}`, { cookie }), { id: String(m.id) })).status,
    ).toBe(404);
  });

  it('answers 400 for bad bodies, seasons and ids, 404 for missing memberships and 409 for duplicates', async () => {
    const { cookie } = await signIn();
    const g = await golfer();
    const bad = await call(
      apiMembershipsAction,
      request('/api/memberships', { cookie, json: { season: 'soon', registered: 'maybe', estimatedScore: 20 } }),
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toMatchObject({
      golferId: ['Please select a golfer'],
      season: ['Season must be a whole number from 2000 to 2100'],
      registered: ['Registered must be yes or no'],
      estimatedScore: ['Estimated score must be a whole number from 27 to 65'],
    });
    expect((await call(apiMembershipsLoader, request('/api/memberships?season=abc', { cookie }))).status).toBe(400);
    expect(
      (await call(apiMembershipAction, request('/api/memberships/1.5', { method: 'DELETE', cookie }), { id: '1.5' }))
        .status,
    ).toBe(400);
    expect(
      (
        await call(apiMembershipAction, request('/api/memberships/765432', { method: 'DELETE', cookie }), {
          id: '765432',
        })
      ).status,
    ).toBe(404);
    const ghost = await call(
      apiMembershipsAction,
      request('/api/memberships', { cookie, json: { golferId: 999_999, season: 2025 } }),
    );
    expect(ghost.status).toBe(400);

    const body = { golferId: g.id, season: 2019, registered: false, paid: false };
    expect((await call(apiMembershipsAction, request('/api/memberships', { cookie, json: body }))).status).toBe(201);
    const dup = await call(apiMembershipsAction, request('/api/memberships', { cookie, json: body }));
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe(`${g.fullName} already has a membership for the 2019 season`);
  });
});
