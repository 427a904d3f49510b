import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useFetcher, useLoaderData } from '@remix-run/react';
import { ConfirmDeleteDialog } from '~/ui/confirm-delete-dialog';
import { FlightBoard, type FlightEntry } from '~/ui/flight-board';
import { FlightForm } from '~/ui/flight-form';
import { FormAlert } from '~/ui/form-alert';
import { DownloadCsvLink } from '~/ui/download-csv-link';
import { PageLinks } from '~/ui/pager';
import { GolferFindForm } from '~/ui/golfer-picker';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { RouteError } from '~/ui/route-error';
import { SeasonPicker } from '~/ui/season-picker';
import { buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { UnassignedMembers } from '~/ui/unassigned-members';
import { seasonChoices } from '~/domain/season';
import {
  createFlightAssignment,
  deleteFlightAssignment,
  getFlightAssignment,
  getFlightBoard,
  moveFlightAssignment,
  updateFlightAssignment,
} from '~/models/flights.server';
import { FLIGHT_NUMBERS, type FlightNo } from '~/domain/league-rules';
import { flightMoveSchema, flightSchema } from '~/schemas/flight';
import { adminAction, crudIntents, dialogRecords, intent } from '~/web/admin-page.server';
import { golferPicker } from '~/web/golfer-picker.server';
import { requireUser } from '~/web/auth.server';
import { HttpError, pageHandler, pageParam, seasonParam } from '~/web/http.server';
import { titled } from '~/ui/meta';
import { useListPage } from '~/ui/use-list-page';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Flights');

/** The board's URL: the season, and the page when not the first. */
function listUrl(season: number, page = 1): string {
  return page > 1 ? `/flights?season=${season}&page=${page}` : `/flights?season=${season}`;
}

/**
 * Where a form of the page goes back to: the board it was sent from (its season and page), or the first page of
 * `season` when the saved assignment belongs to another season.
 */
function backTo(request: Request, season?: number): string {
  const url = new URL(request.url);
  const from = seasonParam(url);
  const page = Number(url.searchParams.get('page'));
  if (season !== undefined && season !== from) return listUrl(season);
  return listUrl(from, Number.isInteger(page) && page > 1 ? page : 1);
}

export async function loader({ request }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    await requireUser(request);
    const url = new URL(request.url);
    const season = seasonParam(url);
    const formOpen = url.searchParams.get('action') === 'new' || url.searchParams.has('edit');
    // A fixed number of queries: the board's page, and the form's golfers and record only when a dialog needs them.
    const [board, { editing, deleting, status }] = await Promise.all([
      getFlightBoard(season, pageParam(url)),
      dialogRecords(url, 'flight assignment id', getFlightAssignment, getFlightAssignment),
    ]);
    return data(
      {
        season,
        seasons: seasonChoices(),
        ...board,
        // At most 100 golfers, searched with ?golfer= (docs/decisions/105-golfer-picker.md).
        golfers: formOpen ? await golferPicker(url, editing?.golferId) : null,
        editing: editing
          ? { id: editing.id, golferId: editing.golferId, season: editing.season, flightNo: editing.flightNo }
          : null,
        deleting: deleting ? { id: deleting.id, golferName: deleting.golfer.fullName } : null,
      },
      { status },
    );
  });
}

/** A failed Assign names its golfer, so the Unassigned card shows the message beside them. */
type AssignFailure = { golferId: number };

function assignedToast(request: Request, saved: { golferName: string; flightNo: string; season: number }) {
  return [`${saved.golferName} assigned to Flight ${saved.flightNo}`, backTo(request, saved.season)] as const;
}

export async function action({ request }: ActionFunctionArgs) {
  // pageHandler: a bad ?season= in the form's URL is a 400 page, as in the loader.
  return pageHandler(() =>
    adminAction<AssignFailure>(request, {
      back: backTo(request),
      maxBytes: 10_000,
      intents: {
        ...crudIntents({
          noun: 'flight assignment',
          schema: flightSchema,
          create: async (value, actor) => ({
            back: backTo(request, (await createFlightAssignment(value, actor)).season),
          }),
          update: async (id, value, actor) => ({
            back: backTo(request, (await updateFlightAssignment(id, value, actor)).season),
          }),
          remove: deleteFlightAssignment,
          deleteFailure: 'dialog',
        }),
        // The board's drag (a fetcher) and its no-JavaScript Move form.
        move: intent({
          run: async ({ actor, form, done }) => {
            const parsed = flightMoveSchema.safeParse({
              flightId: Number(form.get('flightId')),
              newFlightNo: form.get('newFlightNo'),
            });
            if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid move');
            return done(
              ...assignedToast(
                request,
                await moveFlightAssignment(parsed.data.flightId, parsed.data.newFlightNo, actor),
              ),
            );
          },
        }),
        // The Unassigned card's Assign.
        assign: intent<AssignFailure>({
          run: async ({ actor, form, done }) => {
            const parsed = flightSchema.safeParse({
              golferId: Number(form.get('golferId')),
              // The Unassigned card's form goes to the page's URL, whose ?season= is the season.
              season: Number(form.get('season') ?? seasonParam(new URL(request.url))),
              flightNo: form.get('flightNo') ?? undefined,
            });
            if (!parsed.success)
              throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid flight assignment');
            return done(...assignedToast(request, await createFlightAssignment(parsed.data, actor)));
          },
          failed: (_failure, { form }) => ({ golferId: Number(form.get('golferId')) }),
        }),
      },
    }),
  );
}

const MOVE_FETCHER = 'flight-move';

