import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { Notice } from '~/ui/notice';
import { Field } from '~/ui/primitives/field';
import { Button } from '~/ui/primitives/button';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';
import { signInCodeSchema, signInEmailSchema, signInLinkSchema } from '~/schemas/golfer-sign-in';
import { clientAddress } from '~/web/client-address.server';
import { getGolfer, startGolferSession } from '~/web/golfer-session.server';
import {
  afterSignIn,
  sendSignInCode,
  signInLinkChoices,
  signInWithLink,
  verifySignInCode,
  type SignInChoice,
} from '~/web/golfer-sign-in.server';
import { failureInit, failureOf, parseBody, siteOrigin } from '~/web/http.server';
import { publicAction, retryAfterHeaders } from '~/web/public-page.server';

// The sign-in page may be found by search engines (Lighthouse's SEO score, SPEC-3 §G); a one-click link's page not.
export const meta: MetaFunction = ({ matches, location }) => [
  ...titled(matches, 'Sign in to My league'),
  {
    name: 'description',
    content: 'League golfers sign in with a code sent to their email: their membership, tee time and contact details.',
  },
  ...(new URLSearchParams(location.search).has('token') ? [{ name: 'robots', content: 'noindex' }] : []),
];

export const headers = retryAfterHeaders;

type Errors = Record<string, string[] | undefined>;

type Page =
  | { step: 'email'; email?: string; message?: string; errors?: Errors }
  | { step: 'code'; email: string; sent: string; message?: string; errors?: Errors }
  | { step: 'choose'; email?: string; code?: string; token?: string; choices: SignInChoice[]; message?: string }
  | { step: 'failed'; message: string };

/**
 * /me/sign-in (docs/product/my-league.md#signing-in): 'Email address' and 'Send my code', then the code, then, when
 * several golfers share the address, 'Who is signing in?'. `?token=` is the emailed one-click link: opening it
 * changes nothing; its button signs in. `?next=` is the /me page to go back to.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get('token');
  if (token === null) {
    if (await getGolfer(request)) throw redirect(afterSignIn(url.searchParams.get('next')));
    return json<Page>({ step: 'email' });
  }
  try {
    return json<Page>({ step: 'choose', token, choices: await signInLinkChoices(token) });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return json<Page>({ step: 'failed', message: failure.message }, failureInit(failure));
  }
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export async function action({ request, context }: ActionFunctionArgs) {
  const address = clientAddress(context);
  const next = afterSignIn(new URL(request.url).searchParams.get('next'));
  let failedStep: (message: string, errors?: Errors) => Page = (message, errors) => ({
    step: 'email',
    message,
    errors,
  });
  return publicAction(request, {
    maxBytes: 10_000,
    run: async ({ form }) => {
      const intent = text(form, 'intent');
      const signIn = async (result: { golferId: number } | { choose: SignInChoice[] }, keep: Partial<Page>) => {
        if ('choose' in result) return json<Page>({ step: 'choose', choices: result.choose, ...keep } as Page);
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
      return json<Page>({ step: 'code', email: input.email, sent: message });
    },
    failed: (failure) => failedStep(failure.message, failure.errors),
  });
}

export default function SignInPage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const page = posted ?? loaded;
  const busy = useIsPending();
  const [params] = useSearchParams();
  const next = params.get('next');
  const formAction = next ? `/me/sign-in?next=${encodeURIComponent(next)}` : '/me/sign-in';

  return (
    <div className="mx-auto max-w-md space-y-4 rounded-lg border bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">
        {page.step === 'choose' ? 'Who is signing in?' : 'Sign in to My league'}
      </h1>
      {page.step === 'failed' ? (
        <>
          <Notice tone="error" title={page.message} />
          <Link to="/me/sign-in" className="text-emerald-800 underline">
            Ask for a new code
          </Link>
        </>
      ) : null}
      {page.step === 'email' ? (
        <Form method="post" action={formAction} className="space-y-4" noValidate>
          <p className="text-slate-700">We email you a code to sign in with. No password needed.</p>
          {page.message && !page.errors?.email ? <Notice tone="error" title={page.message} /> : null}
          <input type="hidden" name="intent" value="send" />
          <Field
            label="Email address"
            errors={page.errors?.email}
            errorId="email-error"
            inputProps={{
              id: 'email',
              name: 'email',
              type: 'email',
              autoComplete: 'email',
              inputMode: 'email',
              required: true,
              defaultValue: page.email ?? '',
            }}
          />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Sending...' : 'Send my code'}
          </Button>
        </Form>
      ) : null}
      {page.step === 'code' ? (
        <Form method="post" action={formAction} className="space-y-4" noValidate>
          {page.sent ? <Notice tone="success" title={page.sent} /> : null}
          {page.message && !page.errors?.code ? <Notice tone="error" title={page.message} /> : null}
          <input type="hidden" name="intent" value="code" />
          <input type="hidden" name="email" value={page.email} />
          <Field
            label="Code from the email"
            hint="6 digits, valid for 15 minutes. Or use the link in the email."
            errors={page.errors?.code}
            errorId="code-error"
            inputProps={{
              id: 'code',
              name: 'code',
              type: 'text',
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              pattern: '[0-9]*',
              maxLength: 6,
              required: true,
            }}
          />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? 'Checking...' : 'Sign in'}
          </Button>
          <p className="text-sm">
            <Link to={formAction} className="text-emerald-800 underline">
              Use another address or send a new code
            </Link>
          </p>
        </Form>
      ) : null}
      {page.step === 'choose' ? (
        <Form method="post" action={formAction} className="space-y-3">
          {page.message ? <Notice tone="error" title={page.message} /> : null}
          <input type="hidden" name="intent" value={page.token ? 'link' : 'code'} />
          {page.token ? <input type="hidden" name="token" value={page.token} /> : null}
          {page.email ? <input type="hidden" name="email" value={page.email} /> : null}
          {page.code ? <input type="hidden" name="code" value={page.code} /> : null}
          {page.choices.length > 1 ? <p className="text-slate-700">This address belongs to:</p> : null}
          {page.choices.map((choice) => (
            <Button
              key={choice.id}
              type="submit"
              name="golferId"
              value={String(choice.id)}
              disabled={busy}
              className="w-full"
            >
              {`Sign in as ${choice.name}`}
            </Button>
          ))}
        </Form>
      ) : null}
    </div>
  );
}
