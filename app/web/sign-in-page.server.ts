import { data, redirect, type AppLoadContext } from '@remix-run/node';
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
import { failureInit, failureOf, siteOrigin, type DataAnswer } from './http.server';
import { publicAction, publicIntent } from './public-page.server';

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
export async function signInPage(request: Request): Promise<SignInPage | DataAnswer<SignInPage>> {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  if (token === null) {
    if (await getGolfer(request)) throw redirect(afterSignIn(url.searchParams.get('next')));
    return { step: 'email' };
  }
  try {
    return { step: 'choose', token, choices: await signInLinkChoices(token) };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return data<SignInPage>({ step: 'failed', message: failure.message }, failureInit(failure));
  }
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export async function signInAction(request: Request, context: AppLoadContext) {
  const address = clientAddress(context);
  const next = afterSignIn(new URL(request.url).searchParams.get('next'));
  const signIn = async (
    result: { golferId: number } | { choose: SignInChoice[] },
    keep: Partial<SignInPage>,
  ): Promise<SignInPage> => {
    if ('choose' in result) return { step: 'choose', choices: result.choose, ...keep } as SignInPage;
    const cookie = await startGolferSession(request, result.golferId);
    throw redirect(next, { status: 303, headers: { 'Set-Cookie': cookie } });
  };
  return publicAction(request, {
    maxBytes: 10_000,
    unknown: 'Enter a valid email address.',
    fallback: 'send',
    intents: {
      // 'Send my code' (the page's first form; a form that names no intent is this one).
      send: publicIntent({
        schema: signInEmailSchema,
        invalid: 'Enter a valid email address.',
        run: async ({ value }): Promise<SignInPage> => {
          const { message } = await sendSignInCode({
            email: value.email,
            clientAddress: address,
            origin: siteOrigin(request),
          });
          return { step: 'code', email: value.email, sent: message };
        },
      }),
      code: publicIntent({
        schema: signInCodeSchema,
        invalid: 'Enter the 6-digit code from the email.',
        run: async ({ value }) => {
          const result = await verifySignInCode({ ...value, clientAddress: address });
          return signIn(result, { email: value.email, code: value.code });
        },
      }),
      // The emailed one-click link's button (and 'Who is signing in?' after it).
      link: publicIntent({
        schema: signInLinkSchema,
        invalid: 'Choose who is signing in.',
        run: async ({ form, value }) => {
          const token = text(form, 'token');
          return signIn(await signInWithLink(token, value.golferId), { token });
        },
      }),
    },
    // The step the page shows again with the message: the one whose form was posted.
    failed: (failure, form): SignInPage => {
      const { message, errors } = failure;
      const intent = form ? text(form, 'intent') : '';
      if (intent === 'link') return { step: 'failed', message };
      const email = form ? text(form, 'email') : undefined;
      if (intent === 'code') return { step: 'code', email: email ?? '', sent: '', message, errors };
      return { step: 'email', email, message, errors };
    },
  });
}
