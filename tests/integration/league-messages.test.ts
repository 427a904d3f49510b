import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentSeason } from '~/domain/season';
import {
  getUnsubscribeState,
  newSendId,
  NO_RECIPIENTS,
  queueLeagueMessage,
  resubscribe,
  unsubscribe,
} from '~/features/league-messages/league-messages.server';
import { requireOutboxMessage } from '~/models/outbox.server';
import { action as emailListAction, loader as emailListLoader } from '~/routes/_admin.email-list';
import { action as unsubscribeAction, loader as unsubscribeLoader } from '~/routes/_public.unsubscribe.$token';
import type { LeagueMessageInput } from '~/schemas/league-message';
import { db, type Tx } from '~/db/db.server';
import { BASE, call, failureFrom, request, signIn, toastOf, unique } from './helpers';

let seasonCounter = 0;
/** A season no other test uses, so its lists hold only this test's golfers. */
function freshSeason(): number {
  seasonCounter += 1;
  return 1800 + (((Date.now() / 1000 + seasonCounter * 7) % 150) | 0);
}

/** `count` golfers with an email and a membership of `season` (registered, paid as given), in two statements. */
async function golfersIn(season: number, count: number, { paid = false, prefix = 'lm' } = {}) {
  const tag = unique(prefix);
  await db.golfer.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      firstName: `First${i}`,
      lastName: `${tag}-${i}`,
      fullName: `First${i} ${tag}-${i}`,
      email: `${tag.toLowerCase()}-${i}@example.org`,
    })),
  });
  const golfers = await db.golfer.findMany({ where: { lastName: { startsWith: `${tag}-` } }, orderBy: { id: 'asc' } });
  await db.membership.createMany({
    data: golfers.map((g) => ({ golferId: g.id, season, registered: true, paid, registrationDatetime: new Date() })),
  });
  return golfers;
}

function input(overrides: Partial<LeagueMessageInput> = {}): LeagueMessageInput {
  return {
    list: 'registered-not-paid',
    kind: 'league',
    sendId: newSendId(),
    subject: 'Rain-out tonight',
    message: 'No golf tonight.',
    ...overrides,
  };
}

