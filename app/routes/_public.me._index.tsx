import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Notice } from '~/ui/notice';
import { NamedField } from '~/ui/primitives/field';
import { Button, buttonClass } from '~/ui/primitives/button';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';
import { myLeagueAction, myLeaguePage, type MyLeagueFailure as Failed } from '~/web/my-league-page.server';
import { retryAfterHeaders } from '~/web/public-page.server';
import { CanSubSwitch, UpcomingNights } from '~/ui/availability';
import { MyCalendar } from '~/ui/my-calendar';
import { MyTexts } from '~/ui/my-texts';
import { MyMoney, PlaySideGames } from '~/ui/my-money';
import { golferAppLinks, golferAppMeta, OfflineCopyNotice, useGolferApp } from '~/ui/golfer-app';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'My league'),
  // Lighthouse's SEO score (as the card's): a signed-in golfer's page, which a search engine is sent away from anyway
  // (to /me/sign-in), says what it is rather than asking not to be indexed.
  {
    name: 'description',
    content: "Your league: your tee time, your nights, your handicap and tonight's scorecard.",
  },
  ...golferAppMeta,
];

// The golfers' phone app: 'Add to Home Screen' opens here, and the worker keeps this page and tonight's card on the
// phone (docs/decisions/160-golfers-phone-app.md).
export const links: LinksFunction = () => golferAppLinks;

export const headers = retryAfterHeaders;

/** /me, 'My league' (docs/product/my-league.md): app/web/my-league-page.server.ts reads and writes it. */
export function loader({ request }: LoaderFunctionArgs) {
  return myLeaguePage(request);
}

export function action({ request }: ActionFunctionArgs) {
  return myLeagueAction(request);
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

/** The contact details a golfer edits: each shows what is stored and the errors of the last 'contact' save. */
const contactFields = [
  {
    name: 'email',
    type: 'email',
    label: 'Email',
    hint: 'A new address changes once you open the link we send to it.',
    autoComplete: 'email',
  },
  { name: 'phone', type: 'tel', label: 'Phone', autoComplete: 'tel' },
] as const;

export default function MyLeaguePage() {
  const page = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const busy = useIsPending();
  const { golfer, membership, teeTime } = page;
  const keptAt = useGolferApp(page.card?.url ?? null);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <OfflineCopyNotice keptAt={keptAt} />
      <div>
        <h1 className="text-3xl font-bold text-slate-900">My league</h1>
        <p className="text-lg text-slate-700">{golfer.name}</p>
      </div>

      {page.card ? (
        <Section title={page.card.title}>
          <p className="text-slate-700">{`Your group's card for ${page.card.label}.`}</p>
          {/* A page load, not a move inside the app: with no signal the worker answers it (decision 160). */}
          <Link to={page.card.url} reloadDocument className={buttonClass('primary')}>
            Keep score
          </Link>
        </Section>
      ) : null}

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
          {teeTime
            ? `${teeTime.label} every Monday`
            : `You have no standing tee time for the ${page.season} season yet.`}
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

      <UpcomingNights
        nights={page.nights.nights}
        hasTeeTime={page.nights.hasTeeTime}
        cutoffInWords={page.nights.cutoffInWords}
        back="/me"
      />
      <CanSubSwitch canSub={page.nights.canSub} back="/me" />
      <PlaySideGames data={page.sideGames} back="/me" />
      <MyMoney data={page.money} back="/me" />
      <MyCalendar key={page.calendar.url} {...page.calendar} />

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
          {contactFields.map((field) => (
            <NamedField
              key={field.name}
              {...field}
              defaultValue={golfer[field.name] ?? ''}
              errors={failed?.intent === 'contact' ? failed.errors?.[field.name] : undefined}
            />
          ))}
          <Button type="submit" disabled={busy}>
            Save contact details
          </Button>
        </Form>
      </Section>

      <MyTexts texts={page.texts} />

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

      {/* Whole page loads: the sign-in page that follows starts afresh, and the worker has emptied its copies (decision
          160) before the answer arrives. */}
      <div className="flex flex-wrap gap-3">
        <Form method="post" action="/me/sign-out" reloadDocument>
          <Button type="submit" variant="secondary">
            Sign out
          </Button>
        </Form>
        <Form method="post" action="/me/sign-out" reloadDocument>
          <input type="hidden" name="intent" value="everywhere" />
          <Button type="submit" variant="ghost">
            Sign out everywhere
          </Button>
        </Form>
      </div>
    </div>
  );
}
