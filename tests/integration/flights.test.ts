import { describe, expect, it } from 'vitest';
import { deleteGolfer } from '~/models/golfers.server';
import { createFlightAssignment, getFlightDetails, upsertFlightAssignment } from '~/models/flights.server';
import { calculatePointsForDate } from '~/models/points.server';
import { createRound } from '~/models/rounds.server';
import { action as apiFlightById, loader as apiFlightGet } from '~/routes/api.flights.$id';
import { loader as apiDetails } from '~/routes/api.flights.details';
import { action as apiReorder } from '~/routes/api.flights.reorder';
import { action as apiFlightsPost, loader as apiFlightsGet } from '~/routes/api.flights';
import { action as pageAction, loader as pageLoader } from '~/routes/_admin.flights';
import { db, queryCount } from '~/db/db.server';
import { newGolfer, newMembership, seedSeasonRounds } from './fixtures-league';
import { call, request, signIn, unique } from './helpers';
import { renderPage } from './render-page';
import * as flightsPage from '~/routes/_admin.flights';

async function json(res: Response) {
  return res.json();
}

/** POST /api/flights as the session of `cookie`. */
function postFlight(cookie: string, body: object) {
  return call(apiFlightsPost, request('/api/flights', { cookie, json: body }));
}

/** PUT /api/flights/:id as the session of `cookie`. */
function putFlight(cookie: string, id: string, body: object) {
  return call(apiFlightById, request(`/api/flights/${id}`, { method: 'PUT', cookie, json: body }), { id });
}

/** Posts a form of the /flights page (`path` holds its season and dialog) as the session of `cookie`. */
/** The new-assignment dialog's form: a golfer, a season and a flight. */
function createForm(golferId: string, season: string, flightNo: string): Record<string, string> {
  return { intent: 'create', golferId, season, flightNo };
}

function postPage(cookie: string, path: string, form: Record<string, string>) {
  return call(pageAction, request(path, { cookie, form }));
}

describe('flight details', () => {
  it('lists assignments with current handicap and season range, and active members without a flight', async () => {
    const season = 2015;
    const ann = await newGolfer('Anders');
    const bob = await newGolfer('Baker');
    const cy = await newGolfer('Cole'); // registered, no flight
    const dee = await newGolfer('Dunn'); // paid only, no flight
    const eve = await newGolfer('Evans'); // membership neither registered nor paid
    const fay = await newGolfer('Fox'); // assigned another season only, registered this one
    await newMembership(ann.id, season);
    await newMembership(cy.id, season, { registered: true, paid: false, estimatedScore: 40 });
    await newMembership(dee.id, season, { registered: false, paid: true });
    await newMembership(eve.id, season, { registered: false, paid: false });
    await newMembership(fay.id, season);
    await createFlightAssignment({ golferId: ann.id, season, flightNo: '2' }, null);
    await createFlightAssignment({ golferId: bob.id, season, flightNo: '1' }, null);
    await createFlightAssignment({ golferId: fay.id, season: season - 1, flightNo: '3' }, null);
    await createRound({ golferId: ann.id, date: '2015-06-01', grossScore: 46 }, null); // after 8
    await createRound({ golferId: ann.id, date: '2015-06-08', grossScore: 36 }, null); // after 4
    await createRound({ golferId: ann.id, date: '2016-06-06', grossScore: 36 }, null); // another season: current 3, not in range

    const details = await getFlightDetails(season);
    expect(details.assigned).toEqual([
      {
        id: expect.any(Number),
        golferId: bob.id,
        season,
        flightNo: '1',
        golferName: bob.fullName,
        handicap: null,
        minHandicap: null,
        maxHandicap: null,
      },
      {
        id: expect.any(Number),
        golferId: ann.id,
        season,
        flightNo: '2',
        golferName: ann.fullName,
        handicap: 3,
        minHandicap: 4,
        maxHandicap: 8,
      },
    ]);
    expect(details.unassigned).toEqual([
      { golferId: cy.id, golferName: cy.fullName, handicap: 3, minHandicap: null, maxHandicap: null },
      { golferId: dee.id, golferName: dee.fullName, handicap: null, minHandicap: null, maxHandicap: null },
      { golferId: fay.id, golferName: fay.fullName, handicap: null, minHandicap: null, maxHandicap: null },
    ]);
  });

  it('is served by GET /api/flights/details?season= (401 anonymous, 400 bad season)', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    await createFlightAssignment({ golferId: golfer.id, season: 2007, flightNo: '4' }, null);
    const res = await call(apiDetails, request('/api/flights/details?season=2007', { cookie }));
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      assigned: [expect.objectContaining({ golferId: golfer.id, flightNo: '4', golferName: golfer.fullName })],
      unassigned: [],
    });
    expect((await call(apiDetails, request('/api/flights/details?season=2007'))).status).toBe(401);
    expect((await call(apiDetails, request('/api/flights/details?season=x', { cookie }))).status).toBe(400);
  });
});

