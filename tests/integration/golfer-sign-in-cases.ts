import { expect, it } from 'vitest';

/*
 * Golfers sign in with an emailed code and use 'My league' (docs/decisions/125-golfer-sign-in.md,
 * docs/product/my-league.md): the same cases on SQLite (golfer-sign-in.test.ts) and PostgreSQL
 * (golfer-sign-in.postgres.test.ts). The app's modules are imported when a case runs, after the PostgreSQL file has
 * pointed the client at its server.
 */
export function golferSignInCases(): void {
  async function app() {
    const [helpers, golfers, dbModule, signInPage, mePage, apiCode, apiVerify, apiMe, apiContact, apiTeeTime, web] =
      await Promise.all([
        import('./helpers'),
        import('~/models/golfers.server'),
        import('~/db/db.server'),
        import('~/routes/_public.me.sign-in'),
        import('~/routes/_public.me._index'),
        import('~/routes/api.me.code'),
        import('~/routes/api.me.verify'),
        import('~/routes/api.me'),
        import('~/routes/api.me.contact'),
        import('~/routes/api.me.tee-time'),
        import('~/web/golfer-sign-in.server'),
      ]);
    return {
      ...helpers,
      ...golfers,
      db: dbModule.db,
      signInPage,
      mePage,
      apiCode,
      apiVerify,
      apiMe,
      apiContact,
      apiTeeTime,
      web,
    };
  }

  async function golferAt(email: string, firstName = 'Gail') {
    const { createGolfer, unique } = await app();
    return createGolfer(
      { firstName, lastName: unique('Signin'), email, phone: '231-555-0100', sharedEmail: true },
      null,
    );
  }

  /** The code and link of the latest sign-in email to `email`, as the golfer reads them. */
  async function latestCode(email: string) {
    const { db } = await app();
    const message = await db.outboxMessage.findFirst({
      where: { kind: 'sign-in', toAddress: email },
      orderBy: { id: 'desc' },
    });
    if (!message) return null;
    const code = /sign in to My league is (\d{6})/.exec(message.text)![1];
    const link = /(\/me\/sign-in\?token=[A-Za-z0-9_-]+)/.exec(message.text)![1];
    return { code, link, token: link.split('token=')[1], text: message.text };
  }

  async function ask(email: string, address?: string) {
    const { call, request, signInPage, loadContext } = await app();
    return call(
      signInPage.action,
      request('/me/sign-in', { form: { intent: 'send', email } }),
      {},
      loadContext(address),
    );
  }

  async function enter(email: string, code: string, extra: Record<string, string> = {}, address?: string) {
    const { call, request, signInPage, loadContext } = await app();
    return call(
      signInPage.action,
      request('/me/sign-in', { form: { intent: 'code', email, code, ...extra } }),
      {},
      loadContext(address),
    );
  }

  const cookieOf = (res: Response) => res.headers.get('Set-Cookie')!.split(';')[0];

  it('emails a code and a link; the right code signs the golfer in once and opens /me', async () => {
    const { unique, call, request, mePage, signInPage } = await app();
    const email = `${unique('gail')}@example.org`;
    const golfer = await golferAt(email);
    const sent = await ask(email.toUpperCase());
    expect(sent.status).toBe(200);
    const body = await sent.json();
    expect(body).toMatchObject({ step: 'code' });
    expect(body.sent).toMatch(/^If g•••@e•••\.org belongs to a league golfer, a code is on its way\.$/);
    const mail = (await latestCode(email))!;
    expect(mail.text).toContain('15 minutes');

    const signedIn = await enter(email, mail.code);
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('Location')).toBe('/me');
    const cookie = cookieOf(signedIn);
    const page = await call(mePage.loader, request('/me', { cookie }));
    expect(page.status).toBe(200);
    const data = await page.json();
    expect(data.golfer).toMatchObject({ id: golfer.id, name: golfer.fullName, email });

    // Once: the same code again, and its link, no longer work.
    const again = await enter(email, mail.code);
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(
      'That code is not right, or it has expired. Check the latest email, or ask for a new code.',
    );
    const link = await call(signInPage.loader, request(mail.link));
    expect(link.status).toBe(404);
    expect((await link.json()).message).toBe('This sign-in link has already been used. Ask for a new code below.');
  });

  it('answers an address that is not on file exactly as one that is, and sends nothing', async () => {
    const { unique, db } = await app();
    const email = `${unique('nobody')}@example.org`;
    const res = await ask(email);
    expect(res.status).toBe(200);
    expect((await res.json()).sent).toBe(`If n•••@e•••.org belongs to a league golfer, a code is on its way.`);
    expect(await db.outboxMessage.count({ where: { toAddress: email } })).toBe(0);
  });

  it('refuses a malformed address with 400, and a code typed for another address', async () => {
    const { unique } = await app();
    const bad = await ask('not-an-email');
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.email).toEqual(['Enter a valid email address, like name@example.com']);
    const [a, b] = [`${unique('a')}@example.org`, `${unique('b')}@example.org`];
    await golferAt(a);
    await golferAt(b);
    await ask(a);
    await ask(b);
    const codeOfA = (await latestCode(a))!.code;
    const codeOfB = (await latestCode(b))!.code;
    const res = await enter(
      b,
      codeOfA === codeOfB ? String((Number(codeOfA) + 1) % 1_000_000).padStart(6, '0') : codeOfA,
    );
    expect(res.status).toBe(400);
    expect((await enter(b, codeOfB)).status).toBe(303);
  });

  it('kills a code after 5 wrong tries, counts guesses like sign-in failures, and expires codes after 15 minutes', async () => {
    const { unique, web, newClientAddress, failureFrom } = await app();
    const email = `${unique('guess')}@example.org`;
    await golferAt(email);
    await ask(email);
    const { code } = (await latestCode(email))!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    // From five addresses, so the per-address lock is not what stops the sixth.
    for (let i = 0; i < 5; i++) expect((await enter(email, wrong, {}, newClientAddress())).status).toBe(400);
    expect((await enter(email, code, {}, newClientAddress())).status).toBe(400);

    // One address guessing: the sixth try is locked out with 429 and Retry-After, whatever the code.
    await ask(email);
    const fresh = (await latestCode(email))!.code;
    const address = newClientAddress();
    const other = `${unique('x')}@example.org`;
    for (let i = 0; i < 5; i++) expect((await enter(other, '123456', {}, address)).status).toBe(400);
    const locked = await enter(other, fresh, {}, address);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);

    // 15 minutes later the code is dead.
    const later = new Date(Date.now() + 15 * 60_000 + 1000);
    const failure = await failureFrom(
      web.verifySignInCode({ email, code: fresh, clientAddress: newClientAddress(), now: later }),
    );
    expect(failure).toMatchObject({ status: 400 });
    expect((await enter(email, fresh)).status).toBe(303);
  });

  it('allows 5 codes an hour per address of email and 20 per client address (429 with Retry-After)', async () => {
    const { unique, db, newClientAddress } = await app();
    const email = `${unique('limit')}@example.org`;
    await golferAt(email);
    for (let i = 0; i < 5; i++) expect((await ask(email, newClientAddress())).status).toBe(200);
    const sixth = await ask(email, newClientAddress());
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('Retry-After'))).toBeGreaterThan(3000);
    expect((await sixth.json()).message).toMatch(/^Too many codes asked for\. Try again in \d+ minutes\.$/);
    expect(await db.outboxMessage.count({ where: { toAddress: email, kind: 'sign-in' } })).toBe(5);

    const address = newClientAddress();
    for (let i = 0; i < 20; i++) expect((await ask(`${unique('n')}@example.org`, address)).status).toBe(200);
    expect((await ask(`${unique('n')}@example.org`, address)).status).toBe(429);
  });

  it("the link works on another device, once; a shared address asks 'Who is signing in?' with only its golfers", async () => {
    const { unique, call, request, signInPage, db } = await app();
    const email = `${unique('couple')}@example.org`;
    const jane = await golferAt(email, 'Jane');
    const john = await golferAt(email, 'John');
    const stranger = await golferAt(`${unique('s')}@example.org`, 'Sam');
    await ask(email);
    const mail = (await latestCode(email))!;

    // The code: both names, nothing else; a golfer of another address is refused; then John signs in.
    const choose = await enter(email, mail.code);
    expect(choose.status).toBe(200);
    const chooser = await choose.json();
    expect(chooser.step).toBe('choose');
    expect(chooser.choices.map((c: { id: number }) => c.id).sort()).toEqual([jane.id, john.id].sort());
    expect(JSON.stringify(chooser.choices)).not.toContain('555');
    const notListed = await enter(email, mail.code, { golferId: String(stranger.id) });
    expect(notListed.status).toBe(400);
    const asJohn = await enter(email, mail.code, { golferId: String(john.id) });
    expect(asJohn.status).toBe(303);
    const session = await db.golferSession.findMany({ where: { golferId: { in: [jane.id, john.id] } } });
    expect(session.map((s) => s.golferId)).toEqual([john.id]);

    // A new code's link, opened with no cookie at all (another device): the chooser, then Jane.
    await ask(email);
    const next = (await latestCode(email))!;
    const opened = await call(signInPage.loader, request(next.link));
    expect(opened.status).toBe(200);
    expect((await opened.json()).choices).toHaveLength(2);
    const post = () =>
      call(
        signInPage.action,
        request(next.link, { form: { intent: 'link', token: next.token, golferId: String(jane.id) } }),
      );
    const first = await post();
    expect(first.status).toBe(303);
    const second = await post();
    expect(second.status).toBe(404);
    expect((await second.json()).message).toBe('This sign-in link has already been used. Ask for a new code below.');
    // Its code went with it.
    expect((await enter(email, next.code)).status).toBe(400);
    const unknown = await call(signInPage.loader, request('/me/sign-in?token=nope'));
    expect(unknown.status).toBe(404);
  });

  it('the API: code, verify, GET /api/me (401 without a golfer, only their own contact details)', async () => {
    const { unique, call, request, apiCode, apiVerify, apiMe, signIn } = await app();
    const email = `${unique('api')}@example.org`;
    const golfer = await golferAt(email);
    expect((await call(apiMe.loader, request('/api/me'))).status).toBe(401);
    // An administrator's session is not a golfer's.
    const admin = await signIn();
    expect((await call(apiMe.loader, request('/api/me', { cookie: admin.cookie }))).status).toBe(401);

    const sent = await call(apiCode.action, request('/api/me/code', { json: { email } }));
    expect(sent.status).toBe(202);
    expect((await call(apiCode.action, request('/api/me/code', { json: { email: 'x' } }))).status).toBe(400);
    const { code } = (await latestCode(email))!;
    const wrong = await call(apiVerify.action, request('/api/me/verify', { json: { email, code: '12345' } }));
    expect(wrong.status).toBe(400);
    const verified = await call(apiVerify.action, request('/api/me/verify', { json: { email, code } }));
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ golferId: golfer.id });
    const cookie = cookieOf(verified);
    const me = await call(apiMe.loader, request('/api/me', { cookie }));
    expect(me.status).toBe(200);
    const body = await me.json();
    expect(body.golfer).toMatchObject({ id: golfer.id, email, phone: '231-555-0100' });
    expect(JSON.stringify(body.openTeeTimes)).not.toContain('@');
  });

  it('contact details: a phone is saved, a new email waits for the link sent to it, bad input changes nothing', async () => {
    const { unique, call, request, apiContact, mePage, signInGolfer, getGolfer, db } = await app();
    const email = `${unique('contact')}@example.org`;
    const golfer = await golferAt(email);
    const taken = `${unique('taken')}@example.org`;
    await golferAt(taken);
    const cookie = await signInGolfer(golfer.id);
    const put = (json: unknown, c: string | null = cookie) =>
      call(apiContact.action, request('/api/me/contact', { method: 'PUT', json, cookie: c ?? undefined }));
    expect((await put({ email, phone: '231-555-0199' }, null)).status).toBe(401);
    expect((await put({ email: 'nope', phone: '231-555-0199' })).status).toBe(400);
    expect((await put({ email, phone: '12' })).status).toBe(400);
    const clash = await put({ email: taken, phone: '231-555-0199' });
    expect(clash.status).toBe(409);
    expect(await getGolfer(golfer.id)).toMatchObject({ email, phone: '231-555-0100' });

    const fresh = `${unique('new')}@example.org`;
    const ok = await put({ email: fresh, phone: '231-555-0199' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ phoneChanged: true, emailPending: fresh });
    expect(await getGolfer(golfer.id)).toMatchObject({ email, phone: '231-555-0199' });
    const link = await db.outboxMessage.findFirst({ where: { kind: 'contact-change', toAddress: fresh } });
    expect(link?.text).toContain('You asked on My league to change the email address');

    // The page's form: the same rules, the form back with the message.
    const page = await call(
      mePage.action,
      request('/me', { cookie, form: { intent: 'contact', email: 'bad', phone: '' } }),
    );
    expect(page.status).toBe(400);
    expect((await page.json()).errors.email).toEqual(['Enter a valid email address, like name@example.com']);
  });

  it("'Change tee time': an open position of the season, once, with a confirmation email; a taken one is 409", async () => {
    const { unique, call, request, apiTeeTime, mePage, signInGolfer, db } = await app();
    const { getLeagueSeason } = await import('~/models/seasons.server');
    const { year: season } = await getLeagueSeason();
    const email = `${unique('tee')}@example.org`;
    const golfer = await golferAt(email);
    const rival = await golferAt(`${unique('rival')}@example.org`);
    for (const g of [golfer, rival])
      await db.membership.create({ data: { golferId: g.id, season, registered: true, paid: true } });
    const minute = String(Math.floor(Math.random() * 60)).padStart(2, '0');
    const slot = await db.teeTime
      .create({ data: { season, time: `04:${minute}` } })
      .catch(async () => db.teeTime.create({ data: { season, time: `03:${minute}` } }));
    const cookie = await signInGolfer(golfer.id);
    expect(
      (await call(apiTeeTime.action, request('/api/me/tee-time', { json: { teeTimeId: slot.id, position: 1 } })))
        .status,
    ).toBe(401);
    const took = await call(
      mePage.action,
      request('/me', { cookie, form: { intent: 'tee-time', slot: `${slot.id}:1` } }),
    );
    expect(took.status).toBe(303);
    expect((await db.teeTime.findUnique({ where: { id: slot.id } }))?.golfer1Id).toBe(golfer.id);
    expect(await db.outboxMessage.count({ where: { kind: 'tee-time', golferId: golfer.id } })).toBe(1);

    const rivalCookie = await signInGolfer(rival.id);
    const clash = await call(
      apiTeeTime.action,
      request('/api/me/tee-time', { cookie: rivalCookie, json: { teeTimeId: slot.id, position: 1 } }),
    );
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toBe('That tee time was just taken. Please choose another one.');
    expect((await db.teeTime.findUnique({ where: { id: slot.id } }))?.golfer1Id).toBe(golfer.id);
    const bad = await call(
      apiTeeTime.action,
      request('/api/me/tee-time', { cookie: rivalCookie, json: { teeTimeId: slot.id, position: 9 } }),
    );
    expect(bad.status).toBe(400);
  });

  it("'League messages' is the unsubscribe setting; 'Email my receipt again' queues the receipt", async () => {
    const { unique, call, request, mePage, signInGolfer, db, getGolfer } = await app();
    const { getLeagueSeason } = await import('~/models/seasons.server');
    const { year: season } = await getLeagueSeason();
    const email = `${unique('msgs')}@example.org`;
    const golfer = await golferAt(email);
    const cookie = await signInGolfer(golfer.id);
    const off = await call(
      mePage.action,
      request('/me', { cookie, form: { intent: 'messages', leagueMessages: 'off' } }),
    );
    expect(off.status).toBe(303);
    expect((await getGolfer(golfer.id))?.unsubscribedAt).not.toBeNull();
    await call(mePage.action, request('/me', { cookie, form: { intent: 'messages', leagueMessages: 'on' } }));
    expect((await getGolfer(golfer.id))?.unsubscribedAt).toBeNull();

    // No online payment: nothing to resend (404), nothing queued.
    const none = await call(mePage.action, request('/me', { cookie, form: { intent: 'receipt' } }));
    expect(none.status).toBe(404);
    await db.membership.create({ data: { golferId: golfer.id, season, registered: true, paid: true } });
    await db.pendingRegistration.create({
      data: {
        id: unique('pending'),
        registrationType: 'returning',
        golferId: golfer.id,
        email,
        season,
        amountCents: 12_500,
        checkoutSessionId: unique('cs_test_'),
        fulfilledAt: new Date(),
        fulfilledGolferId: golfer.id,
      },
    });
    const sent = await call(mePage.action, request('/me', { cookie, form: { intent: 'receipt' } }));
    expect(sent.status).toBe(303);
    const receipt = await db.outboxMessage.findFirst({ where: { kind: 'receipt', toAddress: email } });
    expect(receipt?.text).toContain('$125');
    expect(receipt?.text).toContain('/me');
    const page = await (await call(mePage.loader, request('/me', { cookie }))).json();
    expect(page.membership).toMatchObject({ registered: true, paid: true, amount: '$125', canResendReceipt: true });
  });

  it('a golfer session opens no admin page, and /me without one goes to sign-in and comes back', async () => {
    const { call, request, mePage, signInGolfer, unique, signIn } = await app();
    const { loader: golfersPage } = await import('~/routes/_admin.golfers');
    const golfer = await golferAt(`${unique('sep')}@example.org`);
    const cookie = await signInGolfer(golfer.id);
    const admin = await call(golfersPage, request('/golfers', { cookie }));
    expect(admin.status).toBe(302);
    expect(admin.headers.get('Location')).toMatch(/^\/auth/);
    const anon = await call(mePage.loader, request('/me'));
    expect(anon.headers.get('Location')).toBe('/me/sign-in');
    const asAdmin = await call(mePage.loader, request('/me', { cookie: (await signIn()).cookie }));
    expect(asAdmin.headers.get('Location')).toBe('/me/sign-in');
  });
}
