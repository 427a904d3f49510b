import { useFetcher } from '@remix-run/react';
import { golferRowsClass, handicapText } from '~/ui/flight-board';
import { cn } from '~/ui/cn';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { useHydrated } from '~/ui/use-hydrated';
import { useIsPending } from '~/ui/use-is-pending';

/** An active member without a flight: `id` is the golfer's. */
export type UnassignedEntry = {
  id: number;
  name: string;
  hcp: number | null;
  low: number | null;
  high: number | null;
};

type AssignFailure = { golferId: number; message: string };

/**
 * The Unassigned card's rows in a grid, each with its Assign form (select, and the button without JavaScript) and
 * its failure message, styled from the list (decision 064).
 */
const assignRowsClass =
  'grid gap-2 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 [&_form]:order-last [&_form]:flex [&_form]:basis-full [&_form]:items-center [&_form]:gap-2 [&_form]:pt-1 [&_select]:min-w-0 [&_select]:flex-1 [&_select]:rounded-md [&_select]:border [&_select]:border-slate-300 [&_select]:bg-white [&_select]:px-2 [&_select]:py-1 [&_select:focus]:border-emerald-600 [&_select:focus]:outline-none [&_select:focus]:ring-1 [&_select:focus]:ring-emerald-600 [&_select:disabled]:opacity-60 [&_button]:rounded-md [&_button]:border [&_button]:border-slate-300 [&_button]:px-2.5 [&_button]:py-1 [&_button]:font-medium [&_button]:text-slate-800 [@media(scripting:enabled)]:[&_button]:hidden [&_p]:order-last [&_p]:basis-full [&_p]:text-red-700';

/**
 * Golfers with an active membership for the season and no flight (`count` of them in the season; `members` are
 * the page's). Each has an "Assign to Flight" select: with JavaScript choosing a flight assigns at once; without
 * it, an Assign button submits the same form.
 */
export function UnassignedMembers({
  members,
  count,
  season,
  failure,
}: {
  members: UnassignedEntry[];
  count: number;
  season: number;
  failure?: AssignFailure | null;
}) {
  const hydrated = useHydrated();
  return (
    <section aria-labelledby="unassigned-heading" className="rounded-lg border bg-white p-4 shadow-sm">
      <h2 id="unassigned-heading" className="mb-1 flex items-center justify-between font-semibold text-slate-900">
        Unassigned Members
        <span className="text-xs font-normal text-slate-500">{count}</span>
      </h2>
      <p className="mb-3 text-xs text-slate-500">Golfers registered or paid for {season} who have no flight yet.</p>
      {count === 0 ? (
        <p className="text-sm text-slate-500">Every active member has a flight.</p>
      ) : members.length === 0 ? (
        <p className="text-sm text-slate-500">No more unassigned members on this page.</p>
      ) : (
        <>
          {/* The pieces of every row's accessible names: "Assign {name} to a flight", "Assign {name}". */}
          <span id="ua" hidden>
            Assign
          </span>
          <span id="ut" hidden>
            to a flight
          </span>
          <ul className={cn(golferRowsClass, assignRowsClass)}>
            {members.map((member) => (
              <UnassignedMember
                key={member.id}
                member={member}
                hydrated={hydrated}
                failure={failure?.golferId === member.id ? failure.message : null}
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function UnassignedMember({
  member,
  hydrated,
  failure,
}: {
  member: UnassignedEntry;
  hydrated: boolean;
  failure: string | null;
}) {
  const fetcher = useFetcher<{ message?: string }>({ key: `assign-${member.id}` });
  const busy = useIsPending({ fetcher, state: 'non-idle' });
  const message = (fetcher.data && 'message' in fetcher.data ? fetcher.data.message : null) ?? failure;
  const nameId = `u${member.id}`;
  return (
    <li className={busy ? 'opacity-60' : undefined}>
      <b id={nameId}>{member.name}</b>
      <small>{handicapText(member)}</small>
      <fetcher.Form
        method="post"
        preventScrollReset
        onChange={(event) => {
          if (hydrated) fetcher.submit(event.currentTarget, { method: 'post', preventScrollReset: true });
        }}
      >
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="golferId" value={member.id} />
        {/* The season is the page's: the form goes to /flights?season=…, which the action reads. */}
        <select name="flightNo" defaultValue="" disabled={busy} aria-labelledby={`ua ${nameId} ut`}>
          <option value="" disabled>
            Assign to Flight
          </option>
          {FLIGHT_NUMBERS.map((n) => (
            <option key={n} value={n}>
              {`Flight ${n}`}
            </option>
          ))}
        </select>
        {/* Without JavaScript only (where scripts run, CSS hides it until hydration removes it: no layout shift). */}
        {hydrated ? null : (
          <button type="submit" aria-labelledby={`ua ${nameId}`}>
            Assign
          </button>
        )}
      </fetcher.Form>
      {message ? <p role="alert">Failed to assign flight: {message}</p> : null}
    </li>
  );
}
