import { describe, expect, it } from 'vitest';
import { createGolfer, deleteGolfer, listGolfers, updateGolfer } from '~/models/golfers.server';
import * as golfersPage from '~/routes/_admin.golfers';
import { loader as apiGolfersPublic } from '~/routes/api.golfers-public';
import { action as apiGolferAction, loader as apiGolferLoader } from '~/routes/api.golfers.$id';
import { action as apiGolfersAction, loader as apiGolfersLoader } from '~/routes/api.golfers';
import { db, queryCount } from '~/db/db.server';
import { DomainError } from '~/domain/errors';
import { failureOf } from '~/web/http.server';
import { call, request, signIn, toastOf, unique } from './helpers';
import { renderPage } from './render-page';

const { action: golfersPageAction, loader: golfersPageLoader } = golfersPage;

/**
 * GET `path` through Remix's own request handler with the golfers page as the only route under a bare root: the
 * page's loader answers, then the page renders on the server exactly as a visitor without JavaScript sees it (and
 * as the browser hydrates it). The rows are read back by the names the page shows.
 */
async function golfersPageHtml(path: string, cookie: string) {
  const { status, html } = await renderPage(
    path,
    { id: 'routes/_admin.golfers', path: 'golfers', module: golfersPage },
    cookie,
  );
  const decode = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&amp;/g, '&');
  return {
    status,
    html,
    // RowActions labels each row's Edit link with the golfer's shown name.
    rows: [...html.matchAll(/aria-label="Edit ([^"]*)"/g)].map((m) => decode(m[1])),
    searchText: decode(/<input type="search" name="q"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? ''),
  };
}

async function rejects(promise: Promise<unknown>, status: number) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  const failure = failureOf(error);
  expect(failure?.status).toBe(status);
  return failure!;
}

describe('golfer model', () => {
  it('derives fullName from first and last name and stores email lower-cased', async () => {
    const last = unique('Smith');
    const golfer = await createGolfer(
      {
        firstName: ' Robert ',
        lastName: last,
        nickname: 'Bob',
        email: `${last}@MHC.org`,
        phone: '(231) 555-0100',
      },
      null,
    );
    expect(golfer.fullName).toBe(`Robert ${last}`);
    expect(golfer.email).toBe(`${last}@mhc.org`.toLowerCase());
    expect(golfer.phone).toBe('(231) 555-0100');
    const updated = await updateGolfer(golfer.id, { firstName: 'Rob', lastName: last, fullName: 'Ignored Name' }, null);
    expect(updated.fullName).toBe(`Rob ${last}`);
    expect(updated.email).toBeNull();
    expect(updated.nickname).toBeNull();
  });

  it('refuses a second golfer with the same email (any case) with 409, and lets many have none', async () => {
    const email = `${unique('dup')}@example.org`;
    await createGolfer({ firstName: 'A', lastName: unique('One'), email }, null);
    const error = await rejects(
      createGolfer({ firstName: 'B', lastName: unique('Two'), email: email.toUpperCase() }, null),
      409,
    );
    expect(error.errors?.email).toBeDefined();
    await createGolfer({ firstName: 'C', lastName: unique('NoMail') }, null);
    await createGolfer({ firstName: 'D', lastName: unique('NoMail') }, null);
    const other = await createGolfer({ firstName: 'E', lastName: unique('Three') }, null);
    await rejects(updateGolfer(other.id, { firstName: 'E', lastName: 'Three', email }, null), 409);
  });

  it('answers 404 for updating or deleting a golfer that does not exist', async () => {
    await rejects(updateGolfer(999_999, { firstName: 'A', lastName: 'B' }, null), 404);
    await rejects(deleteGolfer(999_999, null), 404);
  });

  it("deletes a golfer's memberships, rounds, flight assignments and tee-time positions with them", async () => {
    const golfer = await createGolfer({ firstName: 'Gone', lastName: unique('Golfer') }, null);
    const other = await createGolfer({ firstName: 'Stays', lastName: unique('Golfer') }, null);
    await db.membership.create({ data: { golferId: golfer.id, season: 2025, registered: true } });
    await db.round.create({ data: { golferId: golfer.id, date: '2025-06-02', season: 2025, grossScore: 45 } });
    await db.flightAssignment.create({ data: { golferId: golfer.id, season: 2025, flightNo: '2' } });
    const slot = await db.teeTime.create({
      data: { time: unique('t').slice(0, 12), season: 2025, golfer1Id: other.id, golfer2Id: golfer.id },
    });
    await deleteGolfer(golfer.id, null);
    expect(await db.golfer.findUnique({ where: { id: golfer.id } })).toBeNull();
    expect(await db.membership.count({ where: { golferId: golfer.id } })).toBe(0);
    expect(await db.round.count({ where: { golferId: golfer.id } })).toBe(0);
    expect(await db.flightAssignment.count({ where: { golferId: golfer.id } })).toBe(0);
    const after = await db.teeTime.findUniqueOrThrow({ where: { id: slot.id } });
    expect(after).toMatchObject({ golfer1Id: other.id, golfer2Id: null });
  });

  it('lists golfers filtered by a case-insensitive search on name, email or phone', async () => {
    const tag = unique('Zq');
    const a = await createGolfer(
      {
        firstName: 'Ann',
        lastName: `${tag}Lee`,
        email: `${tag}ann@example.org`.toLowerCase(),
      },
      null,
    );
    const b = await createGolfer({ firstName: 'Ben', lastName: 'Other', phone: `231${tag.length}5550199` }, null);
    expect((await listGolfers(tag.toUpperCase())).map((g) => g.id)).toEqual([a.id]);
    expect((await listGolfers(`${tag}ANN@`)).map((g) => g.id)).toEqual([a.id]);
    expect((await listGolfers('5550199')).map((g) => g.id)).toContain(b.id);
  });
});

