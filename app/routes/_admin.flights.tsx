import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useFetcher, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { FlightBoard, type FlightEntry } from '~/components/flight-board';
import { FlightForm } from '~/components/flight-form';
import { FormAlert } from '~/components/form-alert';
import { DownloadCsvLink } from '~/components/download-csv-link';
import { EmptyState, PageHeader } from '~/components/page-header';
import { SeasonPicker } from '~/components/season-picker';
import { buttonClass } from '~/components/ui/button';
import { UrlDialog } from '~/components/ui/dialog';
import { UnassignedMembers } from '~/components/unassigned-members';
import { seasonChoices } from '~/domain/season';
import {
  createFlightAssignment,
  deleteFlightAssignment,
  getFlightAssignment,
  getFlightDetails,
  moveFlightAssignment,
  updateFlightAssignment,
} from '~/models/flights.server';
import { listGolferOptions } from '~/models/golfers.server';
import { FLIGHT_NUMBERS, flightMoveSchema, flightSchema, type FlightNo } from '~/schemas/flight';
import { requireUser } from '~/utils/auth.server';
import { HttpError, pageHandler, parseId, readSmallForm, seasonParam } from '~/utils/http.server';
import { redirectWithToast } from '~/utils/session.server';

export const meta: MetaFunction = () => [{ title: 'Flights' }];

function listUrl(season: number): string {
  return `/flights?season=${season}`;
}

export async function loader({ request }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    await requireUser(request);
    const url = new URL(request.url);
    const season = seasonParam(url);
    const editParam = url.searchParams.get('edit');
    const deleteParam = url.searchParams.get('delete');
    const formOpen = url.searchParams.get('action') === 'new' || editParam !== null;
    // A fixed number of queries: the details, and the form's golfers and record only when a dialog needs them.
    const [details, golfers, editing, deleting] = await Promise.all([
      getFlightDetails(season),
      formOpen ? listGolferOptions() : null,
      editParam !== null ? getFlightAssignment(parseId(editParam, 'flight assignment id')) : null,
      deleteParam !== null ? getFlightAssignment(parseId(deleteParam, 'flight assignment id')) : null,
    ]);
    if ((editParam !== null && !editing) || (deleteParam !== null && !deleting))
      throw new HttpError(404, 'Flight assignment not found');
    return json({
      season,
      seasons: seasonChoices(),
      ...details,
      golfers: golfers?.map((g) => ({ id: g.id, fullName: g.fullName })) ?? null,
      editing: editing
        ? { id: editing.id, golferId: editing.golferId, season: editing.season, flightNo: editing.flightNo }
        : null,
      deleting: deleting ? { id: deleting.id, golferName: deleting.golfer.fullName } : null,
    });
  });
}

type FormFailure = { intent: 'create' | 'update'; result: SubmissionResult<string[]> };
type Failure = { intent: 'delete' | 'move'; message: string } | { intent: 'assign'; golferId: number; message: string };

