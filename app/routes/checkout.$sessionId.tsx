import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { Notice } from '~/ui/notice';
import { Button } from '~/ui/primitives/button';
import { formatDollars } from '~/domain/format';
import { getSettings } from '~/models/settings.server';
import { getSimulatedCheckout, paySimulatedCheckout } from '~/integrations/payments/simulated-checkouts.server';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'Test payment', 'Checkout'),
  { name: 'robots', content: 'noindex' },
];

/**
 * The simulated checkout (used only when no STRIPE_SECRET_KEY is set): stands where Stripe's hosted page
 * would, outside the site's layout, and returns exactly as Stripe does — Pay to the success URL with the
 * session id filled in, Cancel to the cancel URL. Plain HTML form and link, so it works without JavaScript.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const session = await getSimulatedCheckout(params.sessionId ?? '');
  if (!session) throw data({ message: 'This checkout session does not exist.' }, { status: 404 });
  const settings = await getSettings();
  return { session, leagueName: settings.leagueName };
}

export async function action({ params }: ActionFunctionArgs) {
  const successUrl = await paySimulatedCheckout(params.sessionId ?? '');
  // An expired session (replaced by a newer registration, or the golfer already paid) takes no payment.
  if (!successUrl)
    throw data(
      { message: 'This checkout session does not exist or has expired. Nothing was charged.' },
      { status: 404 },
    );
  return redirect(successUrl, 303);
}

export default function SimulatedCheckoutPage() {
  const { session, leagueName } = useLoaderData<typeof loader>();
  const paying = useIsPending({ state: 'non-idle' });
  const paid = session.paymentStatus === 'paid';
  const expired = !paid && session.status === 'expired';
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-md space-y-5 rounded-xl border bg-white p-6 shadow-sm">
        <Notice tone="warning" title="Test payment, no card is charged">
          This is the league's simulated checkout, used while no payment provider is configured.
        </Notice>
        <div>
          <p className="text-sm text-slate-500">{leagueName}</p>
          <h1 className="text-xl font-semibold text-slate-900">{session.description}</h1>
          <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="checkout-amount">
            {formatDollars(session.amountCents)}
          </p>
          {session.customerEmail ? (
            <p className="mt-1 text-sm text-slate-600">Receipt to {session.customerEmail}</p>
          ) : null}
        </div>
        {paid ? <p className="text-sm text-emerald-800">This session has already been paid.</p> : null}
        {expired ? (
          <>
            <Notice tone="error" title="This checkout has expired">
              It was replaced by a newer registration, or the golfer has already paid for the season. Nothing was
              charged.
            </Notice>
            <a href={session.cancelUrl} className="block text-center text-sm text-slate-600 underline">
              Back to registration
            </a>
          </>
        ) : (
          <Form method="post">
            <Button type="submit" className="w-full" disabled={paying}>
              {paid ? 'Continue' : paying ? 'Processing...' : `Pay ${formatDollars(session.amountCents)}`}
            </Button>
          </Form>
        )}
        {!paid && !expired ? (
          <a href={session.cancelUrl} className="block text-center text-sm text-slate-600 underline">
            Cancel
          </a>
        ) : null}
      </div>
    </main>
  );
}
