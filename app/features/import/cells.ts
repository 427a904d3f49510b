import { TZDate } from '@date-fns/tz';
import { format, isValid, parse } from 'date-fns';
import { unescapeFormula } from '~/domain/csv';
import { LEAGUE_TZ } from '~/domain/season';

/**
 * Spreadsheet cells and JSON values arrive in many shapes (Excel numbers and date cells, CSV text, JSON
 * numbers and booleans). These functions turn one cell into the shape the entity's zod schema expects, and leave
 * anything they do not recognise untouched so the schema reports it with its own message.
 */
export type CellKind = 'text' | 'phone' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'flight';

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Text fields: Excel stores a phone number typed without dashes as a number; it is still text. The apostrophe our
 * CSV export puts before formula-like text ("'+1 231…") is removed again.
 */
export function toText(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return unescapeFormula(value);
  return value;
}

/** Numbers typed as text in a CSV ('72', ' 8.5 ') become numbers; '5,2' or 'abc' stay text for the schema to reject. */
export function toNumber(value: unknown): unknown {
  if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value.trim());
  return value;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'x', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off']);

/** Yes/no columns: TRUE/FALSE cells, 1/0, and the words people type (yes, no, y, n, x). */
export function toBoolean(value: unknown): unknown {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
  }
  return value;
}

const DATE_PATTERNS = ['yyyy-MM-dd', 'M/d/yyyy', 'M/d/yy'];

function parseStrict(text: string, patterns: string[]): Date | null {
  for (const pattern of patterns) {
    const parsed = parse(text, pattern, new Date(2000, 0, 1));
    // 'M/d/yyyy' also matches '6/2/25' as the year 25: the range check sends that on to 'M/d/yy'.
    if (isValid(parsed) && parsed.getFullYear() >= 1900 && parsed.getFullYear() <= 2100) return parsed;
  }
  return null;
}

/**
 * Round dates become plain 'yyyy-MM-dd' text. Excel date cells arrive as Dates at local midnight (SheetJS reads
 * them in the server's zone), so their local calendar day is the day typed. Text may be 'yyyy-MM-dd', 'M/d/yyyy'
 * or 'M/d/yy' (US order, as Excel writes CSV dates in an en-US locale).
 */
export function toCalendarDate(value: unknown): unknown {
  if (value instanceof Date) return isValid(value) ? format(value, 'yyyy-MM-dd') : value;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!/^\d{4}-\d{1,2}-\d{1,2}$/.test(text) && !/^\d{1,2}\/\d{1,2}\/(\d{2}|\d{4})$/.test(text)) return value;
  const parsed = parseStrict(text, DATE_PATTERNS);
  return parsed ? format(parsed, 'yyyy-MM-dd') : value;
}

const LOCAL_DATETIME_PATTERNS = [
  "yyyy-MM-dd'T'HH:mm:ss",
  "yyyy-MM-dd'T'HH:mm",
  'yyyy-MM-dd HH:mm:ss',
  'yyyy-MM-dd HH:mm',
  'yyyy-MM-dd',
  'M/d/yyyy h:mm a',
  'M/d/yyyy H:mm',
  'M/d/yyyy',
];

/**
 * Wall-clock fields read as Detroit time (every league time is America/Detroit:
 * docs/product/league.md#dates-and-time-zone).
 */
function inLeagueZone(local: Date): Date {
  const zoned = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    local.getHours(),
    local.getMinutes(),
    local.getSeconds(),
    LEAGUE_TZ,
  );
  return new Date(zoned.getTime());
}

/**
 * Registration datetimes become instants. An ISO text with a zone ('Z' or '+02:00', what the JSON export
 * writes) is taken as is; a date-time without a zone, and an Excel date cell, is Detroit wall-clock time.
 */
export function toLeagueDateTime(value: unknown): unknown {
  if (value instanceof Date) return isValid(value) ? inLeagueZone(value) : value;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const instant = new Date(text);
    return isValid(instant) ? instant : value;
  }
  for (const pattern of LOCAL_DATETIME_PATTERNS) {
    const parsed = parse(text, pattern, new Date(2000, 0, 1));
    if (isValid(parsed) && parsed.getFullYear() >= 1900 && parsed.getFullYear() <= 2100) return inLeagueZone(parsed);
  }
  return value;
}

/** Flight numbers are stored as the text '1' to '4'; a spreadsheet gives the number 2, a person may type 'Flight 2'. */
export function toFlightNo(value: unknown): unknown {
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  if (typeof value === 'string') {
    const match = /^(?:flight\s*)?(\d+)$/i.exec(value.trim());
    if (match) return String(Number(match[1]));
  }
  return value;
}

const CONVERTERS: Record<CellKind, (value: unknown) => unknown> = {
  text: toText,
  // A phone number is text, but a spreadsheet or a JSON client may well give 2315550123 as a number.
  phone: toText,
  integer: toNumber,
  number: toNumber,
  boolean: toBoolean,
  date: toCalendarDate,
  datetime: toLeagueDateTime,
  flight: toFlightNo,
};

/**
 * Converts each mapped field of one row by its kind; fields without a kind pass through. A JSON item says what its values are, so its text fields must already be text: a
 * number or true where a name belongs is refused by the schema rather than stored as "123" or "true".
 */
export function convertCells<F extends string>(
  row: Partial<Record<F, unknown>>,
  kinds: Partial<Record<F, CellKind>>,
  source: 'file' | 'json' = 'file',
): Partial<Record<F, unknown>> {
  const out: Partial<Record<F, unknown>> = {};
  for (const [field, value] of Object.entries(row) as [F, unknown][]) {
    const kind = kinds[field];
    out[field] = !kind || (kind === 'text' && source === 'json') ? value : CONVERTERS[kind](value);
  }
  return out;
}
