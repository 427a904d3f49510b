import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json, redirect } from '@remix-run/node';
import { Form, Link, useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { useState } from 'react';
import { Notice } from '~/components/notice';
import { Button } from '~/components/ui/button';
import { ErrorList, Field, inputClass } from '~/components/ui/field';
import {
  ESTIMATED_SCORE_MAX,
  ESTIMATED_SCORE_MIN,
  ESTIMATED_SCORE_PLACEHOLDER,
  formatDollars,
} from '~/domain/league-rules';
import { listGolferOptions } from '~/models/golfers.server';
import {
  contactHint,
  registrationOffer,
  requireOpenRegistration,
  startRegistration,
} from '~/models/registrations.server';
import { getSettings } from '~/models/settings.server';
import { registrationSchema } from '~/schemas/registration';
import { failureOf, readSmallForm, siteOrigin } from '~/utils/http.server';
import { paymentsAreSimulated } from '~/utils/payments/provider.server';
import { cn } from '~/utils/cn';
import { useHydrated } from '~/utils/use-hydrated';
import { useIsPending } from '~/utils/use-is-pending';
import { titled } from '~/utils/meta';

export const meta: MetaFunction<typeof loader> = ({ matches }) => titled(matches, 'Register');

type Hint = Awaited<ReturnType<typeof contactHint>>;

function golferIdParam(value: FormDataEntryValue | string | null): number | null {
  return typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * Names only for the returning-golfer select (docs/product/privacy-and-access.md#contact-details); the masked contact
 * hint is given for one golfer at a time, the one selected (?golferId=, which the page also fetches as the select
 * changes). The season and fee are those of the season on sale; while none is, `closedMessage` replaces the form
 * (docs/product/seasons.md#registration-follows-the-season).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const golferId = golferIdParam(url.searchParams.get('golferId'));
  const [golfers, settings, offer, hint] = await Promise.all([
    listGolferOptions(),
    getSettings(),
    registrationOffer(),
    golferId ? contactHint(golferId) : null,
  ]);
  return json({
    golfers: golfers.map((g) => ({ id: g.id, fullName: g.fullName })),
    hint,
    type: url.searchParams.get('type') === 'returning' || golferId ? ('returning' as const) : ('new' as const),
    season: offer.year,
    feeCents: offer.feeCents,
    closedMessage: offer.closedMessage,
    leagueName: settings.leagueName,
    statementDescriptor: settings.statementDescriptor,
    simulated: paymentsAreSimulated(),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  let formData: FormData;
  try {
    formData = await readSmallForm(request, 20_000);
    // A page loaded before registration closed: refused as a whole (409), and no checkout starts.
    await requireOpenRegistration();
  } catch (error) {
    const failure = failureOf(error);
    if (failure)
      return json({ result: null, message: failure.message, hint: null as Hint }, { status: failure.status });
    throw error;
  }
  const selected = golferIdParam(formData.get('golferId'));
  // "Show what we have on file" sits in the returning-golfer section: pressing it says "I am returning", even
  // when the radio (which nothing switches without JavaScript) still reads "new".
  if (formData.has('__intent__') && selected) formData.set('registrationType', 'returning');
  const submission = parseWithZod(formData, { schema: registrationSchema });
  const hint = formData.get('registrationType') === 'returning' && selected ? await contactHint(selected) : null;
  // Not a submit (the no-JS "Show what's on file" button validates just the name) or invalid input.
  if (submission.status !== 'success') {
    return json(
      { result: submission.reply(), message: null, hint },
      { status: submission.status === 'error' ? 400 : 200 },
    );
  }
  try {
    const { checkoutUrl } = await startRegistration(submission.value, siteOrigin(request));
    // 303: the browser follows with a GET to the checkout page, with or without JavaScript.
    return redirect(checkoutUrl, 303);
  } catch (error) {
    // A refusal (already paid, someone else's email) or the payment provider being down (502; nothing was charged).
    const failure = failureOf(error);
    if (failure) {
      return json(
        {
          result: submission.reply({ formErrors: [failure.message], fieldErrors: failure.errors }),
          message: failure.message,
          hint,
        },
        { status: failure.status },
      );
    }
    throw error;
  }
}

const constraint = getZodConstraint(registrationSchema);

export default function RegisterPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const hintFetcher = useFetcher<typeof loader>();
  // Until the redirect to checkout lands; the no-JS "Show what's on file" button (__intent__) is not a submit.
  const submitting = useIsPending({ state: 'non-idle' });

  const initialType = (actionData?.result?.initialValue?.registrationType as string | undefined) ?? data.type;
  const [type, setType] = useState<'new' | 'returning'>(initialType === 'returning' ? 'returning' : 'new');
  const initialGolferId = golferIdParam(
    (actionData?.result?.initialValue?.golferId as string | undefined) ?? data.hint?.golferId?.toString() ?? null,
  );
  const [golferId, setGolferId] = useState<number | null>(initialGolferId);

  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint,
    defaultValue: { registrationType: type, golferId: initialGolferId?.toString() ?? '' },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: registrationSchema }),
    shouldValidate: 'onInput',
    shouldRevalidate: 'onInput',
  });

  const hints = [hintFetcher.data?.hint, actionData?.hint, data.hint];
  const hint = golferId ? (hints.find((h) => h?.golferId === golferId) ?? null) : null;
  const showNew = !hydrated || type === 'new';
  const showReturning = !hydrated || type === 'returning';
  const failure = actionData?.message;

  if (data.closedMessage) {
    return (
      <div className="mx-auto max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">League Registration</h1>
        <p className="mt-2 text-slate-700">{data.closedMessage}</p>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">League Registration</h1>
      <p className="mt-2 text-slate-700">
        Register and pay the {data.season} season fee of {formatDollars(data.feeCents)}. After payment you can choose
        your standing Monday tee time.
      </p>
      {data.simulated ? (
        <Notice tone="warning" title="Test mode" className="mt-4">
          Payments are simulated on this site: test payment, no card is charged.
        </Notice>
      ) : null}

      <Form method="post" className="mt-6 space-y-6 rounded-lg border bg-white p-6 shadow-sm" {...getFormProps(form)}>
        {failure ? (
          <Notice tone="error" title="Registration Failed">
            {failure}
          </Notice>
        ) : null}

        <fieldset>
          <legend className="text-sm font-medium text-slate-700">Have you played in the league before?</legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {(['new', 'returning'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  {...getInputProps(fields.registrationType, { type: 'radio', value })}
                  key={`${value}-${form.key}`}
                  onChange={() => setType(value)}
                  className="h-4 w-4 accent-emerald-700"
                />
                {value === 'new' ? 'New golfer' : 'Returning golfer'}
              </label>
            ))}
          </div>
          <ErrorList id={fields.registrationType.errorId} errors={fields.registrationType.errors} />
        </fieldset>

        {showReturning ? (
          <section aria-labelledby="returning-heading" className="space-y-3">
            {!hydrated ? (
              <h2 id="returning-heading" className="font-semibold text-emerald-800">
                Returning golfers
              </h2>
            ) : (
              <h2 id="returning-heading" className="sr-only">
                Returning golfer
              </h2>
            )}
            <div className="space-y-1">
              <label htmlFor={fields.golferId.id} className="block text-sm font-medium text-slate-700">
                Select your name
              </label>
              <select
                {...getSelectProps(fields.golferId)}
                key={fields.golferId.key}
                className={inputClass}
                aria-invalid={fields.golferId.errors ? true : undefined}
                aria-describedby={fields.golferId.errors ? fields.golferId.errorId : undefined}
                onChange={(event) => {
                  const id = golferIdParam(event.currentTarget.value);
                  setGolferId(id);
                  if (id) hintFetcher.load(`/register?golferId=${id}`);
                }}
              >
                <option value="">Select your name</option>
                {data.golfers.map((g) => (
                  <option key={g.id} value={g.id}>
                    {g.fullName}
                  </option>
                ))}
              </select>
              <ErrorList id={fields.golferId.errorId} errors={fields.golferId.errors} />
            </div>
            {!hydrated ? (
              <Button
                variant="secondary"
                size="sm"
                type="submit"
                {...form.validate.getButtonProps({ name: fields.golferId.name })}
              >
                Show what we have on file
              </Button>
            ) : null}
            {hint ? (
              <p className="text-sm text-slate-600" data-testid="contact-hint">
                On file: {hint.emailHint ? `email ${hint.emailHint}` : 'no email'}
                {', '}
                {hint.phoneHint ? `phone ${hint.phoneHint}` : 'no phone'}. Type your email below; leave the phone blank
                to keep the number on file.
              </p>
            ) : null}
          </section>
        ) : null}

        {showNew ? (
          <section aria-labelledby="new-heading" className="space-y-3">
            {!hydrated ? (
              <h2 id="new-heading" className="font-semibold text-emerald-800">
                New golfers
              </h2>
            ) : (
              <h2 id="new-heading" className="sr-only">
                New golfer
              </h2>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="First Name"
                errors={fields.firstName.errors}
                errorId={fields.firstName.errorId}
                inputProps={{ ...getInputProps(fields.firstName, { type: 'text' }), autoComplete: 'given-name' }}
              />
              <Field
                label="Last Name"
                errors={fields.lastName.errors}
                errorId={fields.lastName.errorId}
                inputProps={{ ...getInputProps(fields.lastName, { type: 'text' }), autoComplete: 'family-name' }}
              />
            </div>
          </section>
        ) : null}

        {!hydrated ? <h2 className="font-semibold text-emerald-800">Everyone: contact details</h2> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Email"
            errors={fields.email.errors}
            errorId={fields.email.errorId}
            hint={showReturning && hint?.emailHint ? `On file: ${hint.emailHint}` : undefined}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          />
          <Field
            label="Phone"
            errors={fields.phone.errors}
            errorId={fields.phone.errorId}
            hint={
              type === 'returning' || !hydrated
                ? hint?.phoneHint
                  ? `On file: ${hint.phoneHint}. Returning golfers may leave this blank to keep it.`
                  : 'Returning golfers may leave this blank to keep the number on file.'
                : undefined
            }
            inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
          />
        </div>

        {showNew ? (
          <Field
            label="Estimated 9-Hole Score"
            errors={fields.estimatedScore.errors}
            errorId={fields.estimatedScore.errorId}
            hint={`Your flight assignment is based on this estimate of your nine-hole score, assuming par 36.${hydrated ? '' : ' New golfers only.'}`}
            inputProps={{
              ...getInputProps(fields.estimatedScore, { type: 'number' }),
              min: ESTIMATED_SCORE_MIN,
              max: ESTIMATED_SCORE_MAX,
              step: 1,
              placeholder: String(ESTIMATED_SCORE_PLACEHOLDER),
              inputMode: 'numeric',
            }}
          />
        ) : null}

        <div>
          <label className="flex items-start gap-2 text-sm">
            <input
              {...getInputProps(fields.termsAccepted, { type: 'checkbox' })}
              key={fields.termsAccepted.key}
              className="mt-0.5 h-4 w-4 accent-emerald-700"
              aria-describedby={fields.termsAccepted.errors ? fields.termsAccepted.errorId : undefined}
            />
            <span>
              I accept the{' '}
              <Link to="/terms" className="font-medium text-emerald-700 underline">
                terms and conditions
              </Link>
            </span>
          </label>
          <ErrorList id={fields.termsAccepted.errorId} errors={fields.termsAccepted.errors} />
        </div>

        {form.errors && !failure ? <ErrorList id={form.errorId} errors={form.errors} /> : null}

        <Button type="submit" className={cn('w-full')} disabled={submitting}>
          {submitting ? 'Processing...' : 'Continue to Payment'}
        </Button>
      </Form>

      <p className="mt-4 text-sm text-slate-600">
        Payments are processed securely by our card payment provider (Stripe); we never see your card number. The charge
        will appear on your statement as <span className="font-medium">{data.statementDescriptor}</span>.
      </p>
    </div>
  );
}

/**
 * The page could not load (the golfer list is part of it): say so in the documented words
 * (docs/product/messages.md#public-messages), with a way back.
 */
export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">League Registration</h1>
      <Notice tone="error" title="Error" className="mt-6">
        Failed to load golfers list. Please try again.
      </Notice>
      <Link to="/register" reloadDocument className="mt-4 inline-block text-emerald-700 underline">
        Try again
      </Link>
    </div>
  );
}
