import { Form } from '@remix-run/react';
import { orAbsent } from '~/domain/format';
import { formatRoundDate } from '~/domain/season';
import { Button } from '~/ui/primitives/button';
import { useIsPending } from '~/ui/use-is-pending';

/** A round the upgrade set aside, as the notice shows it. */
type SetAsideRow = {
  id: number;
  golferId: number;
  golferName: string | null;
  date: string;
  grossScore: number;
  notes: string | null;
  /** The golfer's round on that date that stayed in the rounds table, if it is still there. */
  kept: { grossScore: number } | null;
};

/**
 * Rounds the upgrade set aside (a golfer's later rounds on a date that already had one), each with the round kept
 * that date and two plain forms: 'Use this one instead' swaps them, 'Discard' deletes the set-aside round.
 */
export function SetAsideNotice({
  rows,
  season,
  error,
}: {
  rows: readonly SetAsideRow[];
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
