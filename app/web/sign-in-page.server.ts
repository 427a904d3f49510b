import { json, redirect, type AppLoadContext } from '@remix-run/node';
import { signInCodeSchema, signInEmailSchema, signInLinkSchema } from '~/schemas/golfer-sign-in';
import { clientAddress } from './client-address.server';
import { getGolfer, startGolferSession } from './golfer-session.server';
import {
  afterSignIn,
  sendSignInCode,
  signInLinkChoices,
  signInWithLink,
  verifySignInCode,
  type SignInChoice,
} from './golfer-sign-in.server';
import { failureInit, failureOf, parseBody, siteOrigin } from './http.server';
import { publicAction } from './public-page.server';

type SignInErrors = Record<string, string[] | undefined>;

export type SignInPage =
  | { step: 'email'; email?: string; message?: string; errors?: SignInErrors }
  | { step: 'code'; email: string; sent: string; message?: string; errors?: SignInErrors }
  | { step: 'choose'; email?: string; code?: string; token?: string; choices: SignInChoice[]; message?: string }
  | { step: 'failed'; message: string };

/**
 * /me/sign-in (docs/product/my-league.md#signing-in): 'Email address' and 'Send my code', then the code, then, when
 * several golfers share the address, 'Who is signing in?'. `?token=` is the emailed one-click link: opening it
 * changes nothing; its button signs in. `?next=` is the /me page to go back to. Here, not in the route, so the page
 * ships no schema code to the browser.
 */
export async function signInPage(request: Request) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  if (token === null) {
    if (await getGolfer(request)) throw redirect(afterSignIn(url.searchParams.get('next')));
    return json<SignInPage>({ step: 'email' });
  }
  try {
    return json<SignInPage>({ step: 'choose', token, choices: await signInLinkChoices(token) });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return json<SignInPage>({ step: 'failed', message: failure.message }, failureInit(failure));
  }
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export async function signInAction(request: Request, context: AppLoadContext) {
  const address = clientAddress(context);
  const next = afterSignIn(new URL(request.url).searchParams.get('next'));
  let failedStep: (message: string, errors?: SignInErrors) => SignInPage = (message, errors) => ({
    step: 'email',
    message,
    errors,
  });
  return publicAction(request, {
    maxBytes: 10_000,
    run: async ({ form }) => {
      const intent = text(form, 'intent');
      const signIn = async (result: { golferId: number } | { choose: SignInChoice[] }, keep: Partial<SignInPage>) => {
        if ('choose' in result)
          return json<SignInPage>({ step: 'choose', choices: result.choose, ...keep } as SignInPage);
        const cookie = await startGolferSession(request, result.golferId);
        throw redirect(next, { status: 303, headers: { 'Set-Cookie': cookie } });
      };
      if (intent === 'link') {
        const token = text(form, 'token');
        failedStep = (message) => ({ step: 'failed', message });
        const { golferId } = parseBody(signInLinkSchema, Object.fromEntries(form), 'Choose who is signing in.');
        return signIn(await signInWithLink(token, golferId), { token });
      }
      if (intent === 'code') {
        const email = text(form, 'email');
        failedStep = (message, errors) => ({ step: 'code', email, sent: '', message, errors });
        const input = parseBody(signInCodeSchema, Object.fromEntries(form), 'Enter the 6-digit code from the email.');
        const result = await verifySignInCode({ ...input, clientAddress: address });
        return signIn(result, { email: input.email, code: input.code });
      }
      const email = text(form, 'email');
      failedStep = (message, errors) => ({ step: 'email', email, message, errors });
      const input = parseBody(signInEmailSchema, Object.fromEntries(form), 'Enter a valid email address.');
      const { message } = await sendSignInCode({
        email: input.email,
        clientAddress: address,
        origin: siteOrigin(request),
      });
      return json<SignInPage>({ step: 'code', email: input.email, sent: message });
    },
    failed: (failure) => failedStep(failure.message, failure.errors),
  });
}
