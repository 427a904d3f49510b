import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { DataTable, Td } from '~/components/data-table';
import { DownloadCsvLink } from '~/components/download-csv-link';
import { EmptyState, PageHeader } from '~/components/page-header';
import { RoundForm } from '~/components/round-form';
import { SeasonPicker } from '~/components/season-picker';
import { Button, buttonClass } from '~/components/ui/button';
import { ErrorList, inputClass } from '~/components/ui/field';
import { UrlDialog } from '~/components/ui/dialog';
import { formatRoundDate, seasonChoices } from '~/domain/season';
import { listCourseOptions } from '~/models/courses.server';
import { listGolferOptions } from '~/models/golfers.server';
import { calculatePointsForDate } from '~/models/points.server';
import { createRound, deleteRound, getRound, listRoundsBySeason, updateRound } from '~/models/rounds.server';
import { pointsDateSchema, roundSchema } from '~/schemas/round';
import { requireUser } from '~/utils/auth.server';
import { HttpError, pageHandler, parseId, readSmallForm, seasonParam } from '~/utils/http.server';
import { redirectWithToast } from '~/utils/session.server';

export const meta: MetaFunction = () => [{ title: 'Rounds' }];

function listUrl(season: number): string {
  return `/rounds?season=${season}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    const user = await requireUser(request);
    const url = new URL(request.url);
    const season = seasonParam(url);
    const editParam = url.searchParams.get('edit');
    const deleteParam = url.searchParams.get('delete');
    const formOpen = url.searchParams.get('action') === 'new' || editParam !== null;
    // A fixed number of queries: the list, and the form's options and record only when a dialog needs them.
    const [rounds, golfers, courses, editing, deleting] = await Promise.all([
      listRoundsBySeason(season),
      formOpen ? listGolferOptions() : null,
      formOpen ? listCourseOptions() : null,
      editParam !== null ? getRound(parseId(editParam, 'round id')) : null,
      deleteParam !== null ? getRound(parseId(deleteParam, 'round id')) : null,
    ]);
    if (editParam !== null && !editing) throw new HttpError(404, 'Round not found');
    if (deleteParam !== null && !deleting) throw new HttpError(404, 'Round not found');
    return json({
      season,
      seasons: seasonChoices(),
      isAdmin: user.isAdmin,
      rounds,
      golfers: golfers?.map((g) => ({ id: g.id, fullName: g.fullName })) ?? null,
      courses: courses?.map((c) => ({ id: c.id, courseName: c.courseName })) ?? null,
      editing,
      deleting,
    });
  });
}

type FailedForm = { intent: string; result: SubmissionResult<string[]> };
type Replyable = {
  reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;
};

/** An expected failure from a model answers the form with its message (and field messages), nothing saved. */
function failed(intent: string, submission: Replyable, error: HttpError) {
  return json<FailedForm>(
    { intent, result: submission.reply({ formErrors: [error.message], fieldErrors: error.errors }) },
    { status: error.status },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return pageHandler(async () => {
    const user = await requireUser(request);
    const form = await readSmallForm(request, 20_000);
    const intent = String(form.get('intent') ?? '');
    const back = listUrl(seasonParam(new URL(request.url)));

    if (intent === 'create' || intent === 'update') {
      const submission = parseWithZod(form, { schema: roundSchema });
      if (submission.status !== 'success')
        return json<FailedForm>({ intent, result: submission.reply() }, { status: 400 });
      try {
        const round =
          intent === 'create'
            ? await createRound(submission.value)
            : await updateRound(parseId(String(form.get('id') ?? ''), 'round id'), submission.value);
        const description = intent === 'create' ? 'Round recorded successfully' : 'Round updated successfully';
        return redirectWithToast(
          listUrl(round.season),
          { type: 'success', title: 'Success', description },
          undefined,
          request,
        );
      } catch (error) {
        if (error instanceof HttpError) return failed(intent, submission, error);
        throw error;
      }
    }

    if (intent === 'delete') {
      try {
        await deleteRound(parseId(String(form.get('id') ?? ''), 'round id'));
      } catch (error) {
        if (error instanceof HttpError) return json({ intent, message: error.message }, { status: error.status });
        throw error;
      }
      return redirectWithToast(
        back,
        { type: 'success', title: 'Success', description: 'Round deleted successfully' },
        undefined,
        request,
      );
    }

    if (intent === 'calculate-points') {
      const submission = parseWithZod(form, { schema: pointsDateSchema });
      if (submission.status !== 'success')
        return json<FailedForm>({ intent, result: submission.reply() }, { status: 400 });
      if (!user.isAdmin)
        return failed(intent, submission, new HttpError(403, 'Only an administrator can calculate points'));
      try {
        const result = await calculatePointsForDate(submission.value.date);
        const skipped = result.withoutFlight > 0 ? ` ${result.withoutFlight} without a flight kept their points.` : '';
        return redirectWithToast(
          listUrl(result.season),
          {
            type: 'success',
            title: 'Points calculated',
            description: `${result.awarded} round${result.awarded === 1 ? '' : 's'} on ${formatRoundDate(result.date)} received points.${skipped}`,
          },
          undefined,
          request,
        );
      } catch (error) {
        if (error instanceof HttpError) return failed(intent, submission, error);
        throw error;
      }
    }

    throw new HttpError(400, `Unknown action "${intent}"`);
  });
}

function formatPoints(points: number | null): string {
  if (points === null) return '-';
  return Number.isInteger(points) ? String(points) : points.toFixed(2).replace(/0$/, '');
}

function orDash(value: number | null): string {
  return value === null ? '-' : String(value);
}

/**
 * Which dialog the URL asks for. While a link to a dialog is still loading, the pending location already
 * decides, so the form shows at once with its selects reading 'Loading golfers...'.
 */
function useDialogParams() {
  const location = useLocation();
  const navigation = useNavigation();
  const pending =
    navigation.state === 'loading' && navigation.location.pathname === location.pathname ? navigation.location : null;
  return new URLSearchParams((pending ?? location).search);
}

export default function RoundsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const params = useDialogParams();
  const { season, rounds } = data;
  const closeTo = listUrl(season);
  const formResult = actionData && 'result' in actionData ? actionData : null;
  const editId = params.get('edit');
  const editing = data.editing && String(data.editing.id) === editId ? data.editing : null;
  const optionsLoaded = data.golfers !== null;

  return (
    <div>
      <PageHeader title="Rounds">
        <SeasonPicker seasons={data.seasons} season={season} />
        <DownloadCsvLink type="rounds" season={season} />
        <Link to={`/rounds?season=${season}&action=new`} preventScrollReset className={buttonClass()}>
          Record Round
        </Link>
      </PageHeader>

      {data.isAdmin ? (
        <CalculatePoints
          defaultDate={rounds[0]?.date ?? ''}
          lastResult={formResult?.intent === 'calculate-points' ? formResult.result : null}
        />
      ) : null}

      {rounds.length === 0 ? (
        <EmptyState>No rounds found for this season. Record a round to get started.</EmptyState>
      ) : (
        <DataTable
          headers={['Date', 'Golfer', 'Course', 'Gross', 'Net', 'HCP Before', 'HCP After', 'Points', 'Actions']}
        >
          {rounds.map((round) => {
            const golfer = round.golferName ?? `Golfer #${round.golferId}`;
            const date = formatRoundDate(round.date);
            return (
              <tr key={round.id}>
                <Td>{date}</Td>
                {/* Names may wrap, so the nine columns fit a laptop screen without scrolling to reach Delete. */}
                <Td className="min-w-32 whitespace-normal">{golfer}</Td>
                <Td className="min-w-32 whitespace-normal">{round.courseName ?? 'Unknown Course'}</Td>
                <Td>{round.grossScore}</Td>
                <Td>{orDash(round.netScore)}</Td>
                <Td>{orDash(round.hcpIndexBefore)}</Td>
                <Td>{orDash(round.hcpIndexAfter)}</Td>
                <Td>{formatPoints(round.points)}</Td>
                <Td>
                  <div className="flex gap-1">
                    <Link
                      to={`/rounds?season=${season}&edit=${round.id}`}
                      preventScrollReset
                      className={buttonClass('ghost', 'sm')}
                    >
                      Edit
                      <span className="sr-only">
                        {' '}
                        round of {golfer} on {date}
                      </span>
                    </Link>
                    <Link
                      to={`/rounds?season=${season}&delete=${round.id}`}
                      preventScrollReset
                      className={buttonClass('ghost', 'sm') + ' text-red-700'}
                    >
                      Delete
                      <span className="sr-only">
                        {' '}
                        round of {golfer} on {date}
                      </span>
                    </Link>
                  </div>
                </Td>
              </tr>
            );
          })}
        </DataTable>
      )}

      {params.get('action') === 'new' ? (
        <UrlDialog title="Record New Round" description="Record a new round for a golfer." closeTo={closeTo}>
          <RoundForm
            mode="create"
            round={{ season }}
            golfers={optionsLoaded ? data.golfers : null}
            courses={optionsLoaded ? data.courses : null}
            seasons={data.seasons}
            lastResult={formResult?.intent === 'create' ? formResult.result : null}
            closeTo={closeTo}
          />
        </UrlDialog>
      ) : null}

      {editId !== null ? (
        <UrlDialog title="Edit Round" description="Update round information." closeTo={closeTo}>
          {editing ? (
            <RoundForm
              key={editing.id}
              mode="update"
              round={editing}
              golfers={data.golfers}
              courses={data.courses}
              seasons={data.seasons}
              lastResult={formResult?.intent === 'update' ? formResult.result : null}
              closeTo={closeTo}
            />
          ) : (
            <p className="text-sm text-slate-600">Loading round...</p>
          )}
        </UrlDialog>
      ) : null}

      {params.get('delete') !== null && data.deleting ? (
        <ConfirmDeleteDialog
          id={data.deleting.id}
          closeTo={closeTo}
          message="Are you sure you want to delete this round? This action cannot be undone."
          confirmLabel="Delete Round"
          error={actionData && 'message' in actionData ? actionData.message : null}
        />
      ) : null}
    </div>
  );
}

/** The administrator's "Calculate points" for one date: fills every counting round of that date, flight by flight. */
function CalculatePoints({
  defaultDate,
  lastResult,
}: {
  defaultDate: string;
  lastResult: FailedForm['result'] | null;
}) {
  const navigation = useNavigation();
  const working = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'calculate-points';
  const [form, fields] = useForm({
    id: 'calculate-points',
    lastResult,
    defaultValue: { date: defaultDate },
    constraint: getZodConstraint(pointsDateSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pointsDateSchema }),
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
