import type { LoaderFunctionArgs } from '@remix-run/node';
import { verifyCheckoutSession } from '~/features/registration/fulfilment.server';
import { apiHandler, getOnlyAction, HttpError, siteOrigin } from '~/web/http.server';
import { isCheckoutSessionId } from '~/integrations/payments/provider.server';

export const action = getOnlyAction;

/**
 * GET /api/payment-status/:sessionId (public; the session id is the golfer's secret link): verifies the
 * payment with the provider, fulfils it if that has not happened yet, and answers {email, golferId}.
 * The provider being unreachable is a 502 (apiHandler).
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const sessionId = params.sessionId;
    if (!isCheckoutSessionId(sessionId)) throw new HttpError(400, 'Invalid checkout session id');
    const result = await verifyCheckoutSession(sessionId, siteOrigin(request));
    switch (result.state) {
      case 'paid':
        return Response.json({
          paid: true,
          status: 'paid',
          email: result.email,
          golferId: result.golferId,
          season: result.season,
          amountCents: result.amountCents,
        });
      case 'processing':
        return Response.json(
          { paid: false, status: 'processing', message: 'Your payment is still being processed.' },
          { status: 202 },
        );
      case 'unpaid':
        return Response.json(
          { paid: false, status: 'unpaid', message: 'Payment has not been completed.' },
          { status: 402 },
        );
      default:
        throw new HttpError(404, 'Checkout session not found');
    }
  });
}
