import type { LoaderFunctionArgs } from '@remix-run/node';
import { formatDollarsAndCents } from '~/domain/format';
import { balancePaymentReturned } from '~/features/money/pay-balance.server';
import { requireGolfer } from '~/web/golfer-session.server';
import { redirectWithToast } from '~/web/session.server';

/**
 * /me/money/paid/{CHECKOUT_SESSION_ID}: where the checkout of 'Pay my balance' returns (docs/product/money.md#balances).
 * The session is asked of the provider and recorded as the webhook would record it (once, whichever comes first);
 * then back to /me with what happened.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { golferId } = await requireGolfer(request);
  const result = await balancePaymentReturned(params.sessionId ?? '', golferId);
  if (result.state === 'paid' || result.state === 'already')
    return redirectWithToast(
      '/me',
      {
        type: 'success',
        title: 'Payment received',
        description: `${formatDollarsAndCents(result.amountCents)} paid. ${result.balanceCents > 0 ? `You still owe ${formatDollarsAndCents(result.balanceCents)}.` : 'Your balance is settled.'}`,
      },
      {},
      request,
    );
  return redirectWithToast(
    '/me',
    result.state === 'processing'
      ? { type: 'success', title: 'Payment processing', description: 'Your balance changes once the payment arrives.' }
      : {
          type: 'error',
          title: 'Payment not found',
          description: 'No payment of yours was found. Nothing was charged.',
        },
    {},
    request,
  );
}
