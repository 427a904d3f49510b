import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { formatDollars } from '~/domain/format';
import { formatLeagueDateTime } from '~/domain/season';
import { formatTeeTime } from '~/domain/tee-times';
import { setLeagueMessages } from '~/features/league-messages/league-messages.server';
import { changeMyTeeTime, myLeague, resendReceipt, updateMyContact } from '~/features/my-league/my-league.server';
import { takeHourlySlot } from '~/models/rate-limit.server';
import { asPosition } from '~/models/tee-times.server';
import { leagueMessagesSchema, myContactSchema } from '~/schemas/my-league';
import { chooseSlotSchema } from '~/schemas/tee-time';
import { Notice } from '~/ui/notice';
import { Field } from '~/ui/primitives/field';
import { Button, buttonClass } from '~/ui/primitives/button';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';
import { requireGolfer } from '~/web/golfer-session.server';
import { parseBody, siteOrigin, TooManyRequestsError } from '~/web/http.server';
import { publicAction, retryAfterHeaders } from '~/web/public-page.server';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'My league'),
  { name: 'robots', content: 'noindex' },
];

export const headers = retryAfterHeaders;

/** At most this many 'Email my receipt again' an hour per golfer: it is their inbox, but the outbox is shared. */
const RECEIPTS_PER_HOUR = 5;

