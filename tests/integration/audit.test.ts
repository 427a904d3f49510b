import { describe, expect, it } from 'vitest';
import { createCourse, updateCourse } from '~/models/courses.server';
import { createGolfer } from '~/models/golfers.server';
import { getSettings, updateSettings } from '~/models/settings.server';
import { inTransaction } from '~/db/transaction.server';
import { createUser, resetPassword } from '~/models/users.server';
import { action as golfersPageAction } from '~/routes/_admin.golfers';
import { loader as settingsLoader } from '~/routes/_admin.settings';
import { action as activityAction, loader as activityLoader } from '~/routes/api.activity';
import { action as importJsonApi } from '~/routes/api.import.$type.json';
import { action as registerApi } from '~/routes/api.register-golfer';
import { loader as paymentStatus } from '~/routes/api.payment-status.$sessionId';
import { action as checkoutAction } from '~/routes/checkout.$sessionId';
import { db, onCommittedWrite } from '~/db/db.server';
import { action as coursesApi } from '~/routes/api.courses';
import { call, openRegistration, request, signIn, unique } from './helpers';

// The audit log (docs/product/accounts.md#audit-log, docs/decisions/111-explicit-audit-entries.md): every write a
// signed-in user makes is recorded by the write function itself, in the same transaction, with the user the route
// passed down. Route modules are called as the server calls them; models are given their actor.

const admin = { id: 1, username: 'admin' };

/** The audit rows written after `sinceId`, oldest first. */
async function entriesSince(sinceId: number) {
  return db.auditEntry.findMany({ where: { id: { gt: sinceId } }, orderBy: { id: 'asc' } });
}

async function lastId(): Promise<number> {
  return (await db.auditEntry.findFirst({ orderBy: { id: 'desc' }, select: { id: true } }))?.id ?? 0;
}

const courseInput = (name: string, par = 36) => ({ courseName: name, coursePar: par, courseLength: '3,100 yards' });

