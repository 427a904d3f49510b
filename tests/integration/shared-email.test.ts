import { beforeAll, describe, expect, it } from 'vitest';
import { importJsonText } from '~/features/import/import.server';
import { createGolfer, findGolfersByEmail, getGolfer } from '~/models/golfers.server';
import * as golfersPage from '~/routes/_admin.golfers';
import { action as apiGolfersAction } from '~/routes/api.golfers';
import { action as registerAction } from '~/routes/_public.register';
import { db } from '~/db/db.server';
import { call, openRegistration, request, signIn, unique } from './helpers';

/**
 * Several golfers may share one email address (a couple: docs/decisions/125-golfer-sign-in.md,
 * docs/product/data-model.md): what relied on golfers.email being unique keeps a sensible behaviour.
 */
beforeAll(async () => {
  delete process.env.STRIPE_SECRET_KEY;
  await openRegistration();
});

async function couple() {
  const email = `${unique('couple')}@example.org`;
  const jane = await createGolfer({ firstName: 'Jane', lastName: unique('Pair'), email }, null);
  const john = await createGolfer({ firstName: 'John', lastName: unique('Pair'), email, sharedEmail: true }, null);
  return { email, jane, john };
}

describe('a shared email address', () => {
  it("the golfer form refuses another golfer's address unless 'Another golfer shares this address' is ticked", async () => {
    const { cookie } = await signIn();
    const email = `${unique('form')}@example.org`;
    await createGolfer({ firstName: 'Ann', lastName: unique('Form'), email }, null);
    const form = { intent: 'create', firstName: 'Bob', lastName: unique('Form'), email };
    const refused = await call(golfersPage.action, request('/golfers', { cookie, form }));
    expect(refused.status).toBe(409);
    const shared = await call(
      golfersPage.action,
      request('/golfers', { cookie, form: { ...form, sharedEmail: 'on' } }),
    );
    expect(shared.status).toBe(302);
    const both = await findGolfersByEmail(email);
    expect(both).toHaveLength(2);
    // Editing one of them without the box keeps their own shared address.
    const bob = both[1];
    const edited = await call(
      golfersPage.action,
      request('/golfers', {
        cookie,
        form: {
          intent: 'update',
          id: String(bob.id),
          firstName: 'Bob',
          lastName: bob.lastName,
          email,
          phone: '231-555-0111',
        },
      }),
    );
    expect(edited.status).toBe(302);
    expect(await getGolfer(bob.id)).toMatchObject({ email, phone: '231-555-0111' });
    const api = await call(
      apiGolfersAction,
      request('/api/golfers', { cookie, json: { firstName: 'Cy', lastName: unique('Api'), email, sharedEmail: true } }),
    );
    expect(api.status).toBe(201);
  });

  it("registration: a 'new' golfer at a shared address is the one of the typed name, else told to choose their name", async () => {
    const { email, jane } = await couple();
    const base = {
      registrationType: 'new',
      email,
      phone: '231-555-0142',
      estimatedScore: '42',
      termsAccepted: 'on',
    };
    const asJane = await call(
      registerAction,
      request('/register', { form: { ...base, firstName: 'jane', lastName: jane.lastName } }),
    );
    expect(asJane.status).toBe(303);
    const pending = await db.pendingRegistration.findFirst({ where: { email }, orderBy: { createdAt: 'desc' } });
    expect(pending?.golferId).toBe(jane.id);
    const stranger = await call(
      registerAction,
      request('/register', { form: { ...base, firstName: 'Pat', lastName: unique('Other') } }),
    );
    expect(stranger.status).toBe(409);
    expect((await stranger.json()).message).toBe(
      "Several golfers share that email address. If you have played in the league before, choose 'Returning golfer' and pick your name.",
    );
  });

  it('registration: a returning golfer may use the address they share, not one only others have', async () => {
    const { email, john } = await couple();
    const base = { registrationType: 'returning', email, phone: '231-555-0142', termsAccepted: 'on' };
    const ok = await call(registerAction, request('/register', { form: { ...base, golferId: String(john.id) } }));
    expect(ok.status).toBe(303);
    const other = await createGolfer(
      { firstName: 'Al', lastName: unique('Solo'), email: `${unique('solo')}@example.org` },
      null,
    );
    const refused = await call(registerAction, request('/register', { form: { ...base, golferId: String(other.id) } }));
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      'That email address belongs to another golfer. Please enter your own email address.',
    );
  });

  it('an import row matches the golfer of its name at a shared address', async () => {
    const { email, jane, john } = await couple();
    await importJsonText(
      'golfers',
      JSON.stringify([{ firstName: 'John', lastName: john.lastName, email, phone: '231-555-0177' }]),
      null,
    );
    expect(await getGolfer(john.id)).toMatchObject({ phone: '231-555-0177' });
    expect((await getGolfer(jane.id))?.phone).toBeNull();
    expect(await findGolfersByEmail(email)).toHaveLength(2);
  });
});
