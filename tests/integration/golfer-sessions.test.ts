import { describe, expect, it } from 'vitest';
import { db } from '~/db/db.server';
import { createGolfer } from '~/models/golfers.server';
import { loader as apiUser } from '~/routes/api.user';
import { loader as settingsLoader } from '~/routes/_admin.settings';
import { action as signOut } from '~/routes/me.sign-out';
import {
  endGolferSession,
  endGolferSessionsEverywhere,
  getGolfer,
  requireGolfer,
  requireGolferApi,
  startGolferSession,
} from '~/web/golfer-session.server';
import { failureFrom, call, request, signIn, signInGolfer, unique } from './helpers';

/** Golfers' sessions: docs/decisions/120-golfer-sessions.md. */

async function newGolfer() {
  return createGolfer({ firstName: 'Gail', lastName: unique('Golfer'), email: `${unique('g')}@example.org` }, null);
}

const cookieOf = (setCookie: string) => setCookie.split(';')[0];

describe("a golfer's session", () => {
  it('is found from its cookie, and ends on the server when the golfer signs out', async () => {
    const golfer = await newGolfer();
    const cookie = cookieOf(await startGolferSession(request('/me/sign-in'), golfer.id));
    expect(await getGolfer(request('/me', { cookie }))).toMatchObject({ golferId: golfer.id });
    const cleared = await endGolferSession(request('/me/sign-out', { cookie }));
    expect(cleared).toMatch(/Max-Age=0/);
    // A copy of the old cookie no longer signs anyone in.
    expect(await getGolfer(request('/me', { cookie }))).toBeNull();
  });

  it("'Sign out everywhere' ends every session of that golfer and no one else's", async () => {
    const [golfer, other] = [await newGolfer(), await newGolfer()];
    const phone = await signInGolfer(golfer.id);
    const laptop = await signInGolfer(golfer.id);
    const others = await signInGolfer(other.id);
    await endGolferSessionsEverywhere(request('/me', { cookie: phone }), golfer.id);
    expect(await getGolfer(request('/me', { cookie: phone }))).toBeNull();
    expect(await getGolfer(request('/me', { cookie: laptop }))).toBeNull();
    expect(await getGolfer(request('/me', { cookie: others }))).toMatchObject({ golferId: other.id });
  });

  it('lasts 30 days on the server whatever the browser keeps', async () => {
    const golfer = await newGolfer();
    const cookie = await signInGolfer(golfer.id);
    await db.golferSession.updateMany({
      where: { golferId: golfer.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await getGolfer(request('/me', { cookie }))).toBeNull();
  });

  it('sends pages to sign-in and back, and answers APIs with 401, when there is none', async () => {
    const page = await requireGolfer(request('/me/scorecard/2026-06-01?x=1')).catch((r: unknown) => r);
    expect(page).toBeInstanceOf(Response);
    expect((page as Response).headers.get('Location')).toBe(
      `/me/sign-in?next=${encodeURIComponent('/me/scorecard/2026-06-01?x=1')}`,
    );
    expect(await failureFrom(requireGolferApi(request('/api/me')))).toMatchObject({ status: 401 });
    // A tampered cookie is no session either.
    expect(await getGolfer(request('/me', { cookie: '__league_golfer=eyJ4Ijoi.bad' }))).toBeNull();
  });

  it("never opens an administrator's page or API, and an administrator's cookie is not a golfer's", async () => {
    const golfer = await newGolfer();
    const golferCookie = await signInGolfer(golfer.id);
    expect((await call(apiUser, request('/api/user', { cookie: golferCookie }))).status).toBe(401);
    const page = await call(settingsLoader, request('/settings', { cookie: golferCookie }));
    expect(page.status).toBe(302);
    expect(page.headers.get('Location')).toMatch(/^\/auth/);
    const { cookie: adminCookie } = await signIn({ isAdmin: true });
    expect(await getGolfer(request('/me', { cookie: adminCookie }))).toBeNull();
  });
});

describe('/me/sign-out', () => {
  it("ends this session, or with 'everywhere' every session of the golfer, and goes to the sign-in page", async () => {
    const golfer = await newGolfer();
    const [phone, laptop, tablet] = [
      await signInGolfer(golfer.id),
      await signInGolfer(golfer.id),
      await signInGolfer(golfer.id),
    ];
    const out = await call(signOut, request('/me/sign-out', { method: 'POST', cookie: phone, form: {} }));
    expect(out.status).toBe(302);
    expect(out.headers.get('Location')).toBe('/me/sign-in');
    expect(await getGolfer(request('/me', { cookie: phone }))).toBeNull();
    expect(await getGolfer(request('/me', { cookie: laptop }))).not.toBeNull();
    await call(signOut, request('/me/sign-out', { method: 'POST', cookie: laptop, form: { intent: 'everywhere' } }));
    expect(await getGolfer(request('/me', { cookie: tablet }))).toBeNull();
  });
});
