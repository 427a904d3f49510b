import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { Notice } from '~/ui/notice';
import { NamedField } from '~/ui/primitives/field';
import { Button } from '~/ui/primitives/button';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';
import { signInAction, signInPage } from '~/web/sign-in-page.server';
import { retryAfterHeaders } from '~/web/public-page.server';

// The sign-in page may be found by search engines (Lighthouse's SEO score, docs/product/performance.md); a one-click link's page not.
export const meta: MetaFunction = ({ matches, location }) => [
  ...titled(matches, 'Sign in to My league'),
  {
    name: 'description',
    content: 'League golfers sign in with a code sent to their email: their membership, tee time and contact details.',
  },
  ...(new URLSearchParams(location.search).has('token') ? [{ name: 'robots', content: 'noindex' }] : []),
];

export const headers = retryAfterHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  return signInPage(request);
}

export function action({ request, context }: ActionFunctionArgs) {
  return signInAction(request, context);
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
          <NamedField
            name="email"
            type="email"
            label="Email address"
            autoComplete="email"
            inputMode="email"
            required
            defaultValue={page.email ?? ''}
            errors={page.errors?.email}
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
          <NamedField
            name="code"
            type="text"
            label="Code from the email"
            hint="6 digits, valid for 15 minutes. Or use the link in the email."
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            errors={page.errors?.code}
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
