import { Form, Link } from '@remix-run/react';
import { formatPoints } from '~/domain/format';
import { PLAYOFF_SPOTS } from '~/domain/standings';
import { DataTable, Td } from '~/ui/data-table';
import { FormAlert } from '~/ui/form-alert';
import { SectionHeader } from '~/ui/page-header';
import { Button } from '~/ui/primitives/button';
import { inputClass } from '~/ui/primitives/field';
import { REASON_MAX } from '~/schemas/playoffs';
import { useIsPending } from '~/ui/use-is-pending';

type FieldEntry = { seed: number; golferId: number; name: string; points: number; status: string };
type Flight = { flightNo: string; field: FieldEntry[] };
type Replacement = { flightNo: string; seed: number; outName: string; inName: string; reason: string; by: string };

/**
 * The playoffs of a season on /seasons/{year} (docs/product/playoffs.md#the-field): the field of each flight,
 * provisional with 'Lock playoff field', or locked with 'Replace' (and a reason) on each seed, and the replacements
 * made. Plain forms: they work without JavaScript.
 */
export function PlayoffFieldAdmin({
  year,
  isAdmin,
  locked,
  flights,
  replacements,
  error,
}: {
  year: number;
  isAdmin: boolean;
  locked: { lockedAt: Date; lockedBy: string } | null;
  flights: Flight[];
  replacements: Replacement[];
  error: string | null;
}) {
  const locking = useIsPending({ intent: 'lock-playoffs' });
  const shown = flights.filter((f) => f.field.length > 0);
  return (
    <section className="space-y-4" aria-labelledby="playoffs-heading">
      <SectionHeader id="playoffs-heading" title="Playoff field" />
      <FormAlert title="Failed to change the playoff field" messages={error ? [error] : null} />
      <p className="text-sm text-slate-700">
        {locked
          ? `Locked ${locked.lockedBy === 'automatic' ? 'by itself when the last qualifier night got its points' : `by ${locked.lockedBy}`}. Each golfer in it was emailed their flight and seed.`
          : `Provisional: the top ${PLAYOFF_SPOTS} qualified golfers of each flight, following the standings. It locks by itself once the last qualifier night has points.`}{' '}
        <Link to={`/stats/playoffs?season=${year}`} className="text-emerald-800 underline">
          The playoffs page
        </Link>
      </p>
      {isAdmin && !locked ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="lock-playoffs" />
          <Button type="submit" disabled={locking}>
            {locking ? 'Locking...' : 'Lock playoff field'}
          </Button>
        </Form>
      ) : null}
      {shown.length === 0 ? (
        <p className="text-sm text-slate-700">No golfer has qualified for the {year} playoffs yet.</p>
      ) : (
        <DataTable headers={['Flight', 'Seed', 'Golfer', 'Points', ...(isAdmin && locked ? ['Replace'] : [])]}>
          {shown.flatMap((flight) =>
            flight.field.map((entry) => (
              <tr key={`${flight.flightNo}-${entry.seed}`}>
                <Td>{flight.flightNo}</Td>
                <Td>{entry.seed}</Td>
                <Td className="font-medium">{entry.name}</Td>
                <Td>{formatPoints(entry.points)}</Td>
                {isAdmin && locked ? (
                  <Td>
                    <ReplaceForm flightNo={flight.flightNo} seed={entry.seed} name={entry.name} />
                  </Td>
                ) : null}
              </tr>
            )),
          )}
        </DataTable>
      )}
      {replacements.length > 0 ? (
        <div className="space-y-1 text-sm text-slate-700">
          <h3 className="font-semibold text-slate-900">Replacements</h3>
          <ul className="list-disc pl-6">
            {replacements.map((r, i) => (
              <li key={i}>
                Flight {r.flightNo}, seed {r.seed}: {r.inName} replaced {r.outName} ({r.reason}), by {r.by}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function ReplaceForm({ flightNo, seed, name }: { flightNo: string; seed: number; name: string }) {
  const replacing = useIsPending({ intent: 'replace-seed' });
  const id = `reason-${flightNo}-${seed}`;
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="replace-seed" />
      <input type="hidden" name="flight" value={flightNo} />
      <input type="hidden" name="seed" value={seed} />
      <label htmlFor={id} className="sr-only">
        Why {name} is replaced
      </label>
      <input
        id={id}
        name="reason"
        required
        maxLength={REASON_MAX}
        placeholder="Reason"
        className={`${inputClass} w-40`}
      />
      <Button type="submit" variant="secondary" size="sm" disabled={replacing}>
        Replace
      </Button>
    </Form>
  );
}
