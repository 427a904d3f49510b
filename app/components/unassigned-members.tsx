import { useFetcher } from '@remix-run/react';
import { HandicapLine, displayName } from '~/components/flight-board';
import { Button } from '~/components/ui/button';
import { inputClass } from '~/components/ui/field';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { cn } from '~/utils/cn';
import { useHydrated } from '~/utils/use-hydrated';
import { useIsPending } from '~/utils/use-is-pending';

export type UnassignedEntry = {
  golferId: number;
  golferName: string | null;
  handicap: number | null;
  minHandicap: number | null;
  maxHandicap: number | null;
};

type AssignFailure = { golferId: number; message: string };

/**
 * Golfers with an active membership for the season and no flight. Each has an "Assign to Flight" select: with
 * JavaScript choosing a flight assigns at once; without it, an Assign button submits the same form.
 */
export function UnassignedMembers({
  members,
  season,
  failure,
}: {
  members: UnassignedEntry[];
  season: number;
  failure?: AssignFailure | null;
}) {
  return (
    <section aria-labelledby="unassigned-heading" className="rounded-lg border bg-white p-4 shadow-sm">
      <h2 id="unassigned-heading" className="mb-1 font-semibold text-slate-900">
        Unassigned Members
      </h2>
      <p className="mb-3 text-xs text-slate-500">Golfers registered or paid for {season} who have no flight yet.</p>
      {members.length === 0 ? (
        <p className="text-sm text-slate-500">Every active member has a flight.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {members.map((member) => (
            <UnassignedMember
              key={member.golferId}
              member={member}
              season={season}
              failure={failure?.golferId === member.golferId ? failure.message : null}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function UnassignedMember({
  member,
  season,
  failure,
}: {
  member: UnassignedEntry;
  season: number;
  failure: string | null;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ message?: string }>({ key: `assign-${member.golferId}` });
  const busy = useIsPending({ fetcher, state: 'non-idle' });
  const message = (fetcher.data && 'message' in fetcher.data ? fetcher.data.message : null) ?? failure;
  const name = displayName(member);
  const selectId = `assign-${member.golferId}`;
  return (
    <li className={cn('rounded-md border p-2', busy && 'opacity-60')}>
      <fetcher.Form
        method="post"
        preventScrollReset
        className="space-y-2"
        onChange={(event) => {
          if (hydrated) fetcher.submit(event.currentTarget, { method: 'post', preventScrollReset: true });
        }}
      >
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="golferId" value={member.golferId} />
        <input type="hidden" name="season" value={season} />
        <div>
          <p className="break-words font-medium text-slate-900">{name}</p>
          <HandicapLine entry={member} />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="sr-only">
            Assign {name} to a flight
          </label>
          <select
            id={selectId}
            name="flightNo"
            defaultValue=""
            disabled={busy}
            className={cn(inputClass, 'min-w-0 flex-1 py-1')}
          >
            <option value="" disabled>
              Assign to Flight
            </option>
            {FLIGHT_NUMBERS.map((n) => (
              <option key={n} value={n}>
                Flight {n}
              </option>
            ))}
          </select>
          {hydrated ? null : (
            <Button type="submit" variant="secondary" size="sm">
              Assign<span className="sr-only"> {name}</span>
            </Button>
          )}
        </div>
      </fetcher.Form>
      {message ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          Failed to assign flight: {message}
        </p>
      ) : null}
    </li>
  );
}
