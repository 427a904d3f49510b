import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ConfirmDeleteDialog } from '~/ui/confirm-delete-dialog';
import { DataTable, Td } from '~/ui/data-table';
import { FormAlert } from '~/ui/form-alert';
import { EmptyState, PageHeader, SectionHeader } from '~/ui/page-header';
import { SideGamesSummary } from '~/ui/side-games-summary';
import { describeGames, getSideGames } from '~/models/side-games.server';
import { RouteError } from '~/ui/route-error';
import { RowActions } from '~/ui/row-actions';
import { formatDollarsAndCents, ABSENT, orAbsent } from '~/domain/format';
import { registrationText, SEASONS_ADMIN_ONLY, ViewOnlyNote } from '~/ui/season-display';
import { SeasonForm } from '~/ui/season-form';
import { ScheduleEntryForm } from '~/ui/season-schedule-form';
import { buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { Spinner } from '~/ui/primitives/spinner';
import { RainOutButton } from '~/ui/rain-out-button';
import { RainOutLink } from '~/ui/night-messages';
import { isTeeTimeNight } from '~/domain/availability';
import { formatScheduleDate, KIND_LABELS } from '~/domain/schedule';
import { parseSeason, todayInLeague } from '~/domain/season';
import { countRoundsByDate } from '~/models/rounds.server';
import { listPlayoffReplacements } from '~/models/playoff-field.server';
import { seasonPlayoffs } from '~/models/playoffs.server';
import { lockField, replaceInField } from '~/features/playoffs/field.server';
import { playoffReplaceSchema } from '~/schemas/playoffs';
import { PlayoffFieldAdmin } from '~/ui/playoff-field-admin';
import {
  createScheduleEntry,
  deleteScheduleEntry,
  rainOutHints,
  setPastRainOut,
  updateScheduleEntry,
} from '~/models/schedule-entries.server';
import { getSeason, updateSeason } from '~/models/seasons.server';
import { scheduleEntrySchema, seasonUpdateSchema } from '~/schemas/season';
import { adminAction, intent } from '~/web/admin-page.server';
import { requireUser } from '~/web/auth.server';
import { HttpError, pageHandler, siteOrigin } from '~/web/http.server';
import { requireId } from '~/web/id-param';
import { revalidateUnlessDialog, withParam } from '~/ui/list-url';
import { titled } from '~/ui/meta';
import { useListPage } from '~/ui/use-list-page';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  titled(matches, data?.season ? `Season ${data.season.year}` : 'Season not found');

/** The year in the URL; anything but a plausible year is a 400 (shown inside the admin shell by RouteError). */
function yearParam(raw: string | undefined): number {
  const year = parseSeason(raw);
  if (year === null) throw new HttpError(400, `Invalid season: "${raw ?? ''}"`);
  return year;
}

function seasonUrl(year: number): string {
  return `/seasons/${year}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    const user = await requireUser(request);
    const year = yearParam(params.year);
    const season = await getSeason(year);
    // Not a thrown error: the page itself says so, with a 404 status, inside the admin shell.
    if (!season) return data({ year, isAdmin: user.isAdmin, season: null }, { status: 404 });
    const today = todayInLeague();
    // A fixed number of queries whatever the schedule's length: the season, its hints and its round counts.
    const [hints, roundsOn, playoffs, replacements] = await Promise.all([
      rainOutHints(year),
      countRoundsByDate(year),
      seasonPlayoffs(year),
      listPlayoffReplacements(year),
    ]);
    const nameOf = new Map(playoffs.flights.flatMap((f) => f.rows.map((r) => [r.golferId, r.name] as const)));
    return {
      year,
      isAdmin: user.isAdmin,
      season: { ...season, registration: registrationText(season, today) },
      sideGames: describeGames(await getSideGames(year)),
      playoffs: {
        locked: playoffs.lock,
        flights: playoffs.flights.map((f) => ({ flightNo: f.flightNo, field: f.field })),
        replacements: replacements.map((r) => ({
          flightNo: r.flightNo,
          seed: r.seed,
          outName: nameOf.get(r.outGolferId) ?? `Golfer #${r.outGolferId}`,
          inName: nameOf.get(r.inGolferId) ?? `Golfer #${r.inGolferId}`,
          reason: r.reason,
          by: r.createdBy,
        })),
      },
      schedule: season.schedule.map((entry) => ({
        ...entry,
        rounds: roundsOn.get(entry.date) ?? 0,
        // A played date is one that has passed (docs/product/seasons.md#rain-outs): a washed-out night may have no
        // rounds at all, so rounds are not required. A no-league night has nothing to rain out. Tonight and the
        // nights ahead are rained out in one press, with the golfers told (docs/decisions/176-rain-out-in-one-press.md).
        played: entry.date < today && entry.kind !== 'no-league',
        ahead: entry.date >= today && isTeeTimeNight({ kind: entry.kind, rainOut: false }),
        ruleMet: hints.get(entry.date) === true,
      })),
    };
  });
}

export const shouldRevalidate = revalidateUnlessDialog();

