import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ConfirmDeleteDialog } from '~/ui/confirm-delete-dialog';
import { DataTable, Td } from '~/ui/data-table';
import { DownloadCsvLink } from '~/ui/download-csv-link';
import { GolferFindForm } from '~/ui/golfer-picker';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { Pager } from '~/ui/pager';
import { nonCountingName, RoundForm, type NonCountingDate } from '~/ui/round-form';
import { RouteError } from '~/ui/route-error';
import { RowActions } from '~/ui/row-actions';
import { SeasonPicker } from '~/ui/season-picker';
import { Button, buttonClass } from '~/ui/primitives/button';
import { ErrorList, inputClass } from '~/ui/primitives/field';
import { UrlDialog } from '~/ui/primitives/dialog';
import { formatPoints, ABSENT, orAbsent } from '~/domain/format';
import { nonCountingDates } from '~/domain/schedule';
import { formatRoundDate, seasonChoices } from '~/domain/season';
import { listCourseOptions } from '~/models/courses.server';
import { calculatePointsForDate } from '~/models/points.server';
import { createRound, deleteRound, getRound, pageRoundsBySeason, updateRound } from '~/models/rounds.server';
import { getSchedules } from '~/models/seasons.server';
import {
  discardSetAsideRound,
  listSetAsideRounds,
  restoreSetAsideRound,
  type SetAsideRoundRow,
} from '~/models/set-aside-rounds.server';
import { parseForm } from '~/schemas/parse-form';
import { pointsDateSchema, roundSchema, setAsideRoundSchema } from '~/schemas/round';
import { adminAction, crudIntents, dialogRecords, intent } from '~/web/admin-page.server';
import { golferPicker } from '~/web/golfer-picker.server';
import { requireUser } from '~/web/auth.server';
import { pageHandler, pageParam, seasonParam } from '~/web/http.server';
import { cn } from '~/ui/cn';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';
import { useListPage } from '~/ui/use-list-page';
import { lockFieldWhenDue } from '~/features/playoffs/field.server';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Rounds');

function listUrl(season: number): string {
  return `/rounds?season=${season}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    const user = await requireUser(request);
    const url = new URL(request.url);
    const season = seasonParam(url);
    const formOpen = url.searchParams.get('action') === 'new' || url.searchParams.has('edit');
    const seasons = seasonChoices();
    // A fixed number of queries: the list, the schedules (the listed season's for the table's badges, and those of
    // the seasons the form offers while it is open, in one query), the rounds set aside by the upgrade, and the form's
    // options and record only when a dialog needs them.
    const [rounds, schedules, setAside, courses, { editing, deleting, status }] = await Promise.all([
      pageRoundsBySeason(season, pageParam(url)),
      getSchedules(formOpen ? [season, ...seasons] : [season]),
      listSetAsideRounds(),
      formOpen ? listCourseOptions() : null,
      dialogRecords(url, 'round id', getRound, getRound),
    ]);
    const notCounting = nonCountingDates(schedules);
    const nonCounting: NonCountingDate[] = schedules
      .filter((entry) => notCounting.has(entry.date))
      .map(({ date, event, rainOut }) => ({ date, event, rainOut }));
    return json(
      {
        season,
        seasons,
        isAdmin: user.isAdmin,
        rounds,
        nonCounting,
        setAside,
        // At most 100 golfers, searched with ?golfer= (docs/decisions/105-golfer-picker.md).
        golfers: formOpen ? await golferPicker(url, editing?.golferId) : null,
        courses: courses?.map((c) => ({ id: c.id, courseName: c.courseName })) ?? null,
        editing,
        deleting,
      },
      { status },
    );
  });
}

/** The round's season, once its playoff field has locked by itself if this round made it due. */
async function lockedWhenDue(round: { season: number }): Promise<number> {
  await lockFieldWhenDue(round.season);
  return round.season;
}

export async function action({ request }: ActionFunctionArgs) {
  // pageHandler: a bad ?season= in the form's URL is a 400 page, as in the loader.
  return pageHandler(() =>
    adminAction(request, {
      back: listUrl(seasonParam(new URL(request.url))),
      intents: {
        ...crudIntents({
          noun: 'round',
          schema: roundSchema,
          created: 'recorded',
          create: async (value, actor) => ({ back: listUrl(await lockedWhenDue(await createRound(value, actor))) }),
          update: async (id, value, actor) => ({
            back: listUrl(await lockedWhenDue(await updateRound(id, value, actor))),
          }),
          remove: deleteRound,
          deleteFailure: 'dialog',
        }),
        'calculate-points': intent({
          schema: pointsDateSchema,
          admin: 'Only an administrator can calculate points',
          run: async ({ actor, value, done }) => {
            const result = await calculatePointsForDate(value.date, actor);
            await lockFieldWhenDue(result.season);
            const skipped =
              result.withoutFlight > 0 ? ` ${result.withoutFlight} without a flight kept their points.` : '';
            return done(
              {
                title: 'Points calculated',
                description: `${result.awarded} round${result.awarded === 1 ? '' : 's'} on ${formatRoundDate(result.date)} received points.${skipped}`,
              },
              listUrl(result.season),
            );
          },
        }),
        // The notice of rounds set aside by the upgrade (docs/decisions/070-one-round-per-golfer-per-date.md).
        'use-set-aside': intent({
          schema: setAsideRoundSchema,
          invalid: 'Set-aside round not found',
          run: async ({ actor, value, done }) => {
            const { date, season } = await restoreSetAsideRound(value.id, actor);
            return done(
              {
                title: 'Round restored',
                description: `The set-aside round is now the golfer's round on ${formatRoundDate(date)}, and the other one is set aside.`,
              },
              listUrl(season),
            );
          },
        }),
        'discard-set-aside': intent({
          schema: setAsideRoundSchema,
          invalid: 'Set-aside round not found',
          run: async ({ actor, value, done }) => {
            await discardSetAsideRound(value.id, actor);
            return done('Set-aside round discarded');
          },
        }),
      },
    }),
  );
}