describe('/api/flights', () => {
  it('creates, reads, updates, moves and deletes an assignment', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const created = await postFlight(cookie, { golferId: golfer.id, season: 2013, flightNo: 2 });
    expect(created.status).toBe(201);
    const assignment = await json(created);
    expect(assignment).toEqual({ id: expect.any(Number), golferId: golfer.id, season: 2013, flightNo: '2' });
    const id = String(assignment.id);

    const list = await call(apiFlightsGet, request('/api/flights?season=2013', { cookie }));
    expect(await json(list)).toEqual([assignment]);
    expect(await json(await call(apiFlightGet, request(`/api/flights/${id}`, { cookie }), { id }))).toEqual(assignment);

    const put = await putFlight(cookie, id, { golferId: golfer.id, season: 2013, flightNo: '3' });
    expect(await json(put)).toEqual({ ...assignment, flightNo: '3' });

    const moved = await call(
      apiReorder,
      request('/api/flights/reorder', { cookie, json: { flightId: assignment.id, newFlightNo: '1' } }),
    );
    expect(moved.status).toBe(200);
    expect(await json(moved)).toEqual({ ...assignment, flightNo: '1' });

    const del = await call(apiFlightById, request(`/api/flights/${id}`, { method: 'DELETE', cookie }), { id });
    expect(del.status).toBe(204);
    expect(
      (await call(apiFlightById, request(`/api/flights/${id}`, { method: 'DELETE', cookie }), { id })).status,
    ).toBe(404);
  });

  it('allows one assignment per golfer and season: a second is a 409', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    await postFlight(cookie, { golferId: golfer.id, season: 2013, flightNo: '1' });
    const again = await postFlight(cookie, { golferId: golfer.id, season: 2013, flightNo: '2' });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toBe(`${golfer.fullName} is already assigned to Flight 1 for the 2013 season`);
    // Another season is fine.
    const next = await postFlight(cookie, { golferId: golfer.id, season: 2014, flightNo: '2' });
    expect(next.status).toBe(201);
    // Editing the 2014 one into 2013 collides too.
    const id = String((await json(next)).id);
    const clash = await putFlight(cookie, id, { golferId: golfer.id, season: 2013, flightNo: '2' });
    expect(clash.status).toBe(409);
    expect(await db.flightAssignment.count({ where: { golferId: golfer.id } })).toBe(2);
  });

  it.each([
    [{ flightNo: '5' }, 'flightNo', 'Choose Flight 1 to Flight 4'],
    [{ flightNo: undefined }, 'flightNo', 'Choose Flight 1 to Flight 4'],
    [{ season: 'next' }, 'season', 'Season must be a year such as 2025'],
    [{ season: undefined }, 'season', 'Season is required'],
    [{ golferId: undefined }, 'golferId', 'Golfer is required'],
  ])('refuses %j with 400 and a field message', async (change, field, message) => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const res = await postFlight(cookie, { golferId: golfer.id, season: 2013, flightNo: '1', ...change });
    expect(res.status).toBe(400);
    expect((await json(res)).errors[field]).toContain(message);
    expect(await db.flightAssignment.count({ where: { golferId: golfer.id } })).toBe(0);
  });

  it('answers a missing golfer with 400, bad ids with 400 and missing assignments with 404', async () => {
    const { cookie } = await signIn();
    const noGolfer = await postFlight(cookie, { golferId: 999999, season: 2013, flightNo: '1' });
    expect(noGolfer.status).toBe(400);
    expect(await json(noGolfer)).toEqual({
      message: 'Golfer #999999 does not exist',
      errors: { golferId: ['Golfer #999999 does not exist'] },
    });
    expect(
      (await call(apiFlightById, request('/api/flights/abc', { method: 'DELETE', cookie }), { id: 'abc' })).status,
    ).toBe(400);
    expect((await call(apiFlightGet, request('/api/flights/999999', { cookie }), { id: '999999' })).status).toBe(404);
    const reorderMissing = await call(
      apiReorder,
      request('/api/flights/reorder', { cookie, json: { flightId: 999999, newFlightNo: '2' } }),
    );
    expect(reorderMissing.status).toBe(404);
    const reorderBad = await call(
      apiReorder,
      request('/api/flights/reorder', { cookie, json: { flightId: 'x', newFlightNo: '9' } }),
    );
    expect(reorderBad.status).toBe(400);
    expect(Object.keys((await json(reorderBad)).errors).sort()).toEqual(['flightId', 'newFlightNo']);
    expect(
      (await call(apiReorder, request('/api/flights/reorder', { json: { flightId: 1, newFlightNo: '2' } }))).status,
    ).toBe(401);
  });

  it('upserts by golfer and season for imports', async () => {
    const golfer = await newGolfer();
    const first = await upsertFlightAssignment({ golferId: golfer.id, season: 2012, flightNo: '1' }, null);
    const second = await upsertFlightAssignment({ golferId: golfer.id, season: 2012, flightNo: '4' }, null);
    expect(second).toEqual({ ...first, flightNo: '4' });
    expect(await db.flightAssignment.count({ where: { golferId: golfer.id } })).toBe(1);
  });

  it("removes a golfer's flight assignments with the golfer", async () => {
    const golfer = await newGolfer();
    await createFlightAssignment({ golferId: golfer.id, season: 2012, flightNo: '1' }, null);
    await deleteGolfer(golfer.id, null);
    expect(await db.flightAssignment.count({ where: { golferId: golfer.id } })).toBe(0);
  });
});