/** The schedule date a form names. */
function entryIdOf(form: FormData, action: string): number {
  return requireId(form.get('id'), `Schedule date is required for ${action}`);
}

const dateText = (date: string) => formatScheduleDate(date);

export async function action({ request, params }: ActionFunctionArgs) {
  // pageHandler: a bad year in the form's URL is a 400 page, as in the loader.
  return pageHandler(() => {
    const year = yearParam(params.year);
    return adminAction(request, {
      back: seasonUrl(year),
      intents: {
        'update-season': intent({
          schema: seasonUpdateSchema,
          admin: SEASONS_ADMIN_ONLY,
          run: async ({ actor, value, done }) => {
            await updateSeason(year, value, actor);
            return done({ title: 'Season updated', description: `Season ${year}` });
          },
        }),
        create: intent({
          schema: scheduleEntrySchema,
          admin: SEASONS_ADMIN_ONLY,
          run: async ({ actor, value, done }) => {
            const entry = await createScheduleEntry(year, value, actor);
            return done({ title: 'Schedule date added', description: `${dateText(entry.date)}: ${entry.event}` });
          },
        }),
        update: intent({
          schema: scheduleEntrySchema,
          admin: SEASONS_ADMIN_ONLY,
          run: async ({ actor, value, form, done }) => {
            const entry = await updateScheduleEntry(year, entryIdOf(form, 'update'), value, actor);
            return done({ title: 'Schedule date updated', description: `${dateText(entry.date)}: ${entry.event}` });
          },
        }),
        delete: intent({
          admin: SEASONS_ADMIN_ONLY,
          run: async ({ actor, form, done }) => {
            await deleteScheduleEntry(year, entryIdOf(form, 'delete'), actor);
            return done({ title: 'Schedule date deleted', description: 'Its rounds now count as regular rounds.' });
          },
        }),
        'rain-out': intent({
          admin: SEASONS_ADMIN_ONLY,
          run: async ({ actor, form, done }) => {
            const entry = await setPastRainOut(year, entryIdOf(form, 'a rain-out'), true, actor);
            return done({
              title: `${dateText(entry.date)} marked as a rain-out`,
              description: 'Its rounds count for neither handicap nor standings.',
            });
          },
        }),
        'lock-playoffs': intent({
          admin: SEASONS_ADMIN_ONLY,
          run: async ({ actor, request, done }) => {
            const result = await lockField(year, actor, { origin: siteOrigin(request) });
            return done(
              result.locked
                ? {
                    title: 'Playoff field locked',
                    description: `${result.seeds} golfers seeded; ${result.emails} emails queued.`,
                  }
                : { title: 'Playoff field already locked', description: 'Nothing changed.' },
            );
          },
        }),
        'replace-seed': intent({
          schema: playoffReplaceSchema,
          invalid: 'Say why the golfer is replaced',
          admin: SEASONS_ADMIN_ONLY,
          run: async ({ actor, value, request, done }) => {
            const replaced = await replaceInField(year, value, actor, { origin: siteOrigin(request) });
            return done({
              title: 'Golfer replaced',
              description: `Flight ${replaced.flightNo}, seed ${replaced.seed}: ${replaced.in.name} replaces ${replaced.out.name}.`,
            });
          },
        }),
        'undo-rain-out': intent({
          admin: SEASONS_ADMIN_ONLY,
          run: async ({ actor, form, done }) => {
            const entry = await setPastRainOut(year, entryIdOf(form, 'a rain-out'), false, actor);
            return done({ title: 'Rain-out removed', description: `${dateText(entry.date)} counts again.` });
          },
        }),
      },
    });
  });
}

export default function SeasonPage() {
  const data = useLoaderData<typeof loader>();
  if (!data.season) return <SeasonNotFound />;
  return (
    <div className="space-y-6">
      <SeasonDetails isAdmin={data.isAdmin} season={data.season} schedule={data.schedule} playoffs={data.playoffs} />
      <SideGamesSummary year={data.year} games={data.sideGames} isAdmin={data.isAdmin} />
    </div>
  );
}

