import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Notice } from '~/ui/notice';
import { Icon } from '~/ui/primitives/icon';
import { DataTable, Td } from '~/ui/data-table';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { RouteError } from '~/ui/route-error';
import { Button, buttonClass } from '~/ui/primitives/button';
import { inputClass } from '~/ui/primitives/field';
import { formatTeeTime, type TeeTimeRow } from '~/domain/tee-times';
import { currentSeason } from '~/domain/season';
import {
  asPosition,
  assignGolferToTeeTime,
  generateSeasonTeeTimes,
  listTeeTimeGolferOptions,
  listTeeTimes,
  removeGolferFromTeeTime,
} from '~/models/tee-times.server';
import { assignSlotSchema, POSITIONS, removeSlotSchema } from '~/schemas/tee-time';
import { adminAction, intent } from '~/web/admin-page.server';
import { requireUser } from '~/web/auth.server';
import { readId } from '~/web/id-param';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';
import { cn } from '~/ui/cn';
import { NightView } from '~/ui/night-view';
import { NightSideGameEntries } from '~/ui/night-side-games';
import { nightSideGames } from '~/features/money/night-side-games.server';
import { sideGameEntriesIntent } from '~/web/side-games-intents.server';
import { nightView } from '~/features/subs/night-view.server';
import { offerSpot } from '~/features/subs/offers.server';
import { offerFormSchema } from '~/schemas/availability';
import { pageHandler, siteOrigin } from '~/web/http.server';
import { orAbsent } from '~/domain/format';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Tee Times');

/** `?slot=12-3` opens the inline selector on tee time 12, position 3 (a link, so it works without JS). */
function parseSlotParam(value: string | null): { teeTimeId: number; position: number } | null {
  const m = value ? /^(\d+)-([1-4])$/.exec(value) : null;
  const teeTimeId = m ? readId(m[1]) : null;
  return m && teeTimeId !== null ? { teeTimeId, position: Number(m[2]) } : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // ?date=yyyy-MM-dd: one league night, with each golfer In, Out or replaced by a sub
  // (docs/product/availability-and-subs.md). A date that is not a league night is the page's 404.
  const date = new URL(request.url).searchParams.get('date');
  if (date !== null) {
    const night = await pageHandler(() => nightView(date));
    return { night, isAdmin: user.isAdmin, sideGames: await nightSideGames(date) } as const;
  }
  const season = currentSeason();
  const editing = user.isAdmin ? parseSlotParam(new URL(request.url).searchParams.get('slot')) : null;
  // The golfers to choose from only while a slot's selector is open: the table itself never lists the league.
  const [teeTimes, golfers] = await Promise.all([
    listTeeTimes(season),
    editing ? listTeeTimeGolferOptions(season) : Promise.resolve([]),
  ]);
  return { night: null, season, teeTimes, golfers, isAdmin: user.isAdmin, editing };
}

const ADMIN_ONLY = 'Only an administrator can change standing tee times.';

const FAILURE_TITLES: Record<string, string> = {
  generate: 'Failed to generate tee times',
  assign: 'Failed to assign golfer',
  remove: 'Failed to remove golfer',
  offer: 'Failed to offer the spot',
  'side-games': 'Failed to save side game entries',
};

/** A failure shows above the table as a notice titled for the intent ('Failed to assign golfer'). */
type TeeTimeFailure = { error: { title: string; message: string } };

/** Generate, assign (the inline selector) and remove (the trash button); all three are isAdmin-only. */
export async function action({ request }: ActionFunctionArgs) {
  return adminAction<TeeTimeFailure>(request, {
    back: '/tee-times',
    maxBytes: 10_000,
    failed: (failure, { intent }) => ({
      error: { title: FAILURE_TITLES[intent] ?? 'Error', message: failure.message },
    }),
    intents: {
      'side-games': sideGameEntriesIntent,
      generate: intent({
        admin: ADMIN_ONLY,
        run: async ({ actor, done }) => {
          const season = currentSeason();
          await generateSeasonTeeTimes(season, actor);
          return done({
            title: 'Tee times generated',
            description: `Standing tee times have been generated for the ${season} season`,
          });
        },
      }),
      assign: intent({
        schema: assignSlotSchema,
        admin: ADMIN_ONLY,
        invalid: 'Choose a golfer for a valid tee time and position.',
        run: async ({ actor, value: { teeTimeId, position, golferId }, done }) => {
          if (golferId === undefined) {
            await removeGolferFromTeeTime(teeTimeId, asPosition(position), actor);
            return done(REMOVED);
          }
          await assignGolferToTeeTime({ teeTimeId, position: asPosition(position), golferId, replace: true }, actor);
          return done({ title: 'Golfer assigned', description: 'Golfer has been assigned to the tee time' });
        },
      }),
      offer: intent({
        schema: offerFormSchema,
        admin: 'Only an administrator can offer a spot to subs.',
        invalid: 'Choose a golfer who is Out on a league night.',
        run: async ({ actor, value: { golferId, date }, request, done }) => {
          const { offered } = await offerSpot({ golferId, date, actor, origin: siteOrigin(request) });
          return done(
            {
              title: offered === 0 ? 'No sub to offer the spot to' : 'Spot offered to subs',
              description:
                offered === 0
                  ? 'Every available sub has been offered it already, or no golfer who ticked I can sub is free.'
                  : `Emailed ${offered} sub${offered === 1 ? '' : 's'} a link to take the spot.`,
            },
            `/tee-times?date=${date}`,
          );
        },
      }),
      remove: intent({
        schema: removeSlotSchema,
        admin: ADMIN_ONLY,
        invalid: 'Invalid tee time or position.',
        run: async ({ actor, value, done }) => {
          await removeGolferFromTeeTime(value.teeTimeId, asPosition(value.position), actor);
          return done(REMOVED);
        },
      }),
    },
  });
}