export default function RoundsPage() {
  const data = useLoaderData<typeof loader>();
  const { dialog, editing, deleting, waiting, resultFor, messageFor } = useListPage({
    editing: data.editing,
    deleting: data.deleting,
    actionData: useActionData<typeof action>(),
  });
  const { season, rounds: roundPage } = data;
  const rounds = roundPage.rows;
  const closeTo = listUrl(season);
  const optionsLoaded = data.golfers !== null;
  // The choices both forms offer. They come with the ?edit= record, so only the new form, open before they arrive,
  // ever shows them loading.
  const formOptions = {
    golfers: data.golfers,
    courses: data.courses,
    seasons: data.seasons,
    nonCounting: optionsLoaded ? data.nonCounting : null,
    closeTo,
  };
  const nonCountingOn = new Map(data.nonCounting.map((entry) => [entry.date, entry]));

  return (
    <div>
      <PageHeader title="Rounds">
        <SeasonPicker seasons={data.seasons} season={season} />
        <DownloadCsvLink type="rounds" season={season} />
        <Link to={`/rounds?season=${season}&action=new`} preventScrollReset className={buttonClass()}>
          Record Round
        </Link>
      </PageHeader>

      {data.setAside.length > 0 ? (
        <SetAsideNotice
          rows={data.setAside}
          season={season}
          error={messageFor('use-set-aside') ?? messageFor('discard-set-aside')}
        />
      ) : null}

      {data.isAdmin ? (
        <CalculatePoints defaultDate={rounds[0]?.date ?? ''} lastResult={resultFor('calculate-points')} />
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
                <Td>
                  {date}
                  <NonCountingBadge entry={nonCountingOn.get(round.date)} />
                </Td>
                {/* Names may wrap, so the nine columns fit a laptop screen without scrolling to reach Delete. */}
                <Td className="min-w-32 whitespace-normal">{golfer}</Td>
                <Td className="min-w-32 whitespace-normal">{round.courseName ?? 'Unknown Course'}</Td>
                <Td>{round.grossScore}</Td>
                <Td>{orAbsent(round.netScore)}</Td>
                <Td>{orAbsent(round.hcpIndexBefore)}</Td>
                <Td>{orAbsent(round.hcpIndexAfter)}</Td>
                <Td>{round.points === null ? ABSENT : formatPoints(round.points)}</Td>
                <Td>
                  <RowActions base={closeTo} id={round.id} label={`round of ${golfer} on ${date}`} />
                </Td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pager base={listUrl(season)} list={roundPage} noun="rounds" />

      {dialog === 'new' ? (
        <UrlDialog title="Record New Round" description="Record a new round for a golfer." closeTo={closeTo}>
          <RoundForm mode="create" round={{ season }} lastResult={resultFor('create')} {...formOptions} />
        </UrlDialog>
      ) : null}

      {editing !== undefined ? (
        <UrlDialog title="Edit Round" description="Update round information." closeTo={closeTo}>
          {editing ? (
            <RoundForm
              key={editing.id}
              mode="update"
              round={editing}
              lastResult={resultFor('update')}
              {...formOptions}
            />
          ) : (
            <p className="text-sm text-slate-600">{waiting ? 'Loading round...' : 'Round not found.'}</p>
          )}
        </UrlDialog>
      ) : null}

      {optionsLoaded ? <GolferFindForm /> : null}

      <ConfirmDeleteDialog
        record={waiting ? undefined : deleting}
        noun="round"
        closeTo={closeTo}
        error={messageFor('delete')}
      />
    </div>
  );
}

/**
 * After a round's date in the table, when the schedule says rounds on it do not count: 'Special event' or 'Rain-out',
 * with what that means as its title and for screen readers.
 */
function NonCountingBadge({ entry }: { entry: NonCountingDate | undefined }) {
  if (!entry) return null;
  const meaning = `${nonCountingName(entry)}: does not count toward handicap or standings`;
  return (
    <span
      title={meaning}
      className={cn(
        'ml-2 rounded-full px-2 py-0.5 text-xs font-medium text-white',
        entry.rainOut ? 'bg-amber-600' : 'bg-emerald-700',
      )}
    >
      <span aria-hidden="true">{entry.rainOut ? 'Rain-out' : 'Special event'}</span>
      <span className="sr-only">{meaning}</span>
    </span>
  );
}

/**
 * Rounds the upgrade set aside (a golfer's later rounds on a date that already had one), each with the round kept
 * that date and two plain forms: 'Use this one instead' swaps them, 'Discard' deletes the set-aside round.
 */
function SetAsideNotice({
  rows,
  season,
  error,
}: {
  rows: readonly SetAsideRoundRow[];
  season: number;
  error: string | null;
}) {
  const using = useIsPending({ intent: 'use-set-aside' });
  const discarding = useIsPending({ intent: 'discard-set-aside' });
  const busy = using || discarding;
  return (
    <section aria-labelledby="set-aside-heading" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="set-aside-heading" className="text-base font-semibold text-amber-900">
        Rounds set aside by the upgrade
      </h2>
      <p className="mt-1 text-sm text-amber-900">
        A golfer now has one round per date. These golfers had a second round on one date: the first one recorded was
        kept, and the ones below were set aside (not counted). Keep the kept round and discard the set-aside one, or use
        the set-aside one instead.
      </p>
      {error ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-3 overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <thead>
            <tr className="text-amber-900">
              <th className="py-1 pr-4 font-medium">Golfer</th>
              <th className="py-1 pr-4 font-medium">Date</th>
              <th className="py-1 pr-4 font-medium">Gross</th>
              <th className="py-1 pr-4 font-medium">Notes</th>
              <th className="py-1 pr-4 font-medium">Kept round</th>
              <th className="py-1 font-medium">Actions</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const golfer = row.golferName ?? `Golfer #${row.golferId}`;
              const date = formatRoundDate(row.date);
              return (
                <tr key={row.id} className="border-t border-amber-200 align-top">
                  <td className="py-2 pr-4">{golfer}</td>
                  <td className="py-2 pr-4 whitespace-nowrap">{date}</td>
                  <td className="py-2 pr-4">{row.grossScore}</td>
                  <td className="py-2 pr-4">{orAbsent(row.notes)}</td>
                  <td className="py-2 pr-4">{row.kept ? `Gross ${row.kept.grossScore}` : 'None (deleted)'}</td>
                  <td className="py-2">
                    <div className="flex flex-wrap gap-1">
                      <Form method="post" action={`/rounds?season=${season}`} preventScrollReset>
                        <input type="hidden" name="intent" value="use-set-aside" />
                        <input type="hidden" name="id" value={row.id} />
                        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                          Use this one instead
                          <span className="sr-only">
                            {' '}
                            for {golfer} on {date}
                          </span>
                        </Button>
                      </Form>
                      <Form method="post" action={`/rounds?season=${season}`} preventScrollReset>
                        <input type="hidden" name="intent" value="discard-set-aside" />
                        <input type="hidden" name="id" value={row.id} />
                        <Button type="submit" variant="ghost" size="sm" className="text-red-700" disabled={busy}>
                          Discard
                          <span className="sr-only">
                            {' '}
                            set-aside round of {golfer} on {date}
                          </span>
                        </Button>
                      </Form>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The administrator's "Calculate points" for one date: fills every counting round of that date, flight by flight. */
function CalculatePoints({
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

export function ErrorBoundary() {
  return <RouteError what="rounds" />;
}