function assignedToast(name: string, flightNo: string, request: Request, season: number) {
  return redirectWithToast(
    listUrl(season),
    { type: 'success', title: 'Success', description: `${name} assigned to Flight ${flightNo}` },
    undefined,
    request,
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return pageHandler(async () => {
    await requireUser(request);
    const form = await readSmallForm(request, 10_000);
    const intent = String(form.get('intent') ?? '');
    const season = seasonParam(new URL(request.url));

    if (intent === 'create' || intent === 'update') {
      const submission = parseWithZod(form, { schema: flightSchema });
      if (submission.status !== 'success')
        return json<FormFailure>({ intent, result: submission.reply() }, { status: 400 });
      try {
        const saved =
          intent === 'create'
            ? await createFlightAssignment(submission.value)
            : await updateFlightAssignment(
                parseId(String(form.get('id') ?? ''), 'flight assignment id'),
                submission.value,
              );
        const description =
          intent === 'create' ? 'Flight assignment created successfully' : 'Flight assignment updated successfully';
        return redirectWithToast(
          listUrl(saved.season),
          { type: 'success', title: 'Success', description },
          undefined,
          request,
        );
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return json<FormFailure>(
          { intent, result: submission.reply({ formErrors: [error.message], fieldErrors: error.errors }) },
          { status: error.status },
        );
      }
    }

    try {
      if (intent === 'delete') {
        await deleteFlightAssignment(parseId(String(form.get('id') ?? ''), 'flight assignment id'));
        return redirectWithToast(
          listUrl(season),
          { type: 'success', title: 'Success', description: 'Flight assignment deleted successfully' },
          undefined,
          request,
        );
      }
      if (intent === 'move') {
        const parsed = flightMoveSchema.safeParse({
          flightId: Number(form.get('flightId')),
          newFlightNo: form.get('newFlightNo'),
        });
        if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid move');
        const moved = await moveFlightAssignment(parsed.data.flightId, parsed.data.newFlightNo);
        return assignedToast(moved.golferName, moved.flightNo, request, moved.season);
      }
    } catch (error) {
      if (error instanceof HttpError)
        return json<Failure>({ intent: intent as 'delete' | 'move', message: error.message }, { status: error.status });
      throw error;
    }

    if (intent === 'assign') {
      const golferId = Number(form.get('golferId'));
      const parsed = flightSchema.safeParse({
        golferId,
        season: Number(form.get('season')),
        flightNo: form.get('flightNo') ?? undefined,
      });
      try {
        if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid flight assignment');
        const created = await createFlightAssignment(parsed.data);
        return assignedToast(created.golferName, created.flightNo, request, created.season);
      } catch (error) {
        if (error instanceof HttpError)
          return json<Failure>({ intent: 'assign', golferId, message: error.message }, { status: error.status });
        throw error;
      }
    }

    throw new HttpError(400, `Unknown action "${intent}"`);
  });
}

function useDialogParams() {
  const location = useLocation();
  const navigation = useNavigation();
  const pending =
    navigation.state === 'loading' && navigation.location.pathname === location.pathname ? navigation.location : null;
  return new URLSearchParams((pending ?? location).search);
}

const MOVE_FETCHER = 'flight-move';

export default function FlightsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const params = useDialogParams();
  const mover = useFetcher<Failure>({ key: MOVE_FETCHER });
  const { season } = data;
  const closeTo = listUrl(season);

  // While a move is on its way, show the golfer in the new flight already.
  const pendingFlight = mover.formData?.get('intent') === 'move' ? String(mover.formData.get('newFlightNo')) : null;
  const pendingId = pendingFlight ? Number(mover.formData?.get('flightId')) : null;
  const entries: FlightEntry[] = data.assigned.map((a) =>
    a.id === pendingId && pendingFlight ? { ...a, flightNo: pendingFlight } : a,
  );
  const counts = Object.fromEntries(FLIGHT_NUMBERS.map((n) => [n, entries.filter((e) => e.flightNo === n).length]));

  const formFailure = actionData && 'result' in actionData ? actionData : null;
  const failure = actionData && 'message' in actionData ? actionData : null;
  const moveFailure =
    (mover.data && 'message' in mover.data ? mover.data : null) ?? (failure?.intent === 'move' ? failure : null);
  // An assignment that failed for a golfer no longer in the Unassigned card (someone else assigned them meanwhile,
  // or a stale page) has no row to show its message beside, so it shows at the top instead.
  const strayAssignFailure =
    failure?.intent === 'assign' && !data.unassigned.some((m) => m.golferId === failure.golferId) ? failure : null;

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
          <p>{moveFailure.message}</p>
        </div>
      ) : null}

      {data.assigned.length === 0 ? (
        <EmptyState>No flight assignments found for this season. Assign golfers to flights to get started.</EmptyState>
      ) : null}
      <FlightBoard entries={entries} season={season} onMove={onMove} />

      <UnassignedMembers
        members={data.unassigned}
        season={season}
        failure={failure?.intent === 'assign' ? failure : null}
      />

      {params.get('action') === 'new' ? (
        <UrlDialog title="Assign Flight" description="Assign a golfer to a flight for a season." closeTo={closeTo}>
          <FlightForm
            mode="create"
            assignment={{ season }}
            golfers={data.golfers}
            seasons={data.seasons}
            lastResult={formFailure?.intent === 'create' ? formFailure.result : null}
            closeTo={closeTo}
          />
        </UrlDialog>
      ) : null}

      {params.get('edit') !== null ? (
        <UrlDialog title="Edit Flight Assignment" description="Change the golfer's flight or season." closeTo={closeTo}>
          {data.editing && String(data.editing.id) === params.get('edit') ? (
            <FlightForm
              key={data.editing.id}
              mode="update"
              assignment={data.editing}
              golfers={data.golfers}
              seasons={data.seasons}
              lastResult={formFailure?.intent === 'update' ? formFailure.result : null}
              closeTo={closeTo}
            />
          ) : (
            <p className="text-sm text-slate-600">Loading flight assignment...</p>
          )}
        </UrlDialog>
      ) : null}

      {params.get('delete') !== null && data.deleting ? (
        <ConfirmDeleteDialog
          id={data.deleting.id}
          closeTo={closeTo}
          message="Are you sure you want to delete this flight assignment? This action cannot be undone."
          confirmLabel="Delete Assignment"
          error={failure?.intent === 'delete' ? failure.message : null}
        />
      ) : null}
    </div>
  );
}
