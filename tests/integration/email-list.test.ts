import { describe, expect, it } from 'vitest';
import { currentSeason } from '~/domain/season';
import { createGolfer } from '~/models/golfers.server';
import { createMembership } from '~/models/memberships.server';
import { loader } from '~/routes/_admin.email-list';
import { queryCount } from '~/db/db.server';
import { call, request, signIn, unique } from './helpers';

type Tab = 'current' | 'registered-not-paid' | 'not-registered' | 'all';
type Page = { season: number; counts: Record<Tab, number>; list: { id: Tab; count: number; text: string } };

/** The page's data for one tab (`/email-list?list=…`). */
async function tab(cookie: string, list?: Tab): Promise<Page> {
  const res = await call(loader, request(list ? `/email-list?list=${list}` : '/email-list', { cookie }));
  expect(res.status).toBe(200);
  return res.json();
}

describe('/email-list', () => {
  it('sends anonymous visitors to the login page', async () => {
    const res = await call(loader, request('/email-list'));
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe('/auth?redirectTo=%2Femail-list');
  });

  it('builds the four lists of the current season from the database', async () => {
    const { cookie } = await signIn();
    const season = currentSeason();
    const tag = unique('mail');
    const paid = await createGolfer(
      { firstName: 'Pat', lastName: `Paid${tag}`, email: `paid-${tag}@example.org` },
      null,
    );
    const owing = await createGolfer(
      { firstName: 'Olly', lastName: `Owing${tag}`, email: `owing-${tag}@example.org` },
      null,
    );
    const lastYear = await createGolfer(
      { firstName: 'Lee', lastName: `Last${tag}`, email: `last-${tag}@example.org` },
      null,
    );
    const noEmail = await createGolfer({ firstName: 'Nora', lastName: `None${tag}` }, null);
    await createMembership({ golferId: paid.id, season, registered: true, paid: true }, null);
    await createMembership({ golferId: owing.id, season, registered: true, paid: false }, null);
    await createMembership({ golferId: lastYear.id, season: season - 1, registered: true, paid: true }, null);
    await createMembership({ golferId: noEmail.id, season, registered: true, paid: false }, null);

    const tabs = {
      current: await tab(cookie),
      'registered-not-paid': await tab(cookie, 'registered-not-paid'),
      'not-registered': await tab(cookie, 'not-registered'),
      all: await tab(cookie, 'all'),
    };
    expect(tabs.current.season).toBe(season);
    const mine = (key: Tab) => tabs[key].list.text.split(';\n').filter((entry) => entry.includes(tag));
    expect(mine('current')).toEqual([
      `"Owing${tag}, Olly" <owing-${tag}@example.org>`,
      `"Paid${tag}, Pat" <paid-${tag}@example.org>`,
    ]);
    expect(mine('registered-not-paid')).toEqual([`"Owing${tag}, Olly" <owing-${tag}@example.org>`]);
    expect(mine('not-registered')).toEqual([`"Last${tag}, Lee" <last-${tag}@example.org>`]);
    expect(mine('all')).toHaveLength(3);
    // A tab's data holds its own addresses only (decision 066): last season's golfer is on 'all', not 'current'.
    expect(JSON.stringify(tabs.current)).not.toContain(`last-${tag}@example.org`);
    for (const [id, { list, counts }] of Object.entries(tabs)) {
      // Each tab's data carries its own addresses only, and the count of every tab.
      expect(list.id).toBe(id);
      expect(list.count).toBe(list.text ? list.text.split(';\n').length : 0);
      expect(counts).toEqual(tabs.current.counts);
      expect(counts[list.id]).toBe(list.count);
    }
  });

  it('reads the lists in a fixed number of queries whatever the number of golfers', async () => {
    const { cookie } = await signIn();
    const before = queryCount();
    await tab(cookie);
    const small = queryCount() - before;
    for (let i = 0; i < 20; i += 1)
      await createGolfer({ firstName: 'Many', lastName: unique('q'), email: `${unique('q')}@example.org` }, null);
    const again = queryCount();
    await tab(cookie);
    expect(queryCount() - again).toBe(small);
  });
});
