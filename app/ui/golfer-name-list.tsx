import { NAME_SEARCH_LIMIT, NAME_SEARCH_MIN_LETTERS } from '~/schemas/registration';
import { ErrorList } from '~/ui/primitives/field';

/*
 * /register's list of names a returning golfer chooses theirs from: the names found as they type (or by "Find my
 * name" without JavaScript), the one chosen kept on it, and a line saying what the search found.
 */

type Golfer = { id: number; fullName: string };

/** What the line under the names says, or nothing while the names speak for themselves. */
export function nameSearchStatus(search: {
  query: string;
  listed: number;
  tooShort: boolean;
  failed: string | null;
  found: { golfers: readonly unknown[]; more: boolean } | null;
}): string | null {
  const { query, listed, tooShort, failed, found } = search;
  if (query.trim() === '') return listed ? null : 'Your name will be listed here.';
  if (tooShort) return `Type at least ${NAME_SEARCH_MIN_LETTERS} letters of your name.`;
  if (failed) return failed;
  if (found && found.golfers.length === 0)
    return `No golfer's name contains "${query.trim()}". Check the spelling, or register as a new golfer.`;
  if (found?.more) return `Showing the first ${NAME_SEARCH_LIMIT} names: type more of your name to narrow the list.`;
  return null;
}

/** The names as radios of the registration form (`formId`), with the field's errors. */
export function GolferNameList({
  listed,
  golferId,
  onChoose,
  field,
  formId,
  status,
}: {
  listed: readonly Golfer[];
  golferId: number | null;
  onChoose: (golfer: Golfer) => void;
  field: { name: string; errors?: string[]; errorId: string };
  formId: string;
  status: string | null;
}) {
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-700">Select your name</legend>
      {/* A fixed height, so names arriving as the golfer types push nothing down the page. */}
      <div className="h-44 overflow-y-auto rounded-md border border-slate-200 p-2" aria-live="polite">
        {listed.length ? (
          <ul className="space-y-1">
            {listed.map((g) => (
              <li key={g.id}>
                <label className="flex items-center gap-2 rounded px-1 py-0.5 text-sm hover:bg-slate-50">
                  <input
                    type="radio"
                    name={field.name}
                    form={formId}
                    value={g.id}
                    checked={golferId === g.id}
                    onChange={() => onChoose(g)}
                    className="h-4 w-4 accent-emerald-700"
                    aria-invalid={field.errors ? true : undefined}
                    aria-describedby={field.errors ? field.errorId : undefined}
                  />
                  {g.fullName}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="px-1 text-sm text-slate-600" data-testid="name-search-status">
          {status}
        </p>
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
