import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { Button } from '~/ui/primitives/button';
import { Field } from '~/ui/primitives/field';
import { getSettings } from '~/models/settings.server';
import { loginSchema } from '~/schemas/auth';
import { parseForm } from '~/schemas/parse-form';
import { commitUserSession, getUser, login, safeRedirect } from '~/web/auth.server';
import { clientAddress } from '~/web/client-address.server';
import { publicAction, retryAfterHeaders } from '~/web/public-page.server';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';

export const meta: MetaFunction<typeof loader> = ({ matches }) => titled(matches, 'Sign In');

// A 429 keeps its Retry-After when the answer is the page itself (JavaScript off).
export const headers = retryAfterHeaders;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUser(request)) throw redirect('/golfers');
  const settings = await getSettings();
  return { leagueName: settings.leagueName };
}

/**
 * Sign-in: the form back with 'Username is required'… (400), 'Invalid username or password' (401), a disabled account
 * (403) or 'Too many failed attempts…' (429, throttled per username and client address: docs/decisions/091).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const address = clientAddress(context);
  return publicAction(request, {
    maxBytes: 10_000,
    run: async ({ form }) => {
      const submission = parseForm(form, loginSchema);
      if (submission.status !== 'success') {
        return data({ result: submission.reply({ hideFields: ['password'] }), message: null }, { status: 400 });
      }
      const user = await login(request, submission.value, address);
      const cookie = await commitUserSession(request, user.id, {
        type: 'success',
        title: 'Login successful',
        description: `Welcome back, ${user.firstName}`,
      });
      return redirect(safeRedirect(submission.value.redirectTo), { headers: { 'Set-Cookie': cookie } });
    },
    failed: (failure, form) => ({
      result: form ? parseForm(form, loginSchema).reply({ hideFields: ['password'] }) : null,
      message: failure.message,
    }),
  });
}

export default function LoginPage() {
  const { leagueName } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const pending = useIsPending();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(loginSchema),
    onValidate: ({ formData }) => parseForm(formData, loginSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-emerald-50 to-slate-100 p-4">
      <div className="grid w-full max-w-4xl overflow-hidden rounded-xl border bg-white shadow-sm md:grid-cols-2">
        <section className="bg-emerald-800 p-8 text-emerald-50">
          <h1 className="text-2xl font-bold">{leagueName}</h1>
          <p className="mt-1 text-emerald-200">Admin Dashboard</p>
          <p className="mt-6">The league's dashboard for administrators:</p>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            <li>Track golfer scores, handicaps and stats</li>
            <li>Track season registrations and payments</li>
            <li>Organize golfers into flights by skill</li>
          </ul>
          <p className="mt-8 text-sm text-emerald-200">
            Looking to join?{' '}
            <Link to="/join" className="underline">
              Read about the league
            </Link>
            .
          </p>
        </section>
        <section className="p-8">
          <h2 className="text-xl font-semibold">Sign In</h2>
          <p className="mt-1 text-sm text-slate-600">Sign in to manage the league.</p>
          {/* 'Member Login' leads here; golfers have no password (docs/decisions/134-golfers-find-my-league.md). */}
          <p className="mt-3 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
            A golfer of the league?{' '}
            <Link to="/me/sign-in" className="font-medium underline">
              Sign in to My league with a code we email you
            </Link>
            .
          </p>
          {actionData?.message ? (
            <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-semibold">Login failed</p>
              <p>{actionData.message}</p>
            </div>
          ) : null}
          <Form method="post" className="mt-6 space-y-4" {...getFormProps(form)}>
            <input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
            <Field
              label="Username"
              errors={fields.username.errors}
              errorId={fields.username.errorId}
              inputProps={{
                ...getInputProps(fields.username, { type: 'text' }),
                placeholder: 'admin',
                autoComplete: 'username',
                autoFocus: true,
              }}
            />
            <Field
              label="Password"
              errors={fields.password.errors}
              errorId={fields.password.errorId}
              inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
            />
            <Button type="submit" className="w-full" disabled={pending}>
              {pending ? 'Signing in...' : 'Sign In'}
            </Button>
          </Form>
        </section>
      </div>
    </main>
  );
}