/**
 * /me, 'My league' (docs/product/my-league.md): the signed-in golfer's membership, standing tee time, handicap,
 * contact details and league messages. Without a golfer's session: /me/sign-in, which comes back here.
 * Dates, times and money are formatted here, so the page sends no formatting code to the browser.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { golferId } = await requireGolfer(request);
  const data = await myLeague(golferId);
  const times = new Map<string, { slot: string; label: string }>();
  for (const open of data.openTeeTimes)
    if (!times.has(open.time))
      times.set(open.time, { slot: `${open.teeTimeId}:${open.position}`, label: formatTeeTime(open.time) });
  return json({
    golfer: data.golfer,
    season: data.season,
    membership: data.membership && {
      ...data.membership,
      amount: data.membership.amountCents === null ? null : formatDollars(data.membership.amountCents),
      date: data.membership.paidAt ? formatLeagueDateTime(data.membership.paidAt, 'MMMM d, yyyy') : null,
    },
    registerYear: data.registerYear,
    teeTime: data.teeTime && { ...data.teeTime, label: formatTeeTime(data.teeTime.time) },
    openTimes: [...times.values()],
    handicap: data.handicap,
    statsUrl: data.statsUrl,
  });
}

type Failed = { intent: string; message: string; errors?: Record<string, string[]> };

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export async function action({ request }: ActionFunctionArgs) {
  const { golferId } = await requireGolfer(request);
  const origin = siteOrigin(request);
  let intent = '';
  return publicAction(request, {
    maxBytes: 10_000,
    run: async ({ form, done }) => {
      intent = text(form, 'intent');
      const fields = Object.fromEntries(form);
      if (intent === 'receipt') {
        const wait = await takeHourlySlot(`me-receipt:${golferId}`, RECEIPTS_PER_HOUR);
        if (wait !== null)
          throw new TooManyRequestsError('You asked for your receipt a few times already. Try again later.', wait);
        const { to } = await resendReceipt(golferId, origin);
        return done('/me', { title: 'Receipt sent', description: `We emailed your receipt to ${to}.` });
      }
      if (intent === 'tee-time') {
        const { slot } = parseBody(chooseSlotSchema, fields, 'Please choose a tee time');
        const result = await changeMyTeeTime(golferId, slot.teeTimeId, asPosition(slot.position), origin);
        return done('/me', {
          title: 'Tee time changed',
          description: `Your standing tee time is ${formatTeeTime(result.time)}. We emailed you a confirmation.`,
        });
      }
      if (intent === 'contact') {
        const input = parseBody(myContactSchema, fields, 'Please correct the highlighted fields.');
        const result = await updateMyContact(golferId, { email: input.email, phone: input.phone ?? null }, origin);
        const saved = result.phoneChanged ? 'Your phone number is saved.' : '';
        const pending = result.emailPending
          ? `We sent a link to ${result.emailPending}: your email changes when you open it.`
          : '';
        return done('/me', {
          title: 'Contact details',
          description: [saved, pending].join(' ').trim() || 'Nothing changed.',
        });
      }
      if (intent === 'messages') {
        const { leagueMessages } = parseBody(leagueMessagesSchema, fields, 'League messages must be on or off');
        await setLeagueMessages(golferId, leagueMessages);
        return done('/me', { title: leagueMessages ? 'League messages on' : 'League messages off' });
      }
      return json<Failed>({ intent, message: 'Unknown action.' }, { status: 400 });
    },
    failed: (failure): Failed => ({ intent, message: failure.message, errors: failure.errors }),
  });
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `${title.toLowerCase().replace(/[^a-z]+/g, '-')}-heading`;
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-emerald-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Problem({ failed, intent }: { failed: Failed | undefined; intent: string }) {
  return failed?.intent === intent ? <Notice tone="error" title={failed.message} /> : null;
}

export default function MyLeaguePage() {
  const page = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useIsPending();
  const { golfer, membership, teeTime } = page;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">My league</h1>
        <p className="text-lg text-slate-700">{golfer.name}</p>
      </div>

      <Section title={`${page.season} season`}>
        {membership ? (
          <>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Registered</dt>
              <dd>{membership.registered ? 'Yes' : 'No'}</dd>
              <dt className="text-slate-600">Paid</dt>
              <dd>{membership.paid ? 'Yes' : 'No'}</dd>
              {membership.amount ? (
                <>
                  <dt className="text-slate-600">Amount</dt>
                  <dd>{membership.amount}</dd>
                </>
              ) : null}
              {membership.date ? (
                <>
                  <dt className="text-slate-600">Date</dt>
                  <dd>{membership.date}</dd>
                </>
              ) : null}
            </dl>
            <Problem failed={failed} intent="receipt" />
            {membership.canResendReceipt ? (
              <Form method="post">
                <input type="hidden" name="intent" value="receipt" />
                <Button type="submit" variant="secondary" disabled={busy}>
                  Email my receipt again
                </Button>
              </Form>
            ) : null}
          </>
        ) : page.registerYear ? (
          <Link
            to={`/register?type=returning&golferId=${golfer.id}`}
            className={buttonClass('primary')}
          >{`Register for the ${page.registerYear} season`}</Link>
        ) : (
          <p className="text-slate-700">You are not registered for the {page.season} season.</p>
        )}
      </Section>

      <Section title="Standing tee time">
        <p className="text-slate-700">
          {teeTime ? `${teeTime.label} every Monday` : 'You have no standing tee time yet.'}
        </p>
        <Problem failed={failed} intent="tee-time" />
        {membership && (membership.registered || membership.paid) && page.openTimes.length > 0 ? (
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="tee-time" />
            <div className="space-y-1">
              <label htmlFor="slot" className="block text-sm font-medium text-slate-700">
                Open tee times
              </label>
              <select id="slot" name="slot" required className="rounded-md border border-slate-300 px-3 py-2 text-sm">
                {page.openTimes.map((open) => (
                  <option key={open.slot} value={open.slot}>
                    {open.label}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" disabled={busy}>
              Change tee time
            </Button>
          </Form>
        ) : null}
      </Section>

      {/*
        SUBS (SPEC-3 §C, branch subs): the 'Upcoming nights' (in or out) and 'I can sub' sections go HERE, as the
        components that engineer provides; the lead wires them in at merge. Nothing of them is built on this branch.
      */}

      <Section title="Handicap">
        <p className="text-slate-700">
          {page.handicap === null ? 'No handicap yet.' : `Your handicap is ${page.handicap}.`}
        </p>
        {page.statsUrl ? (
          <Link to={page.statsUrl} className="text-emerald-800 underline">
            See how it is worked out
          </Link>
        ) : null}
      </Section>

      <Section title="Contact details">
        <Problem failed={failed} intent="contact" />
        <Form method="post" className="space-y-3" noValidate>
          <input type="hidden" name="intent" value="contact" />
          <Field
            label="Email"
            hint="A new address changes once you open the link we send to it."
            errors={failed?.intent === 'contact' ? failed.errors?.email : undefined}
            errorId="email-error"
            inputProps={{
              id: 'email',
              name: 'email',
              type: 'email',
              autoComplete: 'email',
              defaultValue: golfer.email ?? '',
            }}
          />
          <Field
            label="Phone"
            errors={failed?.intent === 'contact' ? failed.errors?.phone : undefined}
            errorId="phone-error"
            inputProps={{
              id: 'phone',
              name: 'phone',
              type: 'tel',
              autoComplete: 'tel',
              defaultValue: golfer.phone ?? '',
            }}
          />
          <Button type="submit" disabled={busy}>
            Save contact details
          </Button>
        </Form>
      </Section>

      <Section title="League messages">
        <Problem failed={failed} intent="messages" />
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="messages" />
          <input type="hidden" name="leagueMessages" value={golfer.leagueMessages ? 'off' : 'on'} />
          <p className="text-slate-700">
            {golfer.leagueMessages
              ? 'League messages are on: you get the messages the league sends golfers.'
              : 'League messages are off. Receipts and tee-time confirmations still come.'}
          </p>
          <Button type="submit" variant="secondary" disabled={busy}>
            {golfer.leagueMessages ? 'Turn league messages off' : 'Turn league messages on'}
          </Button>
        </Form>
      </Section>

      <div className="flex flex-wrap gap-3">
        <Form method="post" action="/me/sign-out">
          <Button type="submit" variant="secondary">
            Sign out
          </Button>
        </Form>
        <Form method="post" action="/me/sign-out">
          <input type="hidden" name="intent" value="everywhere" />
          <Button type="submit" variant="ghost">
            Sign out everywhere
          </Button>
        </Form>
      </div>
    </div>
  );
}