const ORIGIN = 'https://golf.example';
const rowsOf = (kind: string, sendId: string) =>
  db.outboxMessage.findMany({ where: { key: { startsWith: `${kind}:${sendId}:` } }, orderBy: { id: 'asc' } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('queueLeagueMessage', () => {
  it('queues one email per golfer of the tab, each to that golfer alone, with their own unsubscribe link', async () => {
    const season = freshSeason();
    const owing = await golfersIn(season, 3);
    await golfersIn(season, 2, { paid: true }); // on 'current', not on 'registered-not-paid'
    const sent = input();

    expect(await queueLeagueMessage(sent, { origin: ORIGIN, season }, null)).toEqual({ count: 3 });

    const rows = await rowsOf('league', sent.sendId);
    expect(rows.map((r) => r.golferId)).toEqual(owing.map((g) => g.id));
    const tokens = await db.golfer.findMany({ where: { id: { in: owing.map((g) => g.id) } } });
    for (const row of rows) {
      const golfer = tokens.find((g) => g.id === row.golferId)!;
      expect(golfer.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(row).toMatchObject({
        kind: 'league',
        toAddress: golfer.email,
        subject: 'Rain-out tonight',
        status: 'queued',
        key: `league:${sent.sendId}:${golfer.id}`,
      });
      const message = await requireOutboxMessage(row.id);
      const link = `${ORIGIN}/unsubscribe/${golfer.unsubscribeToken}`;
      expect(message.headers).toEqual({
        'List-Unsubscribe': `<${link}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(message.text).toContain(link);
      expect(message.html).toContain(`href="${link}"`);
    }
    // Tokens differ between golfers and stay the same for the next message.
    expect(new Set(tokens.map((g) => g.unsubscribeToken)).size).toBe(3);
    const next = input({ list: 'current' });
    expect(await queueLeagueMessage(next, { origin: ORIGIN, season }, null)).toEqual({ count: 5 });
    const again = await db.golfer.findMany({ where: { id: { in: owing.map((g) => g.id) } } });
    expect(again.map((g) => g.unsubscribeToken)).toEqual(tokens.map((g) => g.unsubscribeToken));
  });

  it('queues every row in one transaction: a failure part-way queues nothing and makes no token', async () => {
    const season = freshSeason();
    const golfers = await golfersIn(season, 120);
    const sent = input();
    const original = db.$transaction.bind(db) as (fn: (tx: Tx) => Promise<unknown>, o?: unknown) => Promise<unknown>;
    const transactions = vi
      .spyOn(db, '$transaction')
      .mockImplementation((fn: (tx: Tx) => Promise<unknown>, o?: unknown) =>
        original(async (tx) => {
          // The second batch of outbox rows fails, after the tokens and the first rows were written, as a crash or a
          // full disk would.
          let batches = 0;
          const outbox = new Proxy(tx.outboxMessage, {
            get: (target, prop, receiver) =>
              prop === 'createMany'
                ? (args: Parameters<typeof target.createMany>[0]) => {
                    batches += 1;
                    return batches === 2 ? Promise.reject(new Error('disk full')) : target.createMany(args);
                  }
                : Reflect.get(target, prop, receiver),
          });
          return fn(new Proxy(tx, { get: (t, p, r) => (p === 'outboxMessage' ? outbox : Reflect.get(t, p, r)) }));
        }, o),
      );

    await expect(queueLeagueMessage(sent, { origin: ORIGIN, season }, null)).rejects.toThrow('disk full');
    expect(transactions).toHaveBeenCalledTimes(1);
    expect(await rowsOf('league', sent.sendId)).toEqual([]);
    const after = await db.golfer.findMany({ where: { id: { in: golfers.map((g) => g.id) } } });
    expect(after.every((g) => g.unsubscribeToken === null)).toBe(true);

    vi.restoreAllMocks();
    expect(await queueLeagueMessage(sent, { origin: ORIGIN, season }, null)).toEqual({ count: 120 });
    expect(await rowsOf('league', sent.sendId)).toHaveLength(120);
  });

  it('leaves out golfers who unsubscribed, and counts only the others', async () => {
    const season = freshSeason();
    const [stays, leaves, alsoStays] = await golfersIn(season, 3);
    await db.golfer.update({ where: { id: leaves.id }, data: { unsubscribedAt: new Date() } });
    const sent = input({ kind: 'reminder' });

    expect(await queueLeagueMessage(sent, { origin: ORIGIN, season }, null)).toEqual({ count: 2 });
    const rows = await rowsOf('reminder', sent.sendId);
    expect(rows.map((r) => r.golferId)).toEqual([stays.id, alsoStays.id]);
    expect(rows.every((r) => r.kind === 'reminder')).toBe(true);
  });

  it('queues a send once however often the same form is sent', async () => {
    const season = freshSeason();
    await golfersIn(season, 3);
    const sent = input();
    expect(await queueLeagueMessage(sent, { origin: ORIGIN, season }, null)).toEqual({ count: 3 });
    expect(await queueLeagueMessage(sent, { origin: ORIGIN, season }, null)).toEqual({ count: 3 });
    const [a, b] = await Promise.all([
      queueLeagueMessage(sent, { origin: ORIGIN, season }, null),
      queueLeagueMessage(sent, { origin: ORIGIN, season }, null),
    ]);
    expect([a, b]).toEqual([{ count: 3 }, { count: 3 }]);
    expect(await rowsOf('league', sent.sendId)).toHaveLength(3);
    // A new form (a new send id) is a new message.
    await queueLeagueMessage(input(), { origin: ORIGIN, season }, null);
    expect(await db.outboxMessage.count({ where: { key: { startsWith: `league:${sent.sendId}:` } } })).toBe(3);
  });

  it('refuses a tab without recipients and queues nothing', async () => {
    const season = freshSeason();
    const [only] = await golfersIn(season, 1);
    await db.golfer.update({ where: { id: only.id }, data: { unsubscribedAt: new Date() } });
    const sent = input();
    expect(await failureFrom(queueLeagueMessage(sent, { origin: ORIGIN, season }, null))).toEqual({
      status: 400,
      message: NO_RECIPIENTS,
      errors: undefined,
    });
    expect(
      await failureFrom(queueLeagueMessage(input({ list: 'current' }), { origin: ORIGIN, season: season + 1 }, null)),
    ).toMatchObject({ status: 400, message: 'No golfers to send to on this tab' });
    expect(await rowsOf('league', sent.sendId)).toEqual([]);
  });

  it('queues 200 golfers in one go, fast', async () => {
    const season = freshSeason();
    await golfersIn(season, 200);
    const sent = input({ list: 'current', message: 'A longer message.\n\n'.repeat(50) });
    const started = performance.now();
    expect(await queueLeagueMessage(sent, { origin: ORIGIN, season }, null)).toEqual({ count: 200 });
    const first = performance.now() - started;
    expect(await rowsOf('league', sent.sendId)).toHaveLength(200);
    // Tokens exist now: the next send of 200 writes only the outbox rows.
    const again = performance.now();
    expect(await queueLeagueMessage(input({ list: 'current' }), { origin: ORIGIN, season }, null)).toEqual({
      count: 200,
    });
    const second = performance.now() - again;
    console.log(`200 golfers: ${Math.round(first)} ms with new unsubscribe tokens, ${Math.round(second)} ms after`);
    expect(first).toBeLessThan(3_000);
    expect(second).toBeLessThan(1_000);
  });
});

describe('/email-list compose', () => {
  async function composeForm(cookie: string, compose: string) {
    const res = await call(emailListLoader, request(`/email-list?compose=${compose}`, { cookie }));
    expect(res.status).toBe(200);
    return (await res.json()) as {
      compose: { list: string; kind: string; sendId: string; draft: { subject: string; message: string } | null };
      list: { id: string; count: number; unsubscribed: { id: number; entry: string }[] };
    };
  }

  it('sends to the tab from the page: toast, one row per golfer, a double submit queued once', async () => {
    const { cookie } = await signIn();
    const season = currentSeason();
    const mine = await golfersIn(season, 3, { prefix: 'page' });
    const out = mine[2];
    await db.golfer.update({ where: { id: out.id }, data: { unsubscribedAt: new Date() } });

    const page = await composeForm(cookie, 'registered-not-paid');
    expect(page.compose).toMatchObject({ list: 'registered-not-paid', kind: 'league', draft: null });
    // The page carries the addresses of the tab composed to only (decision 066).
    const tab = page.list;
    expect(tab.id).toBe('registered-not-paid');
    expect(tab.unsubscribed.map((u) => u.id)).toContain(out.id);
    expect(tab.unsubscribed.find((u) => u.id === out.id)!.entry).toBe(
      `${out.lastName}, ${out.firstName} <${out.email}>`,
    );

    const form = {
      intent: 'send',
      list: 'registered-not-paid',
      kind: 'league',
      sendId: page.compose.sendId,
      subject: 'Course closed Monday',
      message: 'The course is closed Monday.\r\nSee you next week.',
    };
    const sent = await call(emailListAction, request('/email-list?compose=registered-not-paid', { cookie, form }));
    expect(sent.status).toBe(302);
    expect(sent.headers.get('Location')).toBe('/email-list?list=registered-not-paid');
    const n = tab.count;
    expect(await toastOf(sent)).toEqual({
      type: 'success',
      title: `Message queued for ${n} golfer${n === 1 ? '' : 's'}`,
    });

    const rows = await rowsOf('league', page.compose.sendId);
    expect(rows).toHaveLength(n);
    const ids = rows.map((r) => r.golferId);
    expect(ids).toEqual(expect.arrayContaining([mine[0].id, mine[1].id]));
    expect(ids).not.toContain(out.id);
    expect((await requireOutboxMessage(rows[0].id)).text).toContain('The course is closed Monday.\nSee you next week.');

    const twice = await call(emailListAction, request('/email-list?compose=registered-not-paid', { cookie, form }));
    expect(twice.status).toBe(302);
    expect(await rowsOf('league', page.compose.sendId)).toHaveLength(n);
  });

  it('offers the payment reminder with the fee and the address of /register', async () => {
    const { cookie } = await signIn();
    const page = await composeForm(cookie, 'reminder');
    expect(page.compose).toMatchObject({ list: 'registered-not-paid', kind: 'reminder' });
    expect(page.compose.draft!.subject).toMatch(/^Payment reminder: \d{4} .+ season$/);
    expect(page.compose.draft!.message).toMatch(/your league fee of \$[\d,.]+ yet/);
    expect(page.compose.draft!.message).toContain(`${BASE}/register?type=returning`);
  });

  it('answers bad input with the form’s messages and queues nothing', async () => {
    const { cookie } = await signIn();
    const sendId = newSendId();
    const res = await call(
      emailListAction,
      request('/email-list?compose=all', {
        cookie,
        form: { intent: 'send', list: 'all', kind: 'league', sendId, subject: 'x'.repeat(201), message: '' },
      }),
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { intent: string; result: { error: Record<string, string[]> } };
    expect(body.intent).toBe('send');
    expect(body.result.error).toMatchObject({
      subject: ['Use at most 200 characters'],
      message: ['Message is required'],
    });
    expect(await rowsOf('league', sendId)).toEqual([]);
  });

  it('lets only administrators send', async () => {
    const { cookie } = await signIn({ isAdmin: false });
    const page = await call(emailListLoader, request('/email-list?compose=all', { cookie }));
    expect(((await page.json()) as { compose: unknown }).compose).toBeNull();
    const sendId = newSendId();
    const res = await call(
      emailListAction,
      request('/email-list?compose=all', {
        cookie,
        form: { intent: 'send', list: 'all', kind: 'league', sendId, subject: 'Hi', message: 'Hello' },
      }),
    );
    expect(res.status).toBe(403);
    expect(await rowsOf('league', sendId)).toEqual([]);
  });
});

describe('/unsubscribe/{token}', () => {
  async function golferWithToken() {
    const season = freshSeason();
    const [golfer] = await golfersIn(season, 1, { prefix: 'unsub' });
    await queueLeagueMessage(input(), { origin: ORIGIN, season }, null);
    const { unsubscribeToken } = await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } });
    return { golfer, token: unsubscribeToken!, season };
  }

  it('changes nothing when opened, and unsubscribes with the button', async () => {
    const { golfer, token, season } = await golferWithToken();
    const opened = await call(unsubscribeLoader, request(`/unsubscribe/${token}`), { token });
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({
      state: 'found',
      maskedEmail: expect.stringMatching(/^u•••@e•••\.org$/),
      unsubscribed: false,
    });
    expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).unsubscribedAt).toBeNull();

    const posted = await call(unsubscribeAction, request(`/unsubscribe/${token}`, { method: 'POST', form: {} }), {
      token,
    });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toMatchObject({ state: 'found', unsubscribed: true, changed: 'unsubscribed' });
    expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).unsubscribedAt).not.toBeNull();
    // Left out of the next message to the tab.
    expect(await failureFrom(queueLeagueMessage(input(), { origin: ORIGIN, season }, null))).toMatchObject({
      status: 400,
    });

    expect(await resubscribe(token)).toMatchObject({ unsubscribed: false });
    expect(await getUnsubscribeState(token)).toMatchObject({ unsubscribed: false });
  });

  it('unsubscribes with a mail program’s one-click POST (RFC 8058)', async () => {
    const { golfer, token } = await golferWithToken();
    const req = new Request(new URL(`/unsubscribe/${token}`, BASE), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    const res = await call(unsubscribeAction, req, { token });
    expect(res.status).toBe(200);
    expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).unsubscribedAt).not.toBeNull();
    // Again: still unsubscribed, nothing else changes.
    expect(await unsubscribe(token)).toMatchObject({ unsubscribed: true });
  });

  it('answers an unknown or tampered token with 404 and changes nothing', async () => {
    const { golfer, token } = await golferWithToken();
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'nope', `${token}x`, '../../etc/passwd']) {
      const opened = await call(unsubscribeLoader, request(`/unsubscribe/${encodeURIComponent(bad)}`), { token: bad });
      expect(opened.status).toBe(404);
      expect(await opened.json()).toMatchObject({
        state: 'failed',
        status: 404,
        message: 'This unsubscribe link is not valid',
      });
      const posted = await call(
        unsubscribeAction,
        request(`/unsubscribe/${encodeURIComponent(bad)}`, { method: 'POST', form: {} }),
        {
          token: bad,
        },
      );
      expect(posted.status).toBe(404);
    }
    expect((await db.golfer.findUniqueOrThrow({ where: { id: golfer.id } })).unsubscribedAt).toBeNull();
  });
});
