import { useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { RecordSelect, type SelectOption } from '~/ui/record-select';
import { buttonClass } from '~/ui/primitives/button';
import { inputClass } from '~/ui/primitives/field';
import { cn } from '~/ui/cn';
import { formatCount } from '~/domain/format';

/**
 * What the Golfer field lists (app/web/golfer-picker.server.ts, GET /api/golfer-choices): at most `limit` golfers
 * matching `search` (all golfers when empty) of `matched` in all, and the one a URL's ?golferId= chose.
 */
export type GolferChoicesData = {
  golfers: { id: number; fullName: string }[];
  matched: number;
  limit: number;
  search: string;
  chosen?: number | null;
};

/** Letters typed before the field asks the server as the user types (Find searches any text at once). */
const TYPE_AHEAD_LETTERS = 2;
const TYPE_AHEAD_DELAY_MS = 200;

/** The line under the select: how much of the league it shows, or that a search found nothing. */
function statusOf(choices: GolferChoicesData): string {
  const { matched, limit, search } = choices;
  const count = formatCount(matched);
  if (!search) return matched > limit ? `Showing ${limit} of ${count} golfers. Type a name to find others.` : '';
  if (matched === 0) return `No golfers match "${search}".`;
  if (matched > limit) return `Showing ${limit} of ${count} golfers matching "${search}". Type more of the name.`;
  return `${count} ${matched === 1 ? 'golfer matches' : 'golfers match'} "${search}".`;
}

/** The GET form of the 'Find golfer' box (one dialog is open at a time, so one id serves every page). */
const FIND_FORM_ID = 'find-golfer';

type FieldLike = { errors?: string[] | null; errorId?: string };

/**
 * The Golfer field of the round, flight and membership dialogs (docs/decisions/105-golfer-picker.md): a 'Find golfer'
 * box above a select of at most 100 golfers, and a line under it saying how many there are. Without JavaScript the box
 * and its 'Find' button belong to <GolferFindForm>, a GET form the page renders outside the dialog's post form, which
 * reloads the dialog with ?golfer=. With JavaScript, typing 2 letters or more (or Find, or Enter) asks
 * GET /api/golfer-choices and replaces the options. The golfer chosen stays in the list whatever is searched.
 * `choices` is null while loading.
 */
export function GolferPicker({
  choices,
  field,
  selectProps,
}: {
  choices: GolferChoicesData | null;
  field: FieldLike;
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { id: string };
}) {
  const [text, setText] = useState(choices?.search ?? '');
  // The server's answer to the box, shown instead of the page's own list while set.
  const [answer, setAnswer] = useState<GolferChoicesData | null>(null);
  const [searching, setSearching] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const request = useRef<AbortController>();
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const initial = String(selectProps.defaultValue ?? '') || (choices?.chosen ? String(choices.chosen) : '');
  // The golfer chosen in the select (undefined until the user chooses), kept in the list whatever is searched next;
  // until then the form's own golfer (the one edited, or ?golferId=) is kept.
  const [picked, setPicked] = useState<SelectOption | null>();
  const start = choices?.golfers.find((g) => String(g.id) === initial);
  const keep = picked === undefined ? (start ? { value: initial, label: start.fullName } : null) : picked;
  const shown = answer ?? choices;
  const options = shown?.golfers.map((g) => ({ value: String(g.id), label: g.fullName })) ?? null;
  if (options && keep && !options.some((o) => o.value === keep.value)) options.unshift(keep);

  function stop() {
    clearTimeout(timer.current);
    request.current?.abort();
  }

  // A plain fetch, not a fetcher: a search that fails, or is still running when the dialog saves and closes, must not
  // replace the page with its error boundary; it says so on the line under the select instead.
  function search(value: string) {
    stop();
    const controller = new AbortController();
    request.current = controller;
    setSearching(true);
    setFailed(false);
    const done = (data: GolferChoicesData | null) => {
      if (controller.signal.aborted) return;
      if (data) setAnswer(data);
      setFailed(!data);
      setSearching(false);
    };
    fetch(`/api/golfer-choices?${new URLSearchParams({ q: value.trim() })}`, { signal: controller.signal })
      .then(async (response) => (response.ok ? ((await response.json()) as GolferChoicesData) : null))
      .then(done, () => done(null));
  }

  function typed(value: string) {
    setText(value);
    clearTimeout(timer.current);
    const letters = value.replace(/\s/g, '').length;
    if (letters >= TYPE_AHEAD_LETTERS) timer.current = setTimeout(() => search(value), TYPE_AHEAD_DELAY_MS);
    else if (letters === 0) {
      // Back to the page's list when it is the unsearched one; else ask for the first golfers by name.
      if (choices?.search) search('');
      else {
        stop();
        setAnswer(null);
        setSearching(false);
        setFailed(false);
      }
    }
  }

  const findId = `${selectProps.id}-find`;
  const statusId = `${selectProps.id}-status`;
  const status = shown ? statusOf(shown) : '';
  return (
    <div className="space-y-2">
      <div className="space-y-1">
        <label htmlFor={findId} className="block text-sm font-medium text-slate-700">
          Find golfer
        </label>
        <div className="flex gap-2">
          <input
            id={findId}
            type="search"
            name="golfer"
            form={FIND_FORM_ID}
            value={text}
            onChange={(event) => typed(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            placeholder="First, last or nickname"
            aria-describedby={statusId}
            className={inputClass}
          />
          {/* Submits the GET form without JavaScript; with it, searches at once (Enter clicks it too). */}
          <button
            type="submit"
            form={FIND_FORM_ID}
            className={cn(buttonClass('secondary'), 'shrink-0')}
            onClick={(event) => {
              event.preventDefault();
              search(text);
            }}
          >
            Find
          </button>
        </div>
      </div>
      <RecordSelect
        label="Golfer"
        options={options}
        placeholder="Select a golfer"
        loadingText="Loading golfers..."
        emptyText="No golfers found"
        errors={field.errors}
        errorId={field.errorId}
        selectProps={{
          ...selectProps,
          defaultValue: initial,
          onChange: (event) => {
            const option = event.currentTarget.selectedOptions[0];
            setPicked(option?.value ? { value: option.value, label: option.text } : null);
            selectProps.onChange?.(event);
          },
        }}
      />
      {/* Two lines always kept, so a message arriving as the user types moves nothing below it. */}
      <p id={statusId} aria-live="polite" className="min-h-8 text-xs text-slate-500">
        {searching ? 'Searching...' : failed ? 'The search did not answer. Press Find to try again.' : status}
      </p>
    </div>
  );
}

/**
 * The GET form of the 'Find golfer' box, which a page renders once, outside its dialogs' post forms, while a dialog
 * with a Golfer field is open: Find reloads the same URL, dialog open, with ?golfer= set to the text and every other
 * parameter kept.
 */
export function GolferFindForm() {
  const location = useLocation();
  const params = [...new URLSearchParams(location.search)].filter(([name]) => name !== 'golfer');
  return (
    <form id={FIND_FORM_ID} method="get" action={location.pathname} hidden>
      {params.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </form>
  );
}
