import { Form } from '@remix-run/react';
import { formatDollarsAndCents } from '~/domain/format';
import { balanceSentence } from '~/domain/side-games';
import { Button } from '~/ui/primitives/button';
import { useIsPending } from '~/ui/use-is-pending';

/**
 * The golfer's money (docs/product/money.md): 'Play the side games' (a form per open night) and 'My money' (the lines
 * behind the balance, 'Pay my balance'). Both post to /me/money, so they work without JavaScript on /me and on
 * /me/money, which redirects back to `back`.
 */

type Game = 'skins' | 'closestToPin' | 'lowNet';

export type MySideGamesData = {
  games: { game: Game; label: string }[];
  nights: { date: string; label: string; cutoff: string; entered: Record<Game, boolean> }[];
};

export type MyMoneyData = {
  balanceCents: number;
  lines: { date: string; label: string; what: string; cents: number }[];
};

const ACTION = '/me/money';

export function PlaySideGames({ data, back = ACTION }: { data: MySideGamesData; back?: string }) {
  const pending = useIsPending({ intent: 'side-games' });
  if (data.games.length === 0) return null;
  return (
    <section aria-labelledby="play-side-games" className="space-y-3 rounded-lg border bg-white p-4 shadow-sm sm:p-6">
      <h2 id="play-side-games" className="text-lg font-semibold text-emerald-800">
        Play the side games
      </h2>
      {data.nights.length === 0 ? (
        <p className="text-sm text-slate-700">No night you play is open for the side games right now.</p>
      ) : (
        <ul className="space-y-3">
          {data.nights.map((night) => (
            <li key={night.date}>
              <Form method="post" action={ACTION} className="space-y-2 rounded-md border border-slate-200 p-3">
                <input type="hidden" name="intent" value="side-games" />
                <input type="hidden" name="date" value={night.date} />
                <input type="hidden" name="back" value={back} />
                <fieldset>
                  <legend className="font-semibold text-slate-900">{night.label}</legend>
                  <p className="text-xs text-slate-600">Until {night.cutoff}.</p>
                  <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                    {data.games.map((g) => (
                      <label key={g.game} className="flex items-center gap-2 text-sm">
                        <input type="checkbox" name={g.game} defaultChecked={night.entered[g.game]} />
                        {g.label}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <Button type="submit" size="sm" disabled={pending}>
                  Save my side games
                  <span className="sr-only"> ({night.label})</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function MyMoney({ data, back = ACTION }: { data: MyMoneyData; back?: string }) {
  const paying = useIsPending({ intent: 'pay' });
  if (data.lines.length === 0 && data.balanceCents === 0) return null;
  return (
    <section aria-labelledby="my-money" className="space-y-3 rounded-lg border bg-white p-4 shadow-sm sm:p-6">
      <h2 id="my-money" className="text-lg font-semibold text-emerald-800">
        My money
      </h2>
      <p className="font-medium text-slate-900">{balanceSentence(data.balanceCents)}</p>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-slate-600">
            <th scope="col">Date</th>
            <th scope="col">What</th>
            <th scope="col" className="text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {data.lines.map((line, i) => (
            <tr key={`${line.date}-${i}`} className="border-t border-slate-100">
              <td>{line.label}</td>
              <td>{line.what}</td>
              <td className="text-right">{formatDollarsAndCents(line.cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.balanceCents > 0 ? (
        <Form method="post" action={ACTION} reloadDocument>
          <input type="hidden" name="intent" value="pay" />
          <input type="hidden" name="back" value={back} />
          <Button type="submit" disabled={paying}>
            Pay my balance
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
