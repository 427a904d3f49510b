import { Card } from '~/ui/card';
import { buttonClass } from '~/ui/primitives/button';
import { inputClass } from '~/ui/primitives/field';
import { cn } from '~/ui/cn';

/** The exports of one season, chosen in the card's Season field. */
const SEASON_EXPORTS = [
  ['rounds', 'Rounds'],
  ['memberships', 'Memberships'],
  ['flights', 'Flights'],
  ['schedule', 'Schedule'],
] as const;

/**
 * CSV downloads in the importer's columns. Plain links and a plain GET form (not Remix's): the browser downloads
 * the file and stays on the page, with or without JavaScript.
 */
export function ExportCard({ seasons, season }: { seasons: number[]; season: number }) {
  return (
    <Card
      title="Export"
      description="Download CSV files in the columns the importer reads, to edit and import again or keep as a backup."
    >
      <div className="space-y-4 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <a href="/export/golfers" download className={buttonClass('secondary', 'sm')}>
            Download CSV: Golfers
          </a>
          <a href="/export/courses" download className={buttonClass('secondary', 'sm')}>
            Download CSV: Courses
          </a>
        </div>
        <form method="get" action="/export/rounds" className="flex flex-wrap items-center gap-2">
          <label htmlFor="export-season" className="font-medium text-slate-700">
            Season
          </label>
          <select id="export-season" name="season" defaultValue={String(season)} className={cn(inputClass, '!w-auto')}>
            {seasons.map((s) => (
              <option key={s} value={s}>
                Season {s}
              </option>
            ))}
          </select>
          {SEASON_EXPORTS.map(([type, name]) => (
            <button key={type} type="submit" formAction={`/export/${type}`} className={buttonClass('secondary', 'sm')}>
              Download CSV: {name}
            </button>
          ))}
        </form>
      </div>
    </Card>
  );
}
