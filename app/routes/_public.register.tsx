import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { useRef, useState } from 'react';
import { GolferNameList, nameSearchStatus } from '~/ui/golfer-name-list';
import { Notice } from '~/ui/notice';
import { Button, buttonClass } from '~/ui/primitives/button';
import { ErrorList, Field, inputClass } from '~/ui/primitives/field';
import { ESTIMATED_SCORE_MAX, ESTIMATED_SCORE_MIN, ESTIMATED_SCORE_PLACEHOLDER } from '~/domain/league-rules';
import { formatDollars } from '~/domain/format';
import { NAME_SEARCH_MIN_LETTERS, nameSearchTooShort, parseRegistrationForm } from '~/schemas/registration';
import { retryAfterHeaders } from '~/web/public-page.server';
import { registerAction, registerPage, type Found, type GolferOption } from '~/web/register-page.server';
import { readId } from '~/web/id-param';
import { cn } from '~/ui/cn';
import { useHydrated } from '~/ui/use-hydrated';
import { useIsPending } from '~/ui/use-is-pending';
import { titled } from '~/ui/meta';

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...titled(matches, 'Register'),
  {
    name: 'description',
    content: "Register and pay for the league's season online, then choose your Monday tee time.",
  },
];

// A 429 keeps its Retry-After when the answer is the page itself (JavaScript off).
export const headers = retryAfterHeaders;

/** /register's data and its form's submission: app/web/register-page.server.ts. */
export function loader({ request }: LoaderFunctionArgs) {
  return registerPage(request);
}

export function action({ request, context }: ActionFunctionArgs) {
  return registerAction(request, context);
}

// Which part of the form shows follows the checked radio through CSS (:has), the same before and after the page
// hydrates, with or without JavaScript: nothing moves once the scripts run (CLS 0, docs/product/performance.md).
const newOnly = '[.reg-form:has(.reg-type-returning:checked)_&]:hidden';
const returningOnly = '[.reg-form:has(.reg-type-new:checked)_&]:hidden';

/** The fields of one kind of golfer (returning or new) under its heading, shown while that kind is checked. */
function KindSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn('space-y-3', className)}>
      <h2 id={id} className="font-semibold text-emerald-800">
        {title}
      </h2>
      {children}
    </section>
  );
}

type SearchAnswer = { golfers: GolferOption[]; more: boolean } | { message: string };