describe('/golfers page', () => {
  it('sends anonymous visitors to /auth, from the loader and the action', async () => {
    const res = await call(golfersPageLoader, request('/golfers'));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toMatch(/^\/auth/);
    const post = await call(
      golfersPageAction,
      request('/golfers', { form: { intent: 'create', firstName: 'A', lastName: 'B' } }),
    );
    expect(post.status).toBe(302);
    expect(post.headers.get('Location')).toMatch(/^\/auth/);
  });

  it('shows only the golfers matching ?q= (name, nickname, email or phone, any case), with the text in the box', async () => {
    const { cookie } = await signIn();
    const tag = unique('Qq');
    await createGolfer({ firstName: 'Found', lastName: tag }, null);
    const nick = await createGolfer({ firstName: 'Nick', lastName: unique('Nn'), nickname: `${tag}Nick` }, null);
    const mail = await createGolfer({ firstName: 'Mail', lastName: unique('Mm'), email: `${tag}@example.org` }, null);
    const phone = await createGolfer({ firstName: 'Phone', lastName: unique('Pp'), phone: '(231) 555-0142' }, null);
    const other = await createGolfer({ firstName: 'Other', lastName: unique('Zz') }, null);

    const found = await golfersPageHtml(`/golfers?q=${encodeURIComponent(tag.toLowerCase())}`, cookie);
    expect(found.status).toBe(200);
    expect(found.searchText).toBe(tag.toLowerCase());
    expect(found.rows.sort()).toEqual(
      [`Found ${tag}`, `Mail ${mail.lastName}`, `Nick "${tag}Nick" ${nick.lastName}`].sort(),
    );
    expect((await golfersPageHtml('/golfers?q=555-0142', cookie)).rows).toEqual([`Phone ${phone.lastName}`]);
    expect((await golfersPageHtml(`/golfers?q=${other.lastName}`, cookie)).rows).toEqual([`Other ${other.lastName}`]);
    const none = await golfersPageHtml(`/golfers?q=${unique('nobody')}`, cookie);
    expect(none.rows).toEqual([]);
    expect(none.html).toContain('No golfers match this search.');
  });

  it('creates, updates and deletes with the documented toasts, keeping the search in the URL', async () => {
    const { cookie } = await signIn();
    const last = unique('Page');
    const created = await call(
      golfersPageAction,
      request('/golfers?q=x&action=new', {
        cookie,
        form: { intent: 'create', firstName: 'Pat', lastName: last, email: '', phone: '' },
      }),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get('Location')).toBe('/golfers?q=x');
    expect(await toastOf(created)).toEqual({
      type: 'success',
      title: 'Success',
      description: 'Golfer created successfully',
    });
    const golfer = await db.golfer.findFirstOrThrow({ where: { lastName: last } });
    expect(golfer).toMatchObject({ fullName: `Pat ${last}`, email: null, phone: null });

    const updated = await call(
      golfersPageAction,
      request(`/golfers?edit=${golfer.id}`, {
        cookie,
        form: { intent: 'update', id: String(golfer.id), firstName: 'Patty', lastName: last, nickname: 'P' },
      }),
    );
    expect(await toastOf(updated)).toMatchObject({ description: 'Golfer updated successfully' });
    expect(await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).toMatchObject({
      fullName: `Patty ${last}`,
      nickname: 'P',
    });

    const deleted = await call(
      golfersPageAction,
      request(`/golfers?delete=${golfer.id}`, { cookie, form: { intent: 'delete', id: String(golfer.id) } }),
    );
    expect(deleted.headers.get('Location')).toBe('/golfers');
    expect(await toastOf(deleted)).toMatchObject({ description: 'Golfer deleted successfully' });
    expect(await db.golfer.findUnique({ where: { id: golfer.id } })).toBeNull();

    const again = await call(
      golfersPageAction,
      request('/golfers', { cookie, form: { intent: 'delete', id: String(golfer.id) } }),
    );
    expect(await toastOf(again)).toMatchObject({
      type: 'error',
      description: 'Failed to delete golfer: Golfer not found',
    });
  });

  it('answers bad input with 400 and field messages, and a duplicate email with 409, changing nothing', async () => {
    const { cookie } = await signIn();
    const before = await db.golfer.count();
    const bad = await call(
      golfersPageAction,
      request('/golfers', {
        cookie,
        form: { intent: 'create', firstName: '', lastName: 'X', email: 'not-an-email', phone: '555-12' },
      }),
    );
    expect(bad.status).toBe(400);
    const { result } = await bad.json();
    expect(result.error).toMatchObject({
      firstName: ['First name is required'],
      email: ['Enter a valid email address'],
      phone: ['Phone number must have at least 10 digits'],
    });
    const email = `${unique('taken')}@example.org`;
    await createGolfer({ firstName: 'A', lastName: 'B', email }, null);
    const dup = await call(
      golfersPageAction,
      request('/golfers', { cookie, form: { intent: 'create', firstName: 'C', lastName: 'D', email } }),
    );
    expect(dup.status).toBe(409);
    expect((await dup.json()).result.error.email).toEqual(['Another golfer already uses this email']);
    expect(await db.golfer.count()).toBe(before + 1);
    const noId = await call(
      golfersPageAction,
      request('/golfers', { cookie, form: { intent: 'update', firstName: 'C', lastName: 'D' } }),
    );
    expect(noId.status).toBe(400);
    expect((await noId.json()).result.error['']).toEqual(['Golfer is required for update']);
  });

  it('renders 5 or 500 golfers with the same number of queries, 50 to a page', async () => {
    const { cookie } = await signIn();
    await db.golfer.deleteMany();
    const rows = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({
        firstName: 'Bulk',
        lastName: `L${from + i}`,
        fullName: `Bulk L${from + i}`,
      }));
    await db.golfer.createMany({ data: rows(5, 0) });
    const count = async () => {
      const start = queryCount();
      const res = await call(golfersPageLoader, request('/golfers', { cookie }));
      expect(res.status).toBe(200);
      const { golfers } = (await res.json()) as { golfers: { rows: unknown[]; total: number; pageCount: number } };
      return { queries: queryCount() - start, rows: golfers.rows.length, total: golfers.total };
    };
    const small = await count();
    await db.golfer.createMany({ data: rows(495, 5) });
    const large = await count();
    expect(small).toMatchObject({ rows: 5, total: 5 });
    expect(large).toMatchObject({ rows: 50, total: 500 });
    expect(large.queries).toBe(small.queries);
    const last = await call(golfersPageLoader, request('/golfers?page=10', { cookie }));
    expect(((await last.json()) as { golfers: { rows: { lastName: string }[] } }).golfers.rows.at(-1)?.lastName).toBe(
      'L99',
    );
    // Past the last page: the last page; not a number: 400.
    expect((await call(golfersPageLoader, request('/golfers?page=99', { cookie }))).status).toBe(200);
    expect((await call(golfersPageLoader, request('/golfers?page=0', { cookie }))).status).toBe(400);
  });
});

