import { data, redirect, type AppLoadContext } from '@remix-run/node';
import {
  contactHint,
  registrationOffer,
  requireOpenRegistration,
  startRegistration,
} from '~/features/registration/checkout.server';
import { paymentsAreSimulated } from '~/integrations/payments/provider.server';
import { findGolferNames, getGolfer } from '~/models/golfers.server';
import { takeRegistrationSlot } from '~/models/rate-limit.server';
import { getSettings } from '~/models/settings.server';
import { nameSearchTooShort, parseRegistrationForm } from '~/schemas/registration';
import { registrationConstraint } from '~/schemas/registration.server';
import { clientAddress } from './client-address.server';
import { siteOrigin, TooManyRequestsError } from './http.server';
import { readId } from './id-param';
import { publicAction } from './public-page.server';

/**
 * /register (app/routes/_public.register.tsx) on the server: its loader and action. Apart from the route so that the
 * page's browser code does not load an empty stand-in for every server module they use
 * (docs/decisions/061-javascript-budgets.md).
 */

type Hint = Awaited<ReturnType<typeof contactHint>>;

export type GolferOption = { id: number; fullName: string };
export type Found = { query: string; golfers: GolferOption[]; more: boolean };

/**
 * Returning golfers find their name by typing 2 or more letters of it (docs/product/performance.md#lists-at-scale):
 * `?find=` lists at most 20 matching names (names only, docs/product/privacy-and-access.md#contact-details), which is
 * how the page works without JavaScript; with JavaScript the page asks GET /api/golfers-public as the golfer types.
 * The page never carries the whole list of golfers. The masked contact hint is given for one golfer at a time, the
 * one selected (?golferId=, which the page also fetches as the choice changes). The season and fee are those of the
 * season on sale; while none is, `closedMessage` replaces the form
 * (docs/product/seasons.md#registration-follows-the-season).
 */
export async function registerPage(request: Request) {
  const url = new URL(request.url);
  const golferId = readId(url.searchParams.get('golferId'));
  const find = (url.searchParams.get('find') ?? '').slice(0, 100);
  const [settings, offer, hint, golfer, found] = await Promise.all([
    getSettings(),
    registrationOffer(),
    golferId ? contactHint(golferId) : null,
    golferId ? getGolfer(golferId) : null,
    nameSearchTooShort(find) ? null : findGolferNames(find),
  ]);
  const names = (golfers: GolferOption[]) => golfers.map((g) => ({ id: g.id, fullName: g.fullName }));
  return {
    find,
    found: found ? ({ query: find, golfers: names(found.golfers), more: found.more } satisfies Found) : null,
    selected: golfer ? names([golfer])[0] : null,
    hint,
    type: url.searchParams.get('type') === 'returning' || golferId || find ? ('returning' as const) : ('new' as const),
    season: offer.year,
    feeCents: offer.feeCents,
    closedMessage: offer.closedMessage,
    leagueName: settings.leagueName,
    statementDescriptor: settings.statementDescriptor,
    simulated: paymentsAreSimulated(),
    constraint: registrationConstraint,
  };
}

/**
 * Register: a 303 to the checkout, or the form back with its messages (400; 200 for the no-JS "Show what we have on
 * file", which only validates the name), a closed registration (409), past this network's allowance of checkouts
 * (429, counted per client address: docs/decisions/094), a refusal of the registration itself, or the payment
 * provider down (502; nothing was charged).
 */
export async function registerAction(request: Request, context: AppLoadContext) {
  const address = clientAddress(context);
  // The form as read, once it has been: a failure after that answers with it (and its hint); one before, without.
  let sent: { submission: ReturnType<typeof parseRegistrationForm>; hint: Hint } | null = null;
  return publicAction(request, {
    maxBytes: 20_000,
    run: async ({ form }) => {
      // A page loaded before registration closed: refused as a whole (409), and no checkout starts.
      await requireOpenRegistration();
      const selected = readId(form.get('golferId'));
      // "Show what we have on file" sits in the returning-golfer section: pressing it says "I am returning", even
      // when the radio (which nothing switches without JavaScript) still reads "new".
      if (form.has('__intent__') && selected) form.set('registrationType', 'returning');
      const submission = parseRegistrationForm(form);
      const hint = form.get('registrationType') === 'returning' && selected ? await contactHint(selected) : null;
      sent = { submission, hint };
      // Not a submit (the no-JS "Show what's on file" button validates just the name) or invalid input.
      if (submission.status !== 'success') {
        return data(
          { result: submission.reply(), message: null, hint },
          { status: submission.status === 'error' ? 400 : 200 },
        );
      }
      // Past this network's allowance of checkouts (429): the form comes back with the message, nothing else happens.
      const refused = await takeRegistrationSlot(address);
      if (refused) throw new TooManyRequestsError(refused.message, refused.retryAfter);
      const { checkoutUrl } = await startRegistration(submission.value, siteOrigin(request));
      // 303: the browser follows with a GET to the checkout page, with or without JavaScript.
      return redirect(checkoutUrl, 303);
    },
    failed: (failure) => ({
      result: sent ? sent.submission.reply({ formErrors: [failure.message], fieldErrors: failure.errors }) : null,
      message: failure.message,
      hint: sent ? sent.hint : null,
    }),
  });
}