function SeasonNotFound() {
  return (
    <div className="space-y-4">
      <PageHeader title="Page Not Found" />
      <EmptyState>
        Season not found.{' '}
        <Link to="/seasons" className="text-emerald-800 underline">
          Back to Seasons
        </Link>
      </EmptyState>
    </div>
  );
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { schedule: unknown }>;

function SeasonDetails({
  isAdmin,
  season,
  schedule,
  playoffs,
}: Pick<Loaded, 'isAdmin' | 'season' | 'schedule' | 'playoffs'>) {
  const { base, dialog, editing, deleting, loading, resultFor, messageFor } = useListPage({
    rows: schedule,
    actionData: useActionData<typeof action>(),
  });
  const deleteError = messageFor('delete');
  const markError = messageFor('rain-out');
  const undoError = messageFor('undo-rain-out');
  const playoffError = messageFor('lock-playoffs') ?? messageFor('replace-seed');

  return (
    <div className="space-y-6">
      <PageHeader title={`Season ${season.year}`}>
        {loading ? <Spinner /> : null}
        <Link to="/seasons" className={buttonClass('secondary')}>
          All Seasons
        </Link>
        {isAdmin ? (
          <Link to={withParam(base, 'action', 'edit-season')} preventScrollReset className={buttonClass()}>
            Edit Season
          </Link>
        ) : null}
      </PageHeader>
      {isAdmin ? null : <ViewOnlyNote />}

      <dl className="grid gap-4 rounded-lg border bg-white p-6 shadow-sm sm:grid-cols-4">
        <SeasonFact label="Fee">{formatDollarsAndCents(season.feeCents)}</SeasonFact>
        <SeasonFact label="Registration opens">
          {season.registrationOpens ? formatScheduleDate(season.registrationOpens, 'MMM d, yyyy') : 'January 1'}
        </SeasonFact>
        <SeasonFact label="Registration closes">
          {season.registrationCloses
            ? formatScheduleDate(season.registrationCloses, 'MMM d, yyyy')
            : 'The last scheduled date'}
        </SeasonFact>
        <SeasonFact label="Registration">{season.registration}</SeasonFact>
      </dl>

      <section className="space-y-4" aria-labelledby="schedule-heading">
        <SectionHeader
          id="schedule-heading"
          title="Schedule"
          add={isAdmin ? { to: withParam(base, 'action', 'new'), label: 'Add Date' } : null}
        />
        <FormAlert title="Failed to mark rain-out" messages={markError ? [markError] : null} />
        <FormAlert title="Failed to remove rain-out" messages={undoError ? [undoError] : null} />
        {schedule.length === 0 ? (
          <EmptyState>No schedule dates yet.{isAdmin ? ' Add the first date to get started.' : ''}</EmptyState>
        ) : (
          <DataTable headers={['Date', 'Week #', 'Event', 'Kind', 'Rounds recorded', 'Actions']}>
            {schedule.map((entry) => (
              <tr key={entry.id} className={entry.rainOut ? 'bg-slate-50' : undefined}>
                <Td className="font-medium">{formatScheduleDate(entry.date)}</Td>
                <Td>{orAbsent(entry.weekNumber)}</Td>
                <Td className="min-w-40 whitespace-normal">
                  {entry.event}
                  {entry.rainOut ? (
                    <span className="ml-2 rounded bg-sky-100 px-1.5 py-0.5 text-xs font-medium text-sky-900">
                      Rain-out
                    </span>
                  ) : null}
                </Td>
                <Td>{KIND_LABELS[entry.kind]}</Td>
                <Td>{entry.rounds}</Td>
                <Td>
                  {isAdmin ? (
                    <div className="flex flex-wrap items-center gap-2">
                      <RowActions base={base} id={entry.id} label={formatScheduleDate(entry.date)} />
                      {entry.ahead ? (
                        <RainOutLink date={entry.date} rainedOut={entry.rainOut} back={base} />
                      ) : entry.played || entry.rainOut ? (
                        <RainOutButton id={entry.id} rainOut={entry.rainOut} />
                      ) : null}
                      {entry.ruleMet ? (
                        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                          Rain-out rule met
                        </span>
                      ) : null}
                    </div>
                  ) : entry.ruleMet ? (
                    'Rain-out rule met'
                  ) : (
                    ABSENT
                  )}
                </Td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>

      <PlayoffFieldAdmin
        year={season.year}
        isAdmin={isAdmin}
        locked={playoffs.locked}
        flights={playoffs.flights}
        replacements={playoffs.replacements}
        error={playoffError ?? null}
      />

      {isAdmin && dialog === 'edit-season' ? (
        <UrlDialog title="Edit Season" description={`Season ${season.year}`} closeTo={base}>
          <SeasonForm season={season} intent="update-season" lastResult={resultFor('update-season')} closeTo={base} />
        </UrlDialog>
      ) : null}
      {isAdmin && dialog === 'new' ? (
        <UrlDialog title="Add Date" description={`A date of the ${season.year} schedule.`} closeTo={base}>
          <ScheduleEntryForm year={season.year} lastResult={resultFor('create')} closeTo={base} />
        </UrlDialog>
      ) : null}
      {isAdmin && editing !== undefined ? (
        <UrlDialog title="Edit Date" description={`A date of the ${season.year} schedule.`} closeTo={base}>
          {editing ? (
            <ScheduleEntryForm
              key={editing.id}
              entry={editing}
              year={season.year}
              lastResult={resultFor('update')}
              closeTo={base}
            />
          ) : (
            <p>Schedule date not found.</p>
          )}
        </UrlDialog>
      ) : null}
      <ConfirmDeleteDialog
        record={isAdmin ? deleting : undefined}
        noun="schedule date"
        closeTo={base}
        confirmLabel="Delete Date"
        message={
          deleting &&
          `Are you sure you want to delete ${formatScheduleDate(deleting.date)} from the schedule? Its rounds are kept and count as regular rounds.`
        }
        error={deleteError ? `Failed to delete schedule date: ${deleteError}` : null}
      />
    </div>
  );
}

function SeasonFact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="season" />;
}
