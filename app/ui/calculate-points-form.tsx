import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import { Form } from '@remix-run/react';
import { parseForm } from '~/schemas/parse-form';
import { pointsDateSchema } from '~/schemas/round';
import { Button } from '~/ui/primitives/button';
import { ErrorList, inputClass } from '~/ui/primitives/field';
import { useIsPending } from '~/ui/use-is-pending';

/** The administrator's "Calculate points" for one date: fills every counting round of that date, flight by flight. */
export function CalculatePoints({
  defaultDate,
  lastResult,
}: {
  defaultDate: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const working = useIsPending({ intent: 'calculate-points' });
  const [form, fields] = useForm({
    id: 'calculate-points',
    lastResult,
    defaultValue: { date: defaultDate },
    constraint: getZodConstraint(pointsDateSchema),
    onValidate: ({ formData }) => parseForm(formData, pointsDateSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  return (
    <details
      className="mb-4 rounded-lg border bg-white p-4 shadow-sm"
      open={Boolean(form.errors?.length || fields.date.errors?.length)}
    >
      <summary className="cursor-pointer text-sm font-semibold text-slate-800">Calculate points</summary>
      <Form method="post" preventScrollReset className="mt-3 flex flex-wrap items-end gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="calculate-points" />
        <div className="space-y-1">
          <label htmlFor={fields.date.id} className="block text-sm font-medium text-slate-700">
            Points date
          </label>
          <input {...getInputProps(fields.date, { type: 'date' })} className={inputClass} />
        </div>
        <Button type="submit" variant="secondary" disabled={working}>
          {working ? 'Calculating...' : 'Calculate points'}
        </Button>
        <p className="basis-full text-xs text-slate-500">
          Within each flight, that date's rounds are ranked by net score: first gets 24, each place below 1 less, ties
          share. Golfers without a flight keep their points.
        </p>
        <div className="basis-full" role={form.errors?.length || fields.date.errors?.length ? 'alert' : undefined}>
          <ErrorList id={fields.date.errorId} errors={fields.date.errors} />
          <ErrorList id={form.errorId} errors={form.errors?.filter((e) => !fields.date.errors?.includes(e))} />
        </div>
      </Form>
    </details>
  );
}