export default function FlightsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { dialog, editing, deleting, waiting, resultFor, messageFor } = useListPage({
    editing: data.editing,
    deleting: data.deleting,
    actionData,
  });
  const mover = useFetcher<typeof action>({ key: MOVE_FETCHER });
  const { season } = data;
  const closeTo = listUrl(season, data.page);
  const formOptions = { golfers: data.golfers, seasons: data.seasons, closeTo };

  // While a move is on its way, show the golfer in the new flight already.
  const moving = mover.formData?.get('intent') === 'move' ? mover.formData.get('newFlightNo') : null;
  const pendingFlight = typeof moving === 'string' ? moving : null;
  const pendingId = pendingFlight ? Number(mover.formData?.get('flightId')) : null;
  const entries: FlightEntry[] = data.assigned.map((a) =>
    a.id === pendingId && pendingFlight ? { ...a, flightNo: pendingFlight } : a,
  );
  // The season's sizes, with a move on its way counted in its new flight already.
  const movingFrom = data.assigned.find((a) => a.id === pendingId)?.flightNo;
  const counts = Object.fromEntries(
    FLIGHT_NUMBERS.map((n) => {
      const own = data.counts[n] ?? 0;
      if (!pendingFlight || !movingFrom || movingFrom === pendingFlight) return [n, own];
      return [n, own + (n === pendingFlight ? 1 : 0) - (n === movingFrom ? 1 : 0)];
    }),
  );

  const moveFailure = (mover.data?.intent === 'move' ? mover.data.message : null) ?? messageFor('move');
  const assignFailure =
    actionData?.intent === 'assign' && actionData.message !== undefined && actionData.golferId !== undefined
      ? { golferId: actionData.golferId, message: actionData.message }
      : null;
  // An assignment that failed for a golfer no longer in the Unassigned card (someone else assigned them meanwhile,
  // or a stale page) has no row to show its message beside, so it shows at the top instead.
  const strayAssignFailure =
    assignFailure && !data.unassigned.some((m) => m.id === assignFailure.golferId) ? assignFailure : null;

  function onMove(entry: FlightEntry, flightNo: FlightNo) {
    mover.submit(
      { intent: 'move', flightId: String(entry.id), newFlightNo: flightNo },
      { method: 'post', preventScrollReset: true },
    );
  }

  return (
    <div className="space-y-6">
      <PageHeader title="Flights">
        <SeasonPicker seasons={data.seasons} season={season} />
        <DownloadCsvLink type="flights" season={season} />
        <Link to={`/standings?season=${season}`} className={buttonClass('secondary')}>
          Standings
        </Link>
        <Link to={`/flights?season=${season}&action=new`} preventScrollReset className={buttonClass()}>
          Assign Flight
        </Link>
      </PageHeader>

      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-label="Flight sizes">
        {FLIGHT_NUMBERS.map((n) => (
          <li key={n} className="rounded-lg border bg-white p-4 shadow-sm">
            <p className="text-sm text-slate-500">Flight {n}</p>
            <p className="text-2xl font-bold text-slate-900" data-testid={`flight-count-${n}`}>
              {counts[n]}
            </p>
            <p className="text-xs text-slate-500">{counts[n] === 1 ? 'golfer' : 'golfers'}</p>
          </li>
        ))}
      </ul>

      <FormAlert title="Failed to assign flight" messages={strayAssignFailure ? [strayAssignFailure.message] : null} />
      {moveFailure ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          <p className="font-semibold">Failed to update flight assignment</p>
          <p>{moveFailure}</p>
        </div>
      ) : null}

      {FLIGHT_NUMBERS.every((n) => !data.counts[n]) ? (
        <EmptyState>No flight assignments found for this season. Assign golfers to flights to get started.</EmptyState>
      ) : null}
      <FlightBoard entries={entries} counts={counts} base={closeTo} onMove={onMove} />

      <UnassignedMembers
        members={data.unassigned}
        count={data.unassignedCount}
        season={season}
        failure={assignFailure}
      />

      <BoardPager season={season} page={data.page} pageCount={data.pageCount} pageSize={data.pageSize} />

      {dialog === 'new' ? (
        <UrlDialog title="Assign Flight" description="Assign a golfer to a flight for a season." closeTo={closeTo}>
          <FlightForm mode="create" assignment={{ season }} lastResult={resultFor('create')} {...formOptions} />
        </UrlDialog>
      ) : null}

      {editing !== undefined ? (
        <UrlDialog title="Edit Flight Assignment" description="Change the golfer's flight or season." closeTo={closeTo}>
          {editing ? (
            <FlightForm
              key={editing.id}
              mode="update"
              assignment={editing}
              lastResult={resultFor('update')}
              {...formOptions}
            />
          ) : (
            <p className="text-sm text-slate-600">
              {waiting ? 'Loading flight assignment...' : 'Flight assignment not found.'}
            </p>
          )}
        </UrlDialog>
      ) : null}

      {data.golfers ? <GolferFindForm /> : null}

      <ConfirmDeleteDialog
        record={waiting ? undefined : deleting}
        noun="flight assignment"
        closeTo={closeTo}
        confirmLabel="Delete Assignment"
        error={messageFor('delete')}
      />
    </div>
  );
}

/**
 * A board larger than one page (more than FLIGHT_PAGE_SIZE golfers in a flight or in the Unassigned card) shows
 * the same page of each list: page 2 is golfers 101 to 200 of every flight (decision 064). Plain links.
 */
function BoardPager({
  season,
  page,
  pageCount,
  pageSize,
}: {
  season: number;
  page: number;
  pageCount: number;
  pageSize: number;
}) {
  if (pageCount <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  return (
    <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <p>
        Showing golfers {first}–{page * pageSize} of each flight and of the unassigned members
      </p>
      <PageLinks page={page} pageCount={pageCount} to={(n) => listUrl(season, n)} />
    </nav>
  );
}

export function ErrorBoundary() {
  return <RouteError what="flights" />;
}
