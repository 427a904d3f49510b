import { Card } from '~/ui/card';
import { ColumnHeaders } from '~/ui/data-table';
import { SCHEDULE_KINDS } from '~/domain/schedule';
import { IMPORT_FIELDS, IMPORT_TYPE_LABELS, IMPORT_TYPES } from '~/schemas/import/fields';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '~/schemas/import/limits';
import { formatCount } from '~/domain/format';

/** The fields each type reads (docs/product/import-export.md#import-formats) and how a file is read. */
export function ImportGuidelines() {
  return (
    <Card
      title="Import Guidelines"
      description="The first row of a file names the columns; JSON is an array of objects with the same fields."
    >
      {/* Focusable, so a keyboard can scroll the table sideways on a phone. */}
      <div className="overflow-x-auto" role="group" aria-label="Fields of each import type" tabIndex={0}>
        <table className="min-w-full text-sm">
          <thead>
            <tr className="border-b text-left text-slate-700">
              <ColumnHeaders labels={['Type', 'Required fields']} className="py-2 pr-4 font-semibold" />
              <th scope="col" className="py-2 font-semibold">
                Optional fields
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {IMPORT_TYPES.map((type) => (
              <tr key={type}>
                <th scope="row" className="py-2 pr-4 text-left font-medium">
                  {IMPORT_TYPE_LABELS[type]}
                </th>
                <td className="py-2 pr-4 font-mono text-xs">{IMPORT_FIELDS[type].required.join(', ')}</td>
                <td className="py-2 font-mono text-xs">
                  {IMPORT_FIELDS[type].optional.length ? IMPORT_FIELDS[type].optional.join(', ') : 'none'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="mt-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          Column names ignore case, spaces, underscores and dashes: &ldquo;First Name&rdquo;, first_name and firstName
          all work. Other columns are ignored.
        </li>
        <li>
          Files: .csv, .xlsx or .xls, up to {MAX_IMPORT_BYTES / 1024 / 1024} MB and {formatCount(MAX_IMPORT_ROWS)} rows;
          only the first sheet is read.
        </li>
        <li>
          Dates: yyyy-MM-dd (2025-06-02), M/d/yyyy (6/2/2025) or an Excel date. Yes/no columns: yes/no, true/false or
          1/0. flightNo: 1 to 4.
        </li>
        <li>golferId and courseId are the id column of the Golfers and Courses exports.</li>
        <li>
          Schedule: the season is the year of each date; a year without a season creates it, with the previous
          season&rsquo;s fee. kind is one of {SCHEDULE_KINDS.join(', ')}. weekNumber is the scoring week (blank for
          none); rainOut is yes or no.
        </li>
        <li>
          Golfers are matched by email, else by first and last name, and updated rather than duplicated. Memberships and
          flights are matched by golfer and season, rounds by golfer and date, courses by name, schedule dates by date.
          Blank cells keep what is on file.
        </li>
        <li>
          All or nothing: if any row has an error, nothing is imported and the rows are listed (numbered as in the
          spreadsheet, the header being row 1; JSON items count from 1).
        </li>
      </ul>
    </Card>
  );
}
