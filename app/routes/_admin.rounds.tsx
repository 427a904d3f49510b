import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ConfirmDeleteDialog } from '~/ui/confirm-delete-dialog';
import { DataTable, Td } from '~/ui/data-table';
import { DownloadCsvLink } from '~/ui/download-csv-link';
import { GolferFindForm } from '~/ui/golfer-picker';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { Pager } from '~/ui/pager';
import { RoundForm, type NonCountingDate } from '~/ui/round-form';
import { NonCountingBadge } from '~/ui/non-counting-badge';
import { SetAsideNotice } from '~/ui/set-aside-rounds';
import { CalculatePoints } from '~/ui/calculate-points-form';
import { RouteError } from '~/ui/route-error';
import { RowActions } from '~/ui/row-actions';
import { SeasonPicker } from '~/ui/season-picker';
import { buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { formatPoints, ABSENT, orAbsent } from '~/domain/format';
import { nonCountingDates } from '~/domain/schedule';
import { formatRoundDate, seasonChoices } from '~/domain/season';
import { listCourseOptions } from '~/models/courses.server';
import { calculatePointsForDate } from '~/models/points.server';
import { createRound, deleteRound, getRound, pageRoundsBySeason, updateRound } from '~/models/rounds.server';
import { getSchedules } from '~/models/seasons.server';
import { discardSetAsideRound, listSetAsideRounds, restoreSetAsideRound } from '~/models/set-aside-rounds.server';
import { pointsDateSchema, roundSchema, setAsideRoundSchema } from '~/schemas/round';
import { adminAction, crudIntents, dialogRecords, intent } from '~/web/admin-page.server';
import { golferPicker } from '~/web/golfer-picker.server';
import { requireUser } from '~/web/auth.server';
import { pageHandler, pageParam, seasonParam } from '~/web/http.server';
import { titled } from '~/ui/meta';
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
    return data(
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

export function ErrorBoundary() {
  return <RouteError what="rounds" />;
}
