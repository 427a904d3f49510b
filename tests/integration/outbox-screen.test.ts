import { describe, expect, it } from 'vitest';
import { action as pageAction, loader as pageLoader } from '~/routes/_admin.outbox';
import { action as apiAction, loader as apiLoader } from '~/routes/api.outbox';
import { db, queryCount } from '~/db/db.server';
import { call, request, signIn, toastOf, unique } from './helpers';

async function message(status: 'queued' | 'sent' | 'failed' | 'not-sent', lastError: string | null = null) {
  const tag = unique('ob');
  return db.outboxMessage.create({
    data: {
      key: `test:${tag}`,
      kind: 'league',
      toAddress: `${tag}@example.org`,
      subject: `Subject ${tag}`,
      text: 'Text',
      html: '<p>Text</p>',
      headers: JSON.stringify({ 'List-Unsubscribe': '<https://x.example/unsubscribe/t>' }),
      status,
      attempts: status === 'failed' ? 5 : 0,
      lastError,
      sentAt: status === 'sent' ? new Date() : null,
    },
  });
}

type Listed = { rows: { id: number; status: string }[]; total: number; page: number; pageSize: number };

describe('GET /api/outbox', () => {
  it('lists the outbox newest first, one status at a time, for administrators', async () => {
    const { cookie } = await signIn();
    const failed = await message('failed', '550 mailbox unavailable');
    const sent = await message('sent');
    const all = await call(apiLoader, request('/api/outbox', { cookie }));
    expect(all.status).toBe(200);
    const body = (await all.json()) as Listed & { pageCount: number };
    expect(body.rows[0].id).toBe(sent.id);
    expect(body.rows[1].id).toBe(failed.id);
    expect(body).toMatchObject({ page: 1, pageSize: 50, pageCount: Math.ceil(body.total / 50) });
    expect(body.rows[0]).not.toHaveProperty('html');

    const onlyFailed = (await (
      await call(apiLoader, request('/api/outbox?status=failed', { cookie }))
    ).json()) as Listed;
    expect(onlyFailed.rows.map((r) => r.id)).toContain(failed.id);
    expect(onlyFailed.rows.every((r) => r.status === 'failed')).toBe(true);
  });

  it('answers 400 for an unknown status or page, 401 anonymous, 403 for a non-administrator, 405 for POST', async () => {
    const { cookie } = await signIn();
    const bad = await call(apiLoader, request('/api/outbox?status=lost', { cookie }));
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      message: 'Invalid status: "lost". Use one of queued, sent, delivered, failed, not-sent.',
    });
    expect((await call(apiLoader, request('/api/outbox?page=zero', { cookie }))).status).toBe(400);
    expect((await call(apiLoader, request('/api/outbox'))).status).toBe(401);
    const user = await signIn({ isAdmin: false });
    expect((await call(apiLoader, request('/api/outbox', { cookie: user.cookie }))).status).toBe(403);
    const post = await call(apiAction, request('/api/outbox', { cookie, json: {} }));
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET');
  });
});

describe('/outbox', () => {
  it('reads a page in a fixed number of queries, and one message with ?view=', async () => {
    const { cookie } = await signIn();
    const one = await message('not-sent', 'Not sent: no mail server configured');
    const before = queryCount();
    await call(pageLoader, request('/outbox', { cookie }));
    const first = queryCount() - before;
    for (let i = 0; i < 5; i++) await message('queued');
    const again = queryCount();
    await call(pageLoader, request('/outbox', { cookie }));
    expect(queryCount() - again).toBe(first);

    const viewed = await call(pageLoader, request(`/outbox?view=${one.id}`, { cookie }));
    expect(viewed.status).toBe(200);
    const body = (await viewed.json()) as { viewing: { id: number; html: string; headers: Record<string, string> } };
    expect(body.viewing).toMatchObject({ id: one.id, html: '<p>Text</p>' });
    expect(body.viewing.headers['List-Unsubscribe']).toBe('<https://x.example/unsubscribe/t>');
    const missing = await call(pageLoader, request('/outbox?view=99999999', { cookie }));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { viewing: unknown }).viewing).toBeNull();
  });

  it('is for administrators only', async () => {
    const { cookie } = await signIn({ isAdmin: false });
    const res = await call(pageLoader, request('/outbox', { cookie }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ message: 'Only an administrator can read the outbox' });
    expect((await call(pageLoader, request('/outbox'))).status).toBe(302);
  });

  it('retries a failed or unsent message, and refuses one that was sent', async () => {
    const { cookie } = await signIn();
    const failed = await message('failed', '550 mailbox unavailable');
    const res = await call(
      pageAction,
      request(`/outbox?status=failed&view=${failed.id}`, { cookie, form: { intent: 'retry', id: String(failed.id) } }),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`/outbox?status=failed&view=${failed.id}`);
    expect(await toastOf(res)).toEqual({ type: 'success', title: 'Message queued again' });
    expect(await db.outboxMessage.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({
      status: 'queued',
      attempts: 0,
      lastError: null,
    });

    const sent = await message('sent');
    const refused = await call(
      pageAction,
      request('/outbox', { cookie, form: { intent: 'retry', id: String(sent.id) } }),
    );
    expect(refused.status).toBe(302);
    expect(await toastOf(refused)).toEqual({
      type: 'error',
      title: 'Error',
      description: 'Failed to retry message: Only a failed or unsent message can be retried',
    });
    expect((await db.outboxMessage.findUniqueOrThrow({ where: { id: sent.id } })).status).toBe('sent');

    const user = await signIn({ isAdmin: false });
    const notAdmin = await call(
      pageAction,
      request('/outbox', { cookie: user.cookie, form: { intent: 'retry', id: String(failed.id) } }),
    );
    expect(await toastOf(notAdmin)).toMatchObject({
      type: 'error',
      description: expect.stringContaining('administrator'),
    });
  });
});
