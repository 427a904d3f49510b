import { Form, Link } from '@remix-run/react';
import { FEET_LIMITS, INCHES_LIMITS } from '~/schemas/side-games';
import { Button } from '~/ui/primitives/button';
import { useIsPending } from '~/ui/use-is-pending';

/**
 * A night's side games for administrators (docs/product/money.md): the entries on the night view and the closest to
 * the pin on /scores. Plain forms posting to the page they are on (the intents of app/web/side-games-intents.server.ts).
 */

type Game = 'skins' | 'closestToPin' | 'lowNet';

export type NightSideGamesData = {
  date: string;
  season: number;
  games: { game: Game; label: string }[];
  hole: number | null;
  closest: { golferId: number; name: string; feet: number; inches: number } | null;
  players: { golferId: number; name: string; entered: Record<Game, boolean> }[];
};

export function NightSideGameEntries({ data, action }: { data: NightSideGamesData; action: string }) {
  const saving = useIsPending({ intent: 'side-games' });
  return (
    <section aria-labelledby="night-side-games" className="space-y-2">
      <h2 id="night-side-games" className="text-lg font-semibold text-slate-800">
        Side games
      </h2>
      {data.games.length === 0 ? (
        <p className="text-sm text-slate-700">
          No side games this season: set them on the{' '}
          <Link to={`/seasons/${data.season}`} className="text-emerald-800 underline">
            season screen
          </Link>
          .
        </p>
      ) : data.players.length === 0 ? (
        <p className="text-sm text-slate-700">Nobody plays this night yet.</p>
      ) : (
        <Form method="post" action={action} preventScrollReset className="space-y-2">
          <input type="hidden" name="intent" value="side-games" />
          <input type="hidden" name="date" value={data.date} />
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th scope="col" className="px-2 py-1">
                    Golfer
                  </th>
                  {data.games.map((g) => (
                    <th key={g.game} scope="col" className="px-2 py-1">
                      {g.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.players.map((p) => (
                  <tr key={p.golferId} className="border-t border-slate-100">
                    <th scope="row" className="px-2 py-1 text-left font-normal">
                      <input type="hidden" name="golferId" value={p.golferId} />
                      {p.name}
                    </th>
                    {data.games.map((g) => (
                      <td key={g.game} className="px-2 py-1">
                        <input
                          type="checkbox"
                          name={`${p.golferId}-${g.game}`}
                          defaultChecked={p.entered[g.game]}
                          aria-label={`${p.name}: ${g.label}`}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button type="submit" size="sm" disabled={saving}>
            {saving ? 'Saving...' : 'Save entries'}
          </Button>
        </Form>
      )}
    </section>
  );
}

export function ClosestToPinForm({ data, action }: { data: NightSideGamesData; action: string }) {
  const saving = useIsPending({ intent: 'closest-to-pin' });
  if (data.hole === null) return null;
  const entrants = data.players.filter((p) => p.entered.closestToPin);
  return (
    <section aria-labelledby="closest-to-pin" className="space-y-2 rounded-md border p-3">
      <h2 id="closest-to-pin" className="text-lg font-semibold">
        Closest to the pin (hole {data.hole})
      </h2>
      <p className="text-sm">
        {data.closest
          ? `Closest to the pin: ${data.closest.name}, ${data.closest.feet} ft ${data.closest.inches} in.`
          : 'Not entered yet.'}
      </p>
      {entrants.length === 0 ? (
        <p className="text-sm">Nobody entered closest to the pin this night.</p>
      ) : (
        <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="closest-to-pin" />
          <input type="hidden" name="date" value={data.date} />
          <label className="text-sm">
            Winner
            <select name="golferId" defaultValue={data.closest?.golferId} className="ml-2 rounded border px-2 py-1">
              {entrants.map((p) => (
                <option key={p.golferId} value={p.golferId}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm">
            Feet
            <input
              name="feet"
              type="number"
              min={FEET_LIMITS.min}
              max={FEET_LIMITS.max}
              defaultValue={data.closest?.feet ?? ''}
              required
              className="ml-2 w-20 rounded border px-2 py-1"
            />
          </label>
          <label className="text-sm">
            Inches
            <input
              name="inches"
              type="number"
              min={INCHES_LIMITS.min}
              max={INCHES_LIMITS.max}
              defaultValue={data.closest?.inches ?? 0}
              required
              className="ml-2 w-20 rounded border px-2 py-1"
            />
          </label>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving...' : 'Save closest to the pin'}
          </Button>
        </Form>
      )}
    </section>
  );
}
