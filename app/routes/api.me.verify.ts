import type { ActionFunctionArgs } from '@remix-run/node';
import { signInCodeSchema } from '~/schemas/golfer-sign-in';
import { clientAddress } from '~/web/client-address.server';
import { startGolferSession } from '~/web/golfer-session.server';
import { verifySignInCode } from '~/web/golfer-sign-in.server';
import { apiHandler, methodNotAllowed, parseBody, postOnlyLoader, readJson } from '~/web/http.server';

export const loader = postOnlyLoader;

/**
 * POST /api/me/verify {email, code, golferId?} (public): a right code starts the golfer's session (200 {golferId}
 * and the Set-Cookie). When several golfers share the address and none is chosen, 200 {choose: [{id, name}]} and
 * nothing is used: send again with golferId. 400 for a wrong, expired or used-up code; 429 with Retry-After when
 * guessing is locked out.
 */
export function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const address = clientAddress(context);
    const input = parseBody(
      signInCodeSchema,
      await readJson(request, 10_000),
      'Enter the 6-digit code from the email.',
    );
    const result = await verifySignInCode({ ...input, clientAddress: address });
    if ('choose' in result) return Response.json({ choose: result.choose });
    const cookie = await startGolferSession(request, result.golferId);
    return Response.json({ golferId: result.golferId }, { headers: { 'Set-Cookie': cookie } });
  });
}
