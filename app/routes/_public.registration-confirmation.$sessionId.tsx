import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useFetcher, useLoaderData, useNavigate, useRevalidator } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Notice } from '~/ui/notice';
import { TeeTimePicker } from '~/ui/tee-time-picker';
import { Button, buttonClass } from '~/ui/primitives/button';
import { Spinner } from '~/ui/primitives/spinner';
import { formatDollars } from '~/domain/format';
import { formatTeeTime } from '~/domain/tee-times';
import { selectTeeTimeForSession, teeTimeChangeClosed } from '~/features/registration/standing-tee-time.server';
import { verifyCheckoutSession } from '~/features/registration/fulfilment.server';
import { asPosition, findGolferTeeTime, listTeeTimes } from '~/models/tee-times.server';
import { chooseSlotSchema } from '~/schemas/tee-time';
import { failureOf, siteOrigin } from '~/web/http.server';
import { publicAction } from '~/web/public-page.server';
import { isCheckoutSessionId } from '~/integrations/payments/provider.server';
import { useHydrated } from '~/ui/use-hydrated';
import { useIsPending } from '~/ui/use-is-pending';
import { titled } from '~/ui/meta';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'Registration Confirmation'),
  { name: 'robots', content: 'noindex' },
];

/** After Confirm Tee Time succeeds with JavaScript, the page shows the success message this long. */
const REDIRECT_DELAY_MS = 1500;

const failed = (message: string, status: number) => data({ state: 'failed' as const, message }, { status });

/**
 * Where the provider sends the golfer back. The loader verifies the session with the provider and fulfils
 * it if that has not happened yet (the webhook may have been first): reloading changes nothing.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const sessionId = params.sessionId ?? '';
  if (!isCheckoutSessionId(sessionId)) return failed('This confirmation link is not valid.', 400);
  let result;
  try {
    result = await verifyCheckoutSession(sessionId, siteOrigin(request));
  } catch (error) {
    // The provider could not be reached (502): the golfer reloads in a moment.
    const failure = failureOf(error);
    if (failure) return failed(failure.message, failure.status);
    throw error;
  }
  if (result.state === 'unknown') return failed('We could not find this payment.', 404);
  if (result.state === 'unpaid') return failed('This payment was not completed, so you have not been charged.', 402);
  if (result.state === 'processing') return { state: 'processing' as const };

  const [teeTimes, mine, closed] = await Promise.all([
    listTeeTimes(result.season),
    findGolferTeeTime(result.golferId, result.season),
    teeTimeChangeClosed(result.golferId, result.season),
  ]);
  return {
    state: 'paid' as const,
    email: result.email,
    golferId: result.golferId,
    season: result.season,
    amountCents: result.amountCents,
    teeTimes,
    mine,
    // After the season's first league night the link no longer moves a golfer who holds a tee time.
    teeTimeLocked: closed?.message ?? null,
  };
}

/**
 * Confirm Tee Time: the golfer of this paid session takes the chosen position. Without JavaScript it
 * redirects to /schedule with the 'Registration Complete!' toast; with JavaScript (js=1) it answers JSON and
 * the page shows the success message before going to /schedule.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const sessionId = params.sessionId ?? '';
  return publicAction(request, {
    maxBytes: 5_000,
    run: async ({ form, done }) => {
      const parsed = chooseSlotSchema.safeParse({ slot: form.get('slot') ?? undefined });
      if (!parsed.success)
        return data({ ok: false as const, message: 'Please choose a tee time first.' }, { status: 400 });
      const result = await selectTeeTimeForSession({
        sessionId,
        origin: siteOrigin(request),
        teeTimeId: parsed.data.slot.teeTimeId,
        position: asPosition(parsed.data.slot.position),
      });
      const description = `Your standing tee time is ${formatTeeTime(result.time, 'compact')} on Mondays. A confirmation email will follow.`;
      if (form.get('js') === '1') return { ok: true as const, time: result.time, description };
      return done('/schedule', { title: 'Registration Complete!', description });
    },
    // Not paid, a taken tee time, or the payment provider being down (502).
    failed: (failure) => ({ ok: false as const, message: failure.message }),
  });
}

export default function RegistrationConfirmationPage() {
  const data = useLoaderData<typeof loader>();
  if (data.state === 'failed') return <VerificationFailed message={data.message} />;
  if (data.state === 'processing') return <Verifying />;
  return <Confirmed data={data} />;
}

function VerificationFailed({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-lg rounded-lg border border-red-200 bg-white p-6 shadow-sm">
      <Notice tone="error" title="Payment Verification Failed">
        {message}
      </Notice>
      <p className="mt-4 text-slate-700">
        If you were charged and think this is a mistake, please contact the league administrator.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/schedule" className={buttonClass('secondary')}>
          View Schedule
        </Link>
        <Link to="/register" className={buttonClass('primary')}>
          Try Again
        </Link>
      </div>
    </div>
  );
}

/** Checkout finished but the provider has not confirmed the money yet: check again every few seconds. */
function Verifying() {
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const [tries, setTries] = useState(0);
  useEffect(() => {
    if (tries >= 30) return;
    const timer = setTimeout(() => {
      setTries((t) => t + 1);
      revalidator.revalidate();
    }, 2000);
    return () => clearTimeout(timer);
  }, [tries, revalidator]);
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-lg border bg-white p-8 text-center shadow-sm">
      <Spinner label="Verifying your payment" />
      <h1 className="text-xl font-semibold">Verifying your payment...</h1>
      <p className="text-slate-600">
        Your payment is still being processed. This page updates by itself once it is confirmed.
      </p>
      {!hydrated || tries >= 30 ? (
        <Link to="." reloadDocument className="text-emerald-700 underline">
          Check again
        </Link>
      ) : null}
    </div>
  );
}

