import type { ActionFunctionArgs } from '@remix-run/node';
import { signInEmailSchema } from '~/schemas/golfer-sign-in';
import { clientAddress } from '~/web/client-address.server';
import { sendSignInCode } from '~/web/golfer-sign-in.server';
import { apiHandler, methodNotAllowed, parseBody, postOnlyLoader, readJson, siteOrigin } from '~/web/http.server';

export const loader = postOnlyLoader;

/**
 * POST /api/me/code {email} (public): emails a sign-in code when golfers have this address; the answer is the same
 * either way (202 {message}). 400 for a malformed address, 429 with Retry-After past the hourly limits.
 */
export function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const address = clientAddress(context);
    const { email } = parseBody(signInEmailSchema, await readJson(request, 10_000), 'Enter a valid email address.');
    const { message } = await sendSignInCode({ email, clientAddress: address, origin: siteOrigin(request) });
    return Response.json({ message }, { status: 202 });
  });
}