describe('the audit log', () => {
  it('records a golfer created, updated and deleted through the page: who, what, which record, the change', async () => {
    const { user, cookie } = await signIn();
    const since = await lastId();
    const last = unique('Audit');
    const created = await call(
      golfersPageAction,
      request('/golfers', {
        cookie,
        form: { intent: 'create', firstName: 'Pat', lastName: last, email: `${last}@example.org`, phone: '' },
      }),
    );
    expect(created.status).toBe(302);
    const golfer = await db.golfer.findFirstOrThrow({ where: { lastName: last } });
    await call(
      golfersPageAction,
      request('/golfers', {
        cookie,
        form: {
          intent: 'update',
          id: String(golfer.id),
          firstName: 'Patty',
          lastName: last,
          email: `${last}@example.org`,
          phone: '231-555-0100',
        },
      }),
    );
    await call(golfersPageAction, request('/golfers', { cookie, form: { intent: 'delete', id: String(golfer.id) } }));

    const entries = await entriesSince(since);
    expect(entries.map((e) => [e.userId, e.username, e.action, e.entity, e.entityId])).toEqual([
      [user.id, user.username, 'create', 'golfer', String(golfer.id)],
      [user.id, user.username, 'update', 'golfer', String(golfer.id)],
      [user.id, user.username, 'delete', 'golfer', String(golfer.id)],
    ]);
    const email = `'${last.toLowerCase()}@example.org'`;
    expect(entries[0].summary).toBe(
      `Created golfer #${golfer.id} 'Pat ${last}': first name 'Pat', last name '${last}', email ${email}`,
    );
    expect(entries[1].summary).toBe(
      `Updated golfer #${golfer.id} 'Pat ${last}': first name 'Pat' → 'Patty', phone (none) → '231-555-0100'`,
    );
    expect(entries[2].summary).toBe(
      `Deleted golfer #${golfer.id} 'Patty ${last}': first name 'Patty', last name '${last}', email ${email}, ` +
        `phone '231-555-0100'`,
    );
    expect(entries.every((e) => Date.now() - e.createdAt.getTime() < 60_000)).toBe(true);
  });

  it('records nothing for writes nobody signed in made: a public registration and its payment', async () => {
    await openRegistration();
    const since = await lastId();
    const email = `${unique('public')}@example.org`;
    const res = await call(
      registerApi,
      request('/api/register-golfer', {
        json: {
          registrationType: 'new',
          firstName: 'Public',
          lastName: unique('Golfer'),
          email,
          phone: '2315550123',
          estimatedScore: 40,
          termsAccepted: true,
        },
      }),
    );
    expect(res.status).toBe(200);
    const sessionId = new URL(((await res.json()) as { checkoutUrl: string }).checkoutUrl).pathname.split('/').pop()!;
    await call(checkoutAction, request(`/checkout/${sessionId}`, { method: 'POST', form: {} }), { sessionId });
    const paid = await call(paymentStatus, request(`/api/payment-status/${sessionId}`), { sessionId });
    expect(paid.status).toBe(200);
    // The registration did write the golfer and the membership; nobody was signed in, so no audit row.
    expect(await db.golfer.count({ where: { email } })).toBe(1);
    expect(await entriesSince(since)).toEqual([]);
  });

  it('records nothing for a write that failed or rolled back, and exactly one row for one that succeeded', async () => {
    const { cookie } = await signIn();
    const taken = `${unique('taken')}@example.org`;
    await createGolfer({ firstName: 'Has', lastName: 'Email', email: taken }, null);
    const since = await lastId();

    // Refused by the database (the email's unique index): 409, nothing written, nothing logged.
    const refused = await call(
      golfersPageAction,
      request('/golfers', { cookie, form: { intent: 'create', firstName: 'Dup', lastName: 'Email', email: taken } }),
    );
    expect(refused.status).toBe(409);
    expect(await entriesSince(since)).toEqual([]);

    // Written, then the transaction failed: the write and its audit row roll back together.
    const name = unique('Rolled');
    await expect(
      inTransaction(db, async (tx) => {
        await createCourse(courseInput(name), admin, tx);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(await db.course.count({ where: { courseName: name } })).toBe(0);
    expect(await entriesSince(since)).toEqual([]);

    // The same write that commits: one row.
    await createCourse(courseInput(name), admin);
    expect((await entriesSince(since)).map((e) => [e.action, e.entity])).toEqual([['create', 'course']]);
  });

  it('commits a write and its audit row together: when the row cannot be written, the write does not happen', async () => {
    const course = await createCourse(courseInput(unique('Atomic')), null);
    await db.$executeRawUnsafe('ALTER TABLE audit_log RENAME TO audit_log_away');
    try {
      // A write in a transaction of its own, and one inside the caller's inTransaction.
      await expect(
        updateCourse(course.id, { ...courseInput(course.courseName), coursePar: 30 }, admin),
      ).rejects.toThrow();
      await expect(
        inTransaction(db, (tx) =>
          updateCourse(course.id, { ...courseInput(course.courseName), coursePar: 31 }, admin, tx),
        ),
      ).rejects.toThrow();
    } finally {
      await db.$executeRawUnsafe('ALTER TABLE audit_log_away RENAME TO audit_log');
    }
    expect(await db.course.findUniqueOrThrow({ where: { id: course.id } })).toMatchObject({ coursePar: 36 });
  });

  it('never shows a password hash; a user created and a password reset are recorded', async () => {
    const since = await lastId();
    const username = unique('clerk');
    const boss = { id: 7, username: 'boss' };
    const created = await (async () => {
      const user = await createUser(
        {
          username,
          password: 'secret-password-1',
          email: `${username}@example.org`,
          firstName: 'Cleo',
          lastName: 'Clerk',
        },
        boss,
      );
      await resetPassword(user.id, 'secret-password-2', boss);
      return user;
    })();
    const entries = await entriesSince(since);
    expect(entries.map((e) => [e.userId, e.username, e.action, e.entity, e.entityId])).toEqual([
      [7, 'boss', 'create', 'user', String(created.id)],
      [7, 'boss', 'update', 'user', String(created.id)],
    ]);
    expect(entries[0].summary).toContain('password hash set');
    expect(entries[1].summary).toBe(`Updated user #${created.id} '${username}': password hash changed`);
    const hash = (await db.user.findUniqueOrThrow({ where: { id: created.id } })).passwordHash;
    expect(entries.some((e) => e.summary.includes(hash.slice(0, 20)) || e.summary.includes('$2'))).toBe(false);
  });

  it('records an upsert as the update it made (the league settings)', async () => {
    const { leagueName } = await getSettings();
    const since = await lastId();
    await updateSettings({ leagueName: 'Audited League' }, admin);
    await updateSettings({ leagueName }, admin);
    expect((await entriesSince(since)).map((e) => [e.action, e.entity, e.entityId, e.summary])).toEqual([
      ['update', 'settings', '1', `Updated settings #1: league name '${leagueName}' → 'Audited League'`],
      ['update', 'settings', '1', `Updated settings #1: league name 'Audited League' → '${leagueName}'`],
    ]);
  });

  it('makes one row per import, however many rows it writes', async () => {
    const { cookie } = await signIn();
    const since = await lastId();
    const tag = unique('Imp');
    const body = JSON.stringify(Array.from({ length: 120 }, (_, i) => ({ firstName: `G${i}`, lastName: tag })));
    const res = await call(
      importJsonApi,
      new Request(new URL('/api/import/golfers/json', 'http://localhost'), {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
      }),
      { type: 'golfers' },
    );
    expect(await res.json()).toEqual({ count: 120 });
    const entries = await entriesSince(since);
    expect(entries.map((e) => [e.action, e.entity, e.entityId, e.summary])).toEqual([
      ['import', 'golfer', null, 'Imported 120 golfers from JSON'],
    ]);
  });

  it('logs many rows of one kind in one transaction as the first three and one row for the rest', async () => {
    const names = Array.from({ length: 7 }, () => unique('Many'));
    const since = await lastId();
    const ids = await inTransaction(db, async (tx) => {
      const courses = [];
      for (const name of names) courses.push(await createCourse(courseInput(name), admin, tx));
      // Saved without a change: not a change.
      await updateCourse(courses[0].id, courseInput(names[0]), admin, tx);
      return courses.map((c) => c.id);
    });
    const entries = await entriesSince(since);
    expect(entries.map((e) => e.entityId)).toEqual([...ids.slice(0, 3).map(String), null]);
    expect(entries[3].summary).toBe(
      `Also created 4 courses: ${ids
        .slice(3)
        .map((id) => `#${id}`)
        .join(', ')}`,
    );
  });

  it("records nothing for the system's work, however soon after a user's change it runs", async () => {
    const since = await lastId();
    let late: Promise<unknown> = Promise.resolve();
    await createCourse(courseInput(unique('Signed')), admin);
    const [mine] = await entriesSince(since);
    // Background work (the email sender, start-up) writes with no actor, at once or from a timer a change started.
    await createCourse(courseInput(unique('Background')), null);
    late = new Promise((resolve) => setTimeout(resolve, 20)).then(() =>
      createCourse(courseInput(unique('Late')), null),
    );
    await late;
    expect((await entriesSince(since)).map((e) => e.id)).toEqual([mine.id]);
  });

  it('records a change with the user the route was given, with no earlier lookup of the user in that request', async () => {
    // The old gap: the actor came from a request context that only a user lookup earlier in the request marked, so a
    // route module called outside that context, or a model called directly, wrote unaudited. Now the user is passed.
    const { user, cookie } = await signIn();
    const since = await lastId();
    const name = unique('Direct');
    const res = await call(coursesApi, request('/api/courses', { json: courseInput(name), cookie }));
    expect(res.status).toBe(201);
    const course = (await res.json()) as { id: number };
    const clerk = { id: 4242, username: 'clerk-without-request' };
    await updateCourse(course.id, courseInput(name, 40), clerk);
    expect((await entriesSince(since)).map((e) => [e.userId, e.username, e.action, e.entityId, e.summary])).toEqual([
      [
        user.id,
        user.username,
        'create',
        String(course.id),
        `Created course #${course.id} '${name}': course par 36, course length '3,100 yards'`,
      ],
      [
        4242,
        'clerk-without-request',
        'update',
        String(course.id),
        `Updated course #${course.id} '${name}': course par 36 → 40`,
      ],
    ]);
  });

  it('tells onCommittedWrite listeners which models were written, after the commit and never for a rollback', async () => {
    const heard: string[][] = [];
    const stop = onCommittedWrite((models) => {
      heard.push([...models].sort());
    });
    try {
      await createCourse(courseInput(unique('Heard')), null);
      await inTransaction(db, async (tx) => {
        const golfer = await createGolfer({ firstName: 'Lis', lastName: unique('Tener') }, null, tx);
        await tx.flightAssignment.create({ data: { golferId: golfer.id, season: 2031, flightNo: '1' } });
      });
      await expect(
        inTransaction(db, async (tx) => {
          await createGolfer({ firstName: 'Never', lastName: unique('Seen') }, null, tx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
    } finally {
      stop();
    }
    await createCourse(courseInput(unique('Unheard')), null);
    expect(heard).toEqual([['Course'], ['FlightAssignment', 'Golfer']]);
  });
});

describe('GET /api/activity and Settings → Activity', () => {
  it('answers 401 signed out, 403 for a user who is not an administrator, 405 for another method', async () => {
    expect((await call(activityLoader, request('/api/activity'))).status).toBe(401);
    const { cookie } = await signIn({ isAdmin: false });
    const forbidden = await call(activityLoader, request('/api/activity', { cookie }));
    expect(forbidden.status).toBe(403);
    const post = await call(activityAction, request('/api/activity', { method: 'POST', json: {}, cookie }));
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET');
  });

  it('pages the log newest first, 100 entries a page, on the API and on the Settings page', async () => {
    const { cookie } = await signIn();
    const tag = unique('page');
    await db.auditEntry.createMany({
      data: Array.from({ length: 150 }, (_, i) => ({
        userId: null,
        username: 'seed',
        action: 'update',
        entity: 'course',
        entityId: String(i),
        summary: `${tag} ${i}`,
        createdAt: new Date(Date.now() + 60_000 + i * 1000),
      })),
    });
    const total = await db.auditEntry.count();
    type Page = { entries: { summary: string }[]; page: number; pageCount: number; total: number; pageSize: number };
    const first = (await (await call(activityLoader, request('/api/activity', { cookie }))).json()) as Page;
    expect(first).toMatchObject({ page: 1, pageCount: Math.ceil(total / 100), total, pageSize: 100 });
    expect(first.entries).toHaveLength(100);
    expect(first.entries[0].summary).toBe(`${tag} 149`);
    expect(first.entries[99].summary).toBe(`${tag} 50`);
    const second = (await (await call(activityLoader, request('/api/activity?page=2', { cookie }))).json()) as Page;
    expect(second.page).toBe(2);
    expect(second.entries[0].summary).toBe(`${tag} 49`);
    expect((await call(activityLoader, request('/api/activity?page=abc', { cookie }))).status).toBe(400);

    const settings = (await (await call(settingsLoader, request('/settings?page=2', { cookie }))).json()) as {
      activity: { rows: { summary: string }[]; page: number; total: number };
    };
    expect(settings.activity).toMatchObject({ page: 2, total });
    expect(settings.activity.rows[0].summary).toBe(`${tag} 49`);
    const { cookie: userCookie } = await signIn({ isAdmin: false });
    const forUser = (await (await call(settingsLoader, request('/settings', { cookie: userCookie }))).json()) as {
      activity: unknown;
    };
    expect(forUser.activity).toBeNull();
  });
});
