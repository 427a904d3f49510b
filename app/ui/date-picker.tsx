import {
  addDays,
  addMonths,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  isValid,
  parse,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/ui/primitives/button';
import { ErrorList, inputClass } from '~/ui/primitives/field';
import { Icon } from '~/ui/primitives/icon';
import { cn } from '~/ui/cn';
import { useHydrated } from '~/ui/use-hydrated';

const PLAIN = 'yyyy-MM-dd';
/** Weeks start on Sunday, en-US (docs/product/league.md#dates-and-time-zone). */
const WEEK_STARTS_ON = 0;

function parsePlain(value: string): Date | null {
  const date = parse(value, PLAIN, new Date(2000, 0, 1));
  return isValid(date) && format(date, PLAIN) === value ? date : null;
}

/**
 * Sets the form's own date input the way typing would, so conform validates it and the value is what gets
 * submitted (the picker "overrides the form date on submit" simply by being the input's value).
 */
function setNativeValue(input: HTMLInputElement, value: string) {
  // React tracks an input's value through its own setter; the prototype's setter is the one typing would call.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the input as `this` just below
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * A date field: a plain `<input type="date">` that works without JavaScript, plus (with JavaScript) a
 * "Choose date" button that opens a small month grid to pick a single day with the mouse or the keyboard.
 */
export function DatePicker({
  label,
  inputProps,
  errors,
  errorId,
}: {
  label: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { id: string };
  errors?: string[] | null;
  errorId?: string;
}) {
  const hydrated = useHydrated();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const calendarId = useId();
  const invalid = Boolean(errors?.length);

  return (
    <div className="space-y-1">
      <label htmlFor={inputProps.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          {...inputProps}
          type="date"
          className={cn(inputClass, inputProps.className)}
        />
        {hydrated ? (
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={calendarId}
            onClick={() => setOpen((o) => !o)}
            className="shrink-0"
          >
            <Icon name="calendar" className="h-4 w-4" /> Choose date
          </Button>
        ) : null}
      </div>
      {hydrated && open ? (
        <Calendar
          id={calendarId}
          value={inputRef.current?.value ?? ''}
          onSelect={(value) => {
            if (inputRef.current) setNativeValue(inputRef.current, value);
            setOpen(false);
            inputRef.current?.focus();
          }}
          onClose={() => {
            setOpen(false);
            inputRef.current?.focus();
          }}
        />
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** An accessible month grid (WAI-ARIA date picker pattern): arrows move by day/week, Page Up/Down by month. */
function Calendar({
  id,
  value,
  onSelect,
  onClose,
}: {
  id?: string;
  value: string;
  onSelect: (value: string) => void;
  onClose: () => void;
}) {
  const selected = parsePlain(value);
  const [focused, setFocused] = useState<Date>(() => selected ?? new Date());
  const gridRef = useRef<HTMLTableElement>(null);
  // Opening the calendar and moving with the keyboard put focus on the day; the month buttons keep their focus.
  const focusDay = useRef(true);
  const month = startOfMonth(focused);
  const days = eachDayOfInterval({
    start: startOfWeek(month, { weekStartsOn: WEEK_STARTS_ON }),
    end: endOfWeek(endOfMonth(month), { weekStartsOn: WEEK_STARTS_ON }),
  });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  const caption = format(month, 'MMMM yyyy');

  useEffect(() => {
    if (focusDay.current) gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
    focusDay.current = false;
  }, [focused]);

  function onKeyDown(event: React.KeyboardEvent) {
    const moves: Record<string, (d: Date) => Date> = {
      ArrowLeft: (d) => addDays(d, -1),
      ArrowRight: (d) => addDays(d, 1),
      ArrowUp: (d) => addDays(d, -7),
      ArrowDown: (d) => addDays(d, 7),
      PageUp: (d) => addMonths(d, -1),
      PageDown: (d) => addMonths(d, 1),
      Home: (d) => startOfWeek(d, { weekStartsOn: WEEK_STARTS_ON }),
      End: (d) => endOfWeek(d, { weekStartsOn: WEEK_STARTS_ON }),
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    focusDay.current = true;
    setFocused((d) => move(d));
  }

  return (
    <div id={id} role="group" aria-label="Choose a date" className="w-72 rounded-md border bg-white p-3 shadow-md">
      <div className="mb-2 flex items-center justify-between">
        <Button
          variant="ghost"
          size="sm"
          aria-label="Previous month"
          onClick={() => setFocused((d) => addMonths(d, -1))}
        >
          ‹
        </Button>
        <p className="text-sm font-semibold" aria-live="polite">
          {caption}
        </p>
        <Button variant="ghost" size="sm" aria-label="Next month" onClick={() => setFocused((d) => addMonths(d, 1))}>
          ›
        </Button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-label={caption}
        className="w-full text-center text-sm"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {weeks[0].map((day) => (
              <th key={day.toISOString()} scope="col" className="py-1 text-xs font-medium text-slate-500">
                <abbr title={format(day, 'EEEE')} className="no-underline">
                  {format(day, 'EEEEEE')}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].toISOString()}>
              {week.map((day) => {
                const isSelected = selected !== null && isSameDay(day, selected);
                const inMonth = isSameMonth(day, month);
                return (
                  <td key={day.toISOString()} role="gridcell" aria-selected={isSelected || undefined} className="p-0.5">
                    <button
                      type="button"
                      tabIndex={isSameDay(day, focused) ? 0 : -1}
                      aria-label={format(day, 'EEEE, MMMM d, yyyy')}
                      aria-pressed={isSelected}
                      onClick={() => onSelect(format(day, PLAIN))}
                      className={cn(
                        'h-8 w-8 rounded-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-700',
                        isSelected ? 'bg-emerald-700 text-white' : 'hover:bg-slate-100',
                        !inMonth && !isSelected && 'text-slate-400',
                      )}
                    >
                      {format(day, 'd')}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
