import { Link } from '@remix-run/react';
import { buttonClass } from '~/ui/primitives/button';

/** The season screen's 'Side games' (docs/product/money.md#side-games-per-season): each game played, and 'Edit side games'. */
export function SideGamesSummary({ year, games, isAdmin }: { year: number; games: string[]; isAdmin: boolean }) {
  return (
    <section aria-labelledby="side-games-heading" className="space-y-2 rounded-lg border bg-white p-6 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="side-games-heading" className="text-lg font-semibold text-slate-900">
          Side games
        </h2>
        {isAdmin ? (
          <Link to={`/seasons/${year}/side-games`} className={buttonClass('secondary', 'sm')}>
            Edit side games
          </Link>
        ) : null}
      </div>
      {games.length === 0 ? (
        <p className="text-sm text-slate-700">No side games this season.</p>
      ) : (
        <ul className="list-inside list-disc text-sm text-slate-800">
          {games.map((game) => (
            <li key={game}>{game}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