/** "11:20AM, Golfer 3" for a "teeTimeId:position" choice. */
function describeSlot(slots: { id: number; time: string }[], value: string | null): string | null {
  if (!value) return null;
  const [id, position] = value.split(':').map(Number);
  const slot = slots.find((s) => s.id === id);
  return slot ? `${formatTeeTime(slot.time, 'compact')}, Golfer ${position}` : null;
}

type Paid = Extract<SerializeFrom<typeof loader>, { state: 'paid' }>;

function Confirmed({ data }: { data: Paid }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof action>();
  // With JavaScript the choice is posted by the fetcher; without, the form posts and a failure comes back here.
  const actionData = useActionData<typeof action>();
  const [selected, setSelected] = useState<string | null>(null);
  const saving = useIsPending({ fetcher, state: 'non-idle' });
  const result = fetcher.data ?? actionData;
  const selectedLabel = describeSlot(data.teeTimes, selected);
  const done = result?.ok === true;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate('/schedule'), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  // A position someone else just took is no longer a choice.
  useEffect(() => {
    if (result && !result.ok) setSelected(null);
  }, [result]);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <section className="rounded-lg border border-emerald-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-emerald-800">Registration Complete</h1>
        <p className="mt-2 text-slate-700">
          Your payment of {formatDollars(data.amountCents)} has been processed successfully for the {data.season}{' '}
          season.
        </p>
        <p className="mt-1 text-slate-700">
          A receipt will be sent to <span className="font-medium">{data.email}</span>.
        </p>
      </section>

      <section className="space-y-4">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">Choose Your Standing Tee Time</h2>
          <p className="mt-1 text-sm text-slate-600">
            Pick an open position; it is yours every Monday this season.
            {data.mine
              ? ` Your current standing tee time is ${formatTeeTime(data.mine.time, 'compact')}; choosing another moves you.`
              : ''}
          </p>
        </div>

        {done ? (
          <Notice tone="success" title="Registration Complete!">
            {result.description}
          </Notice>
        ) : null}
        {result && !result.ok ? (
          <Notice tone="error" title="Failed to select tee time.">
            {result.message}
          </Notice>
        ) : null}

        {data.teeTimeLocked ? (
          <Notice tone="info" title="The season has started">
            {data.teeTimeLocked}
          </Notice>
        ) : null}
        {data.teeTimes.length === 0 ? (
          <Notice tone="info" title="No tee times are available yet">
            Please contact the league administrator to choose your standing tee time.
          </Notice>
        ) : data.teeTimeLocked ? (
          // The tee times, to see; nothing to choose (decision 097).
          <fieldset disabled>
            <TeeTimePicker
              slots={data.teeTimes}
              selected={null}
              onSelect={() => undefined}
              interactive={hydrated}
              ownGolferId={data.golferId}
            />
          </fieldset>
        ) : (
          <fetcher.Form method="post" className="space-y-4">
            {hydrated ? (
              <>
                <input type="hidden" name="js" value="1" />
                <input type="hidden" name="slot" value={selected ?? ''} />
              </>
            ) : null}
            <TeeTimePicker
              slots={data.teeTimes}
              selected={selected}
              onSelect={setSelected}
              interactive={hydrated}
              ownGolferId={data.golferId}
            />
            <div className="sticky bottom-0 flex flex-wrap items-center gap-3 border-t bg-slate-50/95 py-3">
              {selectedLabel ? <span className="text-sm text-slate-700">Your choice: {selectedLabel}</span> : null}
              <Button type="submit" disabled={saving || done || (hydrated && !selected)}>
                {saving ? 'Saving...' : 'Confirm Tee Time'}
              </Button>
              <Link to="/schedule" className={buttonClass('ghost')}>
                Skip for now
              </Link>
            </div>
          </fetcher.Form>
        )}
        {data.teeTimes.length === 0 || data.teeTimeLocked ? (
          <Link to="/schedule" className={buttonClass('secondary')}>
            Skip for now
          </Link>
        ) : null}
      </section>
    </div>
  );
}

/** An unexpected failure while verifying still shows the failure card, never a bare error page. */
export function ErrorBoundary() {
  return (
    <VerificationFailed message="We could not verify your payment just now. If you were charged, reload this page in a moment." />
  );
}