describe('/api/golfers', () => {
  it('answers anonymous requests with 401 JSON', async () => {
    for (const res of [
      await call(apiGolfersLoader, request('/api/golfers')),
      await call(apiGolfersAction, request('/api/golfers', { json: { firstName: 'A', lastName: 'B' } })),
      await call(apiGolferLoader, request('/api/golfers/1'), { id: '1' }),
      await call(apiGolferAction, request('/api/golfers/1', { method: 'DELETE' }), { id: '1' }),
    ]) {
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Not authenticated' });
    }
  });

  it('creates (201), lists, updates and deletes (204) a golfer', async () => {
    const { cookie } = await signIn({ isAdmin: false });
    const last = unique('Api');
    const created = await call(
      apiGolfersAction,
      request('/api/golfers', {
        cookie,
        json: { firstName: 'Al', lastName: last, nickname: '', email: `${last}@Example.org`, phone: '231-555-0101' },
      }),
    );
    expect(created.status).toBe(201);
    const golfer = await created.json();
    expect(golfer).toMatchObject({
      firstName: 'Al',
      lastName: last,
      fullName: `Al ${last}`,
      nickname: null,
      email: `${last}@example.org`.toLowerCase(),
      phone: '231-555-0101',
    });

    const list = await (await call(apiGolfersLoader, request('/api/golfers', { cookie }))).json();
    expect(list.find((g: { id: number }) => g.id === golfer.id)).toEqual(golfer);

    const put = await call(
      apiGolferAction,
      request(`/api/golfers/${golfer.id}`, { method: 'PUT', cookie, json: { firstName: 'Albert', lastName: last } }),
      { id: String(golfer.id) },
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ fullName: `Albert ${last}`, email: null });

    const del = await call(apiGolferAction, request(`/api/golfers/${golfer.id}`, { method: 'DELETE', cookie }), {
      id: String(golfer.id),
    });
    expect(del.status).toBe(204);
    const gone = await call(apiGolferLoader, request(`/api/golfers/${golfer.id}`, { cookie }), {
      id: String(golfer.id),
    });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'Golfer not found' });
  });

  it('takes back a golfer exactly as GET gave it (nulls for what is not on file)', async () => {
    const { cookie } = await signIn();
    const golfer = await createGolfer({ firstName: 'Round', lastName: unique('Trip') }, null);
    const got = await (
      await call(apiGolferLoader, request(`/api/golfers/${golfer.id}`, { cookie }), { id: String(golfer.id) })
    ).json();
    expect(got).toMatchObject({ nickname: null, email: null, phone: null });
    const put = await call(
      apiGolferAction,
      request(`/api/golfers/${golfer.id}`, { method: 'PUT', cookie, json: got }),
      { id: String(golfer.id) },
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual(got);
  });

  it('says which limit a too-long field breaks, rather than "required" or zod\'s own words', async () => {
    const { cookie } = await signIn();
    const res = await call(
      apiGolfersAction,
      request('/api/golfers', {
        cookie,
        json: {
          firstName: 'F'.repeat(101),
          lastName: 'L'.repeat(101),
          nickname: 'N'.repeat(101),
          phone: '2'.repeat(41),
        },
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual({
      firstName: ['First name is limited to 100 characters'],
      lastName: ['Last name is limited to 100 characters'],
      nickname: ['Nickname is limited to 100 characters'],
      phone: ['Phone is limited to 40 characters'],
    });
  });

  it('answers 400 for bad bodies and ids, 404 for missing golfers and 409 for a taken email', async () => {
    const { cookie } = await signIn();
    const bad = await call(
      apiGolfersAction,
      request('/api/golfers', { cookie, json: { lastName: 'B', email: 'nope' } }),
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.message).toBe('Invalid golfer');
    expect(body.errors).toMatchObject({
      firstName: ['First name is required'],
      email: ['Enter a valid email address'],
    });

    const badJson = await call(apiGolfersAction, request('/api/golfers', { cookie, jsonText: '{' }));
    expect(badJson.status).toBe(400);

    const badId = await call(
      apiGolferAction,
      request('/api/golfers/abc', { method: 'PUT', cookie, json: { firstName: 'A', lastName: 'B' } }),
      { id: 'abc' },
    );
    expect(badId.status).toBe(400);
    const missing = await call(
      apiGolferAction,
      request('/api/golfers/987654', { method: 'PUT', cookie, json: { firstName: 'A', lastName: 'B' } }),
      { id: '987654' },
    );
    expect(missing.status).toBe(404);
    const missingDelete = await call(apiGolferAction, request('/api/golfers/987654', { method: 'DELETE', cookie }), {
      id: '987654',
    });
    expect(missingDelete.status).toBe(404);

    const email = `${unique('api')}@example.org`;
    await createGolfer({ firstName: 'X', lastName: 'Y', email }, null);
    const dup = await call(
      apiGolfersAction,
      request('/api/golfers', { cookie, json: { firstName: 'Z', lastName: 'W', email } }),
    );
    expect(dup.status).toBe(409);
    expect((await dup.json()).errors).toEqual({ email: ['Another golfer already uses this email'] });
  });

  it('GET /api/golfers-public?q= gives anyone at most 20 matching ids and names, never email or phone', async () => {
    const last = unique('Public');
    await createGolfer({ firstName: 'Pia', lastName: last, email: `${last}@example.org`, phone: '231-555-0199' }, null);
    const res = await call(apiGolfersPublic, request(`/api/golfers-public?q=pia%20${last.toLowerCase()}`));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.more).toBe(false);
    expect(body.golfers).toHaveLength(1);
    expect(Object.keys(body.golfers[0]).sort()).toEqual(['firstName', 'fullName', 'id', 'lastName']);
    expect(JSON.stringify(body)).not.toContain('555-0199');
    expect(JSON.stringify(body)).not.toContain('@example.org');

    const family = unique('Crowd');
    for (let i = 0; i < 21; i++)
      await createGolfer({ firstName: `Kin${String(i).padStart(2, '0')}`, lastName: family }, null);
    const many = await (await call(apiGolfersPublic, request(`/api/golfers-public?q=${family}`))).json();
    expect(many.more).toBe(true);
    expect(many.golfers.map((g: { firstName: string }) => g.firstName)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Kin${String(i).padStart(2, '0')}`),
    );

    // One letter (or none) would list much of the league: refused.
    for (const q of ['', 'p', ' p ']) {
      const short = await call(apiGolfersPublic, request(`/api/golfers-public?q=${encodeURIComponent(q)}`));
      expect(short.status).toBe(400);
      expect(await short.json()).toEqual({ message: 'Type at least 2 letters of your name.' });
    }
  });
});