export default function RegisterPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const hintFetcher = useFetcher<typeof loader>();
  const search = useFetcher<SearchAnswer>();
  const searchTimer = useRef<ReturnType<typeof setTimeout>>();
  // Until the redirect to checkout lands; the no-JS "Show what's on file" button (__intent__) is not a submit.
  const submitting = useIsPending({ state: 'non-idle' });

  const initialType = (actionData?.result?.initialValue?.registrationType as string | undefined) ?? data.type;
  const initialGolferId = readId(actionData?.result?.initialValue?.golferId ?? data.hint?.golferId?.toString() ?? null);
  const [golferId, setGolferId] = useState<number | null>(initialGolferId);
  const [query, setQuery] = useState(data.find);
  // The chosen golfer stays on the list while the golfer searches again.
  const [chosen, setChosen] = useState<GolferOption | null>(
    [data.selected, ...(data.found?.golfers ?? [])].find((g) => g && g.id === initialGolferId) ?? null,
  );

  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: data.constraint,
    defaultValue: { registrationType: initialType === 'returning' ? 'returning' : 'new' },
    onValidate: ({ formData }) => parseRegistrationForm(formData),
    shouldValidate: 'onInput',
    shouldRevalidate: 'onInput',
  });

  const hints = [hintFetcher.data?.hint, actionData?.hint, data.hint];
  const hint = golferId ? (hints.find((h) => h?.golferId === golferId) ?? null) : null;
  const failure = actionData?.message;

  const tooShort = nameSearchTooShort(query);
  const answer = search.data;
  const found: Omit<Found, 'query'> | null = tooShort
    ? null
    : answer && 'golfers' in answer
      ? answer
      : data.found && data.found.query === query
        ? data.found
        : null;
  const searchFailed = !tooShort && answer && 'message' in answer ? answer.message : null;
  const options = found ? found.golfers : [];
  const listed = chosen && !options.some((g) => g.id === chosen.id) ? [chosen, ...options] : options;

  function findNames(text: string) {
    clearTimeout(searchTimer.current);
    if (nameSearchTooShort(text)) return;
    searchTimer.current = setTimeout(
      () => search.load(`/api/golfers-public?${new URLSearchParams({ q: text.trim() })}`),
      150,
    );
  }

  function choose(golfer: GolferOption) {
    setGolferId(golfer.id);
    setChosen(golfer);
    hintFetcher.load(`/register?golferId=${golfer.id}`);
  }

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

      <Form
        method="post"
        className="reg-form mt-6 space-y-6 rounded-lg border bg-white p-6 shadow-sm"
        {...getFormProps(form)}
      >
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
                  // One id a radio: conform gives both the field's id, and an id must be unique in the page.
                  id={`${fields.registrationType.id}-${value}`}
                  key={`${value}-${form.key}`}
                  className={cn('h-4 w-4 accent-emerald-700', `reg-type-${value}`)}
                />
                {value === 'new' ? 'New golfer' : 'Returning golfer'}
              </label>
            ))}
          </div>
          <ErrorList id={fields.registrationType.errorId} errors={fields.registrationType.errors} />
        </fieldset>

        <KindSection id="returning-heading" title="Returning golfers" className={returningOnly}>
          <div className="space-y-1">
            <label htmlFor="find-name-text" className="block text-sm font-medium text-slate-700">
              Find your name
            </label>
            <div className="flex gap-2">
              {/* Belongs to the GET form below the page's form: "Find my name" reloads the page with ?find=. */}
              <input
                id="find-name-text"
                type="search"
                name="find"
                form="find-name"
                defaultValue={data.find}
                autoComplete="off"
                spellCheck={false}
                aria-describedby="find-name-help"
                className={inputClass}
                onChange={(event) => {
                  setQuery(event.currentTarget.value);
                  findNames(event.currentTarget.value);
                }}
              />
              <button type="submit" form="find-name" className={cn(buttonClass('secondary'), 'shrink-0')}>
                Find my name
              </button>
            </div>
            <p id="find-name-help" className="text-xs text-slate-500">
              Type at least {NAME_SEARCH_MIN_LETTERS} letters of your first or last name.
            </p>
          </div>

          <GolferNameList
            listed={listed}
            golferId={golferId}
            onChoose={choose}
            field={fields.golferId}
            formId={form.id}
            status={nameSearchStatus({ query, listed: listed.length, tooShort, failed: searchFailed, found })}
          />
          <Button
            variant="secondary"
            size="sm"
            type="submit"
            {...form.validate.getButtonProps({ name: fields.golferId.name })}
            onClick={(event) => {
              // With JavaScript the hint comes without reloading the page.
              if (!hydrated) return;
              event.preventDefault();
              if (golferId) hintFetcher.load(`/register?golferId=${golferId}`);
              else form.validate({ name: fields.golferId.name });
            }}
          >
            Show what we have on file
          </Button>
          {hint ? (
            <p className="text-sm text-slate-600" data-testid="contact-hint">
              On file: {hint.emailHint ? `email ${hint.emailHint}` : 'no email'}
              {', '}
              {hint.phoneHint ? `phone ${hint.phoneHint}` : 'no phone'}. Type your email below; leave the phone blank to
              keep the number on file.
            </p>
          ) : null}
        </KindSection>

        <KindSection id="new-heading" title="New golfers" className={newOnly}>
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
        </KindSection>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Email"
            errors={fields.email.errors}
            errorId={fields.email.errorId}
            hint={hint?.emailHint ? <span className={returningOnly}>On file: {hint.emailHint}</span> : undefined}
            inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
          />
          <Field
            label="Phone"
            errors={fields.phone.errors}
            errorId={fields.phone.errorId}
            hint={
              <span className={returningOnly}>
                {hint?.phoneHint
                  ? `On file: ${hint.phoneHint}. Returning golfers may leave this blank to keep it.`
                  : 'Returning golfers may leave this blank to keep the number on file.'}
              </span>
            }
            inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel' }}
          />
        </div>

        <Field
          label="Estimated 9-Hole Score"
          className={newOnly}
          errors={fields.estimatedScore.errors}
          errorId={fields.estimatedScore.errorId}
          hint="Your flight assignment is based on this estimate of your nine-hole score, assuming par 36."
          inputProps={{
            ...getInputProps(fields.estimatedScore, { type: 'number' }),
            min: ESTIMATED_SCORE_MIN,
            max: ESTIMATED_SCORE_MAX,
            step: 1,
            placeholder: String(ESTIMATED_SCORE_PLACEHOLDER),
            inputMode: 'numeric',
          }}
        />

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

        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? 'Processing...' : 'Continue to Payment'}
        </Button>
      </Form>
      {/* The name search without JavaScript: the search box and "Find my name" above belong to this form. With
          JavaScript the names come as the golfer types, and pressing Enter searches at once, without a reload. */}
      <form
        id="find-name"
        method="get"
        action="/register"
        onSubmit={(event) => {
          event.preventDefault();
          clearTimeout(searchTimer.current);
          if (!nameSearchTooShort(query))
            search.load(`/api/golfers-public?${new URLSearchParams({ q: query.trim() })}`);
        }}
      >
        <input type="hidden" name="type" value="returning" />
      </form>

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