const REMOVED = { title: 'Golfer removed', description: 'Golfer has been removed from the tee time' };

export default function TeeTimesPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (data.night) {
    return (
      <div>
        <PageHeader title="Tee Times" />
        {actionData?.error ? (
          <Notice tone="error" title={actionData.error.title} className="mb-4">
            {actionData.error.message}
          </Notice>
        ) : null}
        <NightView night={data.night} isAdmin={data.isAdmin} />
        {data.sideGames && data.isAdmin ? (
          <NightSideGameEntries data={data.sideGames} action={`/tee-times?date=${data.night.date}`} />
        ) : null}
      </div>
    );
  }
  return <StandingTeeTimes data={data} error={actionData?.error} />;
}

function StandingTeeTimes({
  data: { season, teeTimes, golfers, isAdmin, editing },
  error,
}: {
  data: Exclude<ReturnType<typeof useLoaderData<typeof loader>>, { night: object }>;
  error: { title: string; message: string } | undefined;
}) {
  const actionData = error ? { error } : undefined;
  const generating = useIsPending({ intent: 'generate' });
  // A stale ?slot= link: the tee time is gone (regenerated, or another season's).
  const missing = editing !== null && !teeTimes.some((t) => t.id === editing.teeTimeId);

  return (
    <div>
      <PageHeader title="Tee Times">
        {isAdmin ? (
          <Form method="post">
            <input type="hidden" name="intent" value="generate" />
            <Button type="submit" disabled={generating}>
              {generating ? 'Generating...' : 'Generate Season Tee Times'}
            </Button>
          </Form>
        ) : null}
      </PageHeader>
      <h2 className="mb-4 text-lg font-semibold text-slate-800">Standing Tee Times for {season} Season</h2>
      {actionData?.error ? (
        <Notice tone="error" title={actionData.error.title} className="mb-4">
          {actionData.error.message}
        </Notice>
      ) : null}
      {missing ? <Notice tone="error" title="Tee time not found." className="mb-4" /> : null}
      {teeTimes.length === 0 ? (
        <EmptyState>No standing tee times available for this season</EmptyState>
      ) : (
        <DataTable
          headers={['Time', 'Golfer 1', 'Golfer 2', 'Golfer 3', 'Golfer 4']}
          // Read-only for a user who is not an administrator: nothing in it to focus, so the table itself is.
          label={isAdmin ? undefined : 'Standing tee times'}
        >
          {teeTimes.map((slot) => (
            <tr key={slot.id}>
              <Td className="font-medium">{formatTeeTime(slot.time)}</Td>
              {POSITIONS.map((p) => (
                <Td key={p} className="align-top">
                  {editing && editing.teeTimeId === slot.id && editing.position === p ? (
                    <SlotEditor slot={slot} position={p} golfers={golfers} />
                  ) : (
                    <SlotCell slot={slot} position={p} isAdmin={isAdmin} />
                  )}
                </Td>
              ))}
            </tr>
          ))}
        </DataTable>
      )}
    </div>
  );
}

function SlotCell({ slot, position, isAdmin }: { slot: TeeTimeRow; position: 1 | 2 | 3 | 4; isAdmin: boolean }) {
  const golferId = slot[`golfer${position}Id`];
  const name = slot[`golfer${position}Name`] ?? (golferId ? `Golfer #${golferId}` : null);
  const time = formatTeeTime(slot.time);
  if (!isAdmin) return <span className={name ? '' : 'text-slate-500'}>{orAbsent(name)}</span>;
  return (
    <div className="flex items-center gap-1">
      <Link
        to={`?slot=${slot.id}-${position}`}
        preventScrollReset
        className={cn('rounded px-1 hover:bg-emerald-50 hover:underline', name ? 'text-slate-800' : 'text-slate-500')}
        // The name says what the link shows ('open' or the golfer), so a voice user can say what they see.
        aria-label={`${time} Golfer ${position}: ${name ?? 'open'}. Choose a golfer`}
      >
        {name ?? '+ Open'}
      </Link>
      {golferId ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="teeTimeId" value={slot.id} />
          <input type="hidden" name="position" value={position} />
          <button
            type="submit"
            className="rounded p-1 text-red-600 hover:bg-red-50"
            aria-label={`Remove ${name} from ${time}`}
            title="Remove"
          >
            <Icon name="trash" className="h-4 w-4" />
          </button>
        </Form>
      ) : null}
    </div>
  );
}

function SlotEditor({
  slot,
  position,
  golfers,
}: {
  slot: TeeTimeRow;
  position: 1 | 2 | 3 | 4;
  golfers: { id: number; fullName: string }[];
}) {
  const saving = useIsPending({ intent: 'assign' });
  const current = slot[`golfer${position}Id`];
  const selectId = `slot-${slot.id}-${position}`;
  return (
    <Form method="post" preventScrollReset className="flex min-w-48 flex-col gap-2">
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="teeTimeId" value={slot.id} />
      <input type="hidden" name="position" value={position} />
      <label htmlFor={selectId} className="sr-only">
        Golfer {position} at {formatTeeTime(slot.time)}
      </label>
      <select id={selectId} name="golferId" defaultValue={current ?? ''} className={inputClass} autoFocus>
        <option value="">None (Remove)</option>
        {golfers.map((g) => (
          <option key={g.id} value={g.id}>
            {g.fullName}
          </option>
        ))}
      </select>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? 'Saving...' : 'Confirm'}
        </Button>
        <Link to="/tee-times" preventScrollReset className={buttonClass('secondary', 'sm')}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export function ErrorBoundary() {
  return <RouteError what="tee times" />;
}