describe('/flights page', () => {
  it('sends anonymous visitors to sign in', async () => {
    expect((await call(pageLoader, request('/flights'))).status).toBe(302);
    expect(
      (await call(pageAction, request('/flights', { form: { intent: 'move', flightId: '1', newFlightNo: '2' } })))
        .status,
    ).toBe(302);
  });

  it('assigns an unassigned member, moves and deletes with toasts', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    await newMembership(golfer.id, 2011);
    const before = await json(await call(pageLoader, request('/flights?season=2011', { cookie })));
    expect(before.unassigned.map((u: { id: number }) => u.id)).toContain(golfer.id);
    // The unassigned list's Assign form, for this golfer in 2011.
    const assign = (flightNo: string) =>
      postPage(cookie, '/flights?season=2011', {
        intent: 'assign',
        golferId: String(golfer.id),
        season: '2011',
        flightNo,
      });

    const assigned = await assign('3');
    expect(assigned.status).toBe(302);
    expect(assigned.headers.get('Location')).toBe('/flights?season=2011');
    const assignment = await db.flightAssignment.findUniqueOrThrow({
      where: { golferId_season: { golferId: golfer.id, season: 2011 } },
    });
    expect(assignment.flightNo).toBe('3');

    const twice = await assign('1');
    expect(twice.status).toBe(409);
    expect(await json(twice)).toEqual({
      intent: 'assign',
      golferId: golfer.id,
      message: `${golfer.fullName} is already assigned to Flight 3 for the 2011 season`,
    });

    const noFlight = await assign('');
    expect(noFlight.status).toBe(400);

    const moved = await postPage(cookie, '/flights?season=2011', {
      intent: 'move',
      flightId: String(assignment.id),
      newFlightNo: '1',
    });
    expect(moved.status).toBe(302);
    expect((await db.flightAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).flightNo).toBe('1');

    const badMove = await postPage(cookie, '/flights?season=2011', {
      intent: 'move',
      flightId: String(assignment.id),
      newFlightNo: '7',
    });
    expect(badMove.status).toBe(400);

    const deleted = await postPage(cookie, `/flights?season=2011&delete=${assignment.id}`, {
      intent: 'delete',
      id: String(assignment.id),
    });
    expect(deleted.status).toBe(302);
    expect(await db.flightAssignment.count({ where: { id: assignment.id } })).toBe(0);
    const gone = await postPage(cookie, '/flights?season=2011', { intent: 'delete', id: String(assignment.id) });
    expect(gone.status).toBe(404);
  });

  it('creates and updates through the dialog forms, with field messages on failure', async () => {
    const { cookie } = await signIn();
    const golfer = await newGolfer();
    const created = await postPage(
      cookie,
      '/flights?season=2011&action=new',
      createForm(String(golfer.id), '2011', '2'),
    );
    expect(created.status).toBe(302);
    const assignment = await db.flightAssignment.findUniqueOrThrow({
      where: { golferId_season: { golferId: golfer.id, season: 2011 } },
    });
    const updated = await postPage(cookie, '/flights?season=2011', {
      intent: 'update',
      id: String(assignment.id),
      golferId: String(golfer.id),
      season: '2010',
      flightNo: '4',
    });
    expect(updated.status).toBe(302);
    expect(updated.headers.get('Location')).toBe('/flights?season=2010');
    expect(await db.flightAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).toMatchObject({
      season: 2010,
      flightNo: '4',
    });

    const invalid = await postPage(cookie, '/flights', createForm('', '2011', ''));
    expect(invalid.status).toBe(400);
    expect((await json(invalid)).result.error).toMatchObject({
      golferId: ['Golfer is required'],
      flightNo: ['Choose Flight 1 to Flight 4'],
    });
    const duplicate = await postPage(cookie, '/flights', createForm(String(golfer.id), '2010', '1'));
    expect(duplicate.status).toBe(409);
  });

  it("the Move form re-ranks the golfer's calculated night at once; a refused move changes nothing", async () => {
    const { cookie } = await signIn();
    // 2012-07-02: a date no other test plays, so these three are the night's only golfers.
    const date = '2012-07-02';
    const [ann, bob, cy] = [await newGolfer(), await newGolfer(), await newGolfer()];
    const ids = new Map<number, number>();
    for (const [golfer, gross] of [
      [ann, 38],
      [bob, 40],
      [cy, 42],
    ] as const) {
      const assignment = await createFlightAssignment({ golferId: golfer.id, season: 2012, flightNo: '1' }, null);
      ids.set(golfer.id, assignment.id);
      await createRound({ golferId: golfer.id, date, grossScore: gross }, null);
    }
    await calculatePointsForDate(date, null);
    const pointsOf = async () =>
      (await db.round.findMany({ where: { date }, orderBy: { grossScore: 'asc' } })).map((r) => r.points);
    expect(await pointsOf()).toEqual([24, 23, 22]);
    const move = (newFlightNo: string) =>
      postPage(cookie, '/flights?season=2012', { intent: 'move', flightId: String(ids.get(bob.id)), newFlightNo });

    expect((await move('9')).status).toBe(400);
    expect(await pointsOf()).toEqual([24, 23, 22]);

    // Bob alone in flight 2 wins it; Cy moves up to second in flight 1.
    expect((await move('2')).status).toBe(302);
    expect(await pointsOf()).toEqual([24, 24, 23]);
  });

  it('answers 400 for a bad id and 404 for a missing assignment in the URL', async () => {
    const { cookie } = await signIn();
    expect((await call(pageLoader, request('/flights?edit=x', { cookie }))).status).toBe(400);
    expect((await call(pageLoader, request('/flights?delete=999999', { cookie }))).status).toBe(404);
  });

  it('loads a season of 100 golfers × 15 rounds with the same number of queries as a small one', async () => {
    const { cookie } = await signIn();
    async function seed(season: number, golfers: number, roundsEach: number) {
      const ids: number[] = [];
      for (let g = 0; g < golfers; g++) {
        const golfer = await newGolfer();
        ids.push(golfer.id);
        await newMembership(golfer.id, season, { estimatedScore: 40 + (g % 10) });
        // Three quarters get a flight; the rest are unassigned members.
        if (g % 4 !== 3)
          await createFlightAssignment(
            {
              golferId: golfer.id,
              season,
              flightNo: String((g % 4) + 1) as '1' | '2' | '3',
            },
            null,
          );
      }
      await seedSeasonRounds(season, ids, roundsEach);
    }
    async function queriesFor(url: string) {
      const before = queryCount();
      const res = await call(pageLoader, request(url, { cookie }));
      expect(res.status).toBe(200);
      const data = await json(res);
      return { queries: queryCount() - before, assigned: data.assigned.length, unassigned: data.unassigned.length };
    }
    await seed(2008, 4, 2);
    await seed(2009, 100, 15);
    const small = await queriesFor('/flights?season=2008');
    const large = await queriesFor('/flights?season=2009');
    expect(small).toMatchObject({ assigned: 3, unassigned: 1 });
    expect(large).toMatchObject({ assigned: 75, unassigned: 25 });
    expect(large.queries).toBe(small.queries);
    const smallDialog = await queriesFor('/flights?season=2008&action=new');
    const largeDialog = await queriesFor('/flights?season=2009&action=new');
    expect(largeDialog.queries).toBe(smallDialog.queries);
  }, 120_000);

  /** `golfers` new members of `season`, the first `assigned` of them in flights 1 to 4 in turn (or all in `flightNo`). */
  async function members(season: number, golfers: number, assigned: number, flightNo?: '1' | '2' | '3' | '4') {
    const tag = unique('Size');
    await db.golfer.createMany({
      data: Array.from({ length: golfers }, (_, i) => {
        const lastName = `${tag}${String(i).padStart(4, '0')}`;
        return { firstName: 'Test', lastName, fullName: `Test ${lastName}` };
      }),
    });
    const ids = (
      await db.golfer.findMany({
        where: { lastName: { startsWith: tag } },
        select: { id: true },
        orderBy: { id: 'asc' },
      })
    ).map((g) => g.id);
    await db.membership.createMany({
      data: ids.map((golferId) => ({ golferId, season, registered: true, paid: true })),
    });
    await db.flightAssignment.createMany({
      data: ids
        .slice(0, assigned)
        .map((golferId, i) => ({ golferId, season, flightNo: flightNo ?? String((i % 4) + 1) })),
    });
    return ids;
  }

  it('pages a large board: 100 golfers of each flight and of the unassigned members per page', async () => {
    const { cookie } = await signIn();
    const ids = await members(2004, 160, 130, '1');
    const load = async (path: string) => json(await call(pageLoader, request(path, { cookie })));
    const first = await load('/flights?season=2004');
    expect(first).toMatchObject({ page: 1, pageCount: 2, pageSize: 100, unassignedCount: 30, counts: { '1': 130 } });
    expect(first.assigned).toHaveLength(100);
    expect(first.unassigned).toHaveLength(30);
    const second = await load('/flights?season=2004&page=2');
    expect(second).toMatchObject({ page: 2, pageCount: 2, counts: { '1': 130 } });
    expect(second.assigned).toHaveLength(30);
    expect(second.unassigned).toHaveLength(0);
    // Every assigned golfer is on exactly one page, in name order.
    const names = [...first.assigned, ...second.assigned].map((a: { name: string }) => a.name);
    expect(names).toEqual([...names].sort());
    expect(new Set(names).size).toBe(130);
    // Without JavaScript too: plain links between the pages.
    const page2 = await renderPage(
      '/flights?season=2004&page=2',
      { id: 'routes/_admin.flights', path: 'flights', module: flightsPage },
      cookie,
    );
    expect(page2.text).toContain('Page 2 of 2');
    expect(/<a [^>]*rel="prev"[^>]*>/.exec(page2.html)?.[0]).toContain('href="/flights?season=2004"');
    expect(page2.html).not.toContain('rel="next"');
    // A page past the end shows the last one; a page that is not a number is a 400.
    expect(await load('/flights?season=2004&page=9')).toMatchObject({ page: 2 });
    expect((await call(pageLoader, request('/flights?season=2004&page=x', { cookie }))).status).toBe(400);

    // A move from page 2 goes back to page 2.
    const assignment = await db.flightAssignment.findFirstOrThrow({ where: { golferId: ids[129], season: 2004 } });
    const moved = await postPage(cookie, '/flights?season=2004&page=2', {
      intent: 'move',
      flightId: String(assignment.id),
      newFlightNo: '2',
    });
    expect(moved.headers.get('Location')).toBe('/flights?season=2004&page=2');
  });

  it('renders the board without JavaScript in a few hundred bytes per golfer, hydration data included', async () => {
    const { cookie } = await signIn();
    const golfers = 200;
    await members(2003, golfers, 150);
    const path = '/flights?season=2003';
    const { status, html, text } = await renderPage(
      path,
      { id: 'routes/_admin.flights', path: 'flights', module: flightsPage },
      cookie,
    );
    expect(status).toBe(200);
    // Every golfer is on the page: 150 in the flight cards (with Edit and Delete), 50 with an Assign select.
    expect(html.match(/aria-labelledby="fe n\d+"/g)).toHaveLength(150);
    expect(html.match(/aria-labelledby="ua u\d+ ut"/g)).toHaveLength(50);
    // Without JavaScript, one Move form per flight (not one per golfer).
    expect(html.match(/name="newFlightNo"/g)).toHaveLength(4);
    expect(text).toContain('Move');
    // The data React hydrates from is part of the page too (its loader's JSON).
    const data = await (await call(pageLoader, request(path, { cookie }))).text();
    const perGolfer = (Buffer.byteLength(html) + Buffer.byteLength(data)) / golfers;
    // About 2,600 bytes per golfer before decision 064. Under 560, a full page (100 golfers of each flight and 100
    // unassigned) stays within the 300 KB budget with the admin shell around it.
    expect(perGolfer).toBeLessThan(560);
  });
});
