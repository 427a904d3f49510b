import { beforeAll, describe, expect, it } from 'vitest';
import { currentSeason } from '~/domain/season';
import { findGolferChoices, type GolferChoices } from '~/models/golfers.server';
import { createMembership } from '~/models/memberships.server';
import { createRound } from '~/models/rounds.server';
import { loader as flightsLoader } from '~/routes/_admin.flights';
import { loader as membershipsLoader } from '~/routes/_admin.memberships';
import { loader as roundsLoader } from '~/routes/_admin.rounds';
import { action as choicesAction, loader as choicesLoader } from '~/routes/api.golfer-choices';
import { db, queryCount } from '~/db/db.server';
import { call, request, signIn, unique } from './helpers';

// docs/decisions/105-golfer-picker.md: the Golfer field of the round, membership and flight dialogs lists at most 100.

const prefix = unique('Pick');
/** Golfer n of 150 (1-based), last name `${prefix}001`…`${prefix}150`: sorted by name, 101 to 150 are past the list. */
const lastName = (n: number) => `${prefix}${String(n).padStart(3, '0')}`;
let ids: number[] = [];
let cookie = '';

beforeAll(async () => {
  await db.golfer.createMany({
    data: Array.from({ length: 150 }, (_, i) => ({
      firstName: 'Ann',
      lastName: lastName(i + 1),
      fullName: `Ann ${lastName(i + 1)}`,
      nickname: i === 139 ? `Ace${prefix}` : null,
    })),
  });
  const rows = await db.golfer.findMany({ where: { lastName: { startsWith: prefix } }, orderBy: { lastName: 'asc' } });
  ids = rows.map((g) => g.id);
  ({ cookie } = await signIn());
});

const numbers = (choices: GolferChoices) => choices.golfers.map((g) => ids.indexOf(g.id) + 1);

describe('findGolferChoices', () => {
  it('lists the first 100 by name with the number that matched, in a fixed number of queries', async () => {
    const start = queryCount();
    const all = await findGolferChoices('');
    expect(queryCount() - start).toBeLessThanOrEqual(3);
    expect(all.golfers).toHaveLength(100);
    expect(all).toMatchObject({ matched: await db.golfer.count(), limit: 100, search: '' });

    const ours = await findGolferChoices(` ${prefix} `);
    expect(ours).toMatchObject({ matched: 150, limit: 100, search: prefix });
    expect(numbers(ours)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(ours.golfers[0]).toEqual({ id: ids[0], fullName: `Ann ${lastName(1)}` });
  });

  it('finds a golfer past the first 100 by last name, full name or nickname', async () => {
    expect(numbers(await findGolferChoices(lastName(150)))).toEqual([150]);
    expect(numbers(await findGolferChoices(`ann ${lastName(149).toLowerCase()}`))).toEqual([149]);
    expect(numbers(await findGolferChoices(`ace${prefix}`))).toEqual([140]);
    expect(await findGolferChoices(`${prefix}zzz`)).toMatchObject({ golfers: [], matched: 0 });
  });

  it('always lists the included golfers, in their place by name, once', async () => {
    const choices = await findGolferChoices(prefix, [ids[149], ids[0], null, undefined, 0, -3, 999_999_999]);
    expect(choices.matched).toBe(150);
    expect(numbers(choices)).toEqual([...Array.from({ length: 100 }, (_, i) => i + 1), 150]);
    const other = await findGolferChoices(lastName(7), [ids[120]]);
    expect(numbers(other)).toEqual([7, 121]);
    expect(other.matched).toBe(1);
  });
});

describe('the dialogs', () => {
  type Page = { golfers: (GolferChoices & { chosen: number | null }) | null };
  async function golfersOf(loader: Parameters<typeof call>[0], path: string) {
    const res = await call(loader, request(path, { cookie }));
    expect(res.status).toBe(200);
    return ((await res.json()) as Page).golfers;
  }
  const season = currentSeason();

  it('load no golfers while no form is open', async () => {
    expect(await golfersOf(roundsLoader, `/rounds?season=${season}`)).toBeNull();
    expect(await golfersOf(membershipsLoader, `/memberships?season=${season}`)).toBeNull();
    expect(await golfersOf(flightsLoader, `/flights?season=${season}`)).toBeNull();
  });

  it('search ?golfer= on the server and keep ?golferId= chosen', async () => {
    for (const [loader, path] of [
      [roundsLoader, `/rounds?season=${season}`],
      [membershipsLoader, `/memberships?season=${season}`],
      [flightsLoader, `/flights?season=${season}`],
    ] as const) {
      const found = await golfersOf(loader, `${path}&action=new&golfer=${lastName(131)}`);
      expect(found?.golfers.map((g) => g.id)).toEqual([ids[130]]);
      const chosen = await golfersOf(loader, `${path}&action=new&golfer=${prefix}&golferId=${ids[144]}`);
      expect(chosen).toMatchObject({ matched: 150, chosen: ids[144] });
      expect(chosen?.golfers).toHaveLength(101);
      expect(chosen?.golfers.at(-1)?.id).toBe(ids[144]);
      expect(await golfersOf(loader, `${path}&action=new&golferId=abc`)).toMatchObject({ chosen: null });
    }
  });

  it('always list the golfer of the record being edited', async () => {
    const golferId = ids[146];
    const round = await createRound({ golferId, date: `${season}-06-03`, season, grossScore: 44 }, null);
    const membership = await createMembership({ golferId, season, registered: true, paid: false }, null);
    const flight = await db.flightAssignment.create({ data: { golferId, season, flightNo: '2' } });
    for (const [loader, path] of [
      [roundsLoader, `/rounds?season=${season}&edit=${round.id}`],
      [membershipsLoader, `/memberships?season=${season}&edit=${membership.id}`],
      [flightsLoader, `/flights?season=${season}&edit=${flight.id}`],
    ] as const) {
      const golfers = await golfersOf(loader, `${path}&golfer=${prefix}`);
      expect(golfers?.golfers.map((g) => g.id)).toContain(golferId);
      expect(golfers?.golfers).toHaveLength(101);
    }
  });
});

describe('GET /api/golfer-choices', () => {
  it('answers the search as the user types, names only', async () => {
    const res = await call(choicesLoader, request(`/api/golfer-choices?q=${lastName(120)}`, { cookie }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      golfers: [{ id: ids[119], fullName: `Ann ${lastName(120)}` }],
      matched: 1,
      limit: 100,
      search: lastName(120),
    });
    const many = (await (
      await call(choicesLoader, request('/api/golfer-choices', { cookie }))
    ).json()) as GolferChoices;
    expect(many.golfers).toHaveLength(100);
  });

  it('is for signed-in users and GET only', async () => {
    expect((await call(choicesLoader, request('/api/golfer-choices?q=ann'))).status).toBe(401);
    expect((await call(choicesAction, request('/api/golfer-choices', { method: 'POST' }))).status).toBe(401);
    const post = await call(choicesAction, request('/api/golfer-choices', { method: 'POST', cookie }));
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET');
    const { cookie: userCookie } = await signIn({ isAdmin: false });
    expect((await call(choicesLoader, request('/api/golfer-choices?q=ann', { cookie: userCookie }))).status).toBe(200);
  });
});
