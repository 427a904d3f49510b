import * as z from 'zod/mini';
import { currentSeason, formatRoundDate, isValidCalendarDate, parseSeason } from '~/domain/season';
import { preprocess } from './form-values';
import { normalizeInput } from './json-input';

/** A nine-hole gross score below 9 (one stroke a hole) or above 200 is a typing mistake. */
export const GROSS_MIN = 9;
export const GROSS_MAX = 200;
/** Points per round: the winner of a flight gets 24, so 100 leaves room for any special format. */
const POINTS_MAX = 100;
const NOTES_MAX = 1000;

const grossMessage = `Gross score must be a whole number from ${GROSS_MIN} to ${GROSS_MAX}`;

/** A positive whole-number reference to another record (golfer, course, round, flight). */
export function idField(what: string) {
  const message = `Choose a ${what.toLowerCase()} from the list`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? `${what} is required` : message) })
    .check(z.int(message), z.positive(message));
}

/** A plain calendar date, yyyy-MM-dd, that exists (no 2025-02-30). */
const calendarDateField = z
  .string({ error: 'Date is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Date is required'),
    z.refine(isValidCalendarDate, 'Enter a real calendar date (yyyy-mm-dd)'),
  );

export const seasonField = z
  .number({
    error: (issue) => (issue.input === undefined ? 'Season is required' : 'Season must be a year such as 2025'),
  })
  .check(
    z.int('Season must be a year such as 2025'),
    z.refine((value) => parseSeason(value) !== null, 'Season must be a year such as 2025'),
  );

/**
 * One round, as the Record/Edit Round form, POST/PUT /api/rounds and the rounds import send it. The handicap
 * columns are not input: the server computes them. Season may be left out (it is then the date's year); when
 * given, the date must fall in it, so a round is never filed under a season its date does not belong to.
 */
export const roundSchema = z
  .object({
    golferId: idField('Golfer'),
    courseId: z.optional(idField('Course')),
    date: calendarDateField,
    season: z.optional(seasonField),
    grossScore: z
      .number({ error: (issue) => (issue.input === undefined ? 'Gross score is required' : grossMessage) })
      .check(z.int(grossMessage), z.minimum(GROSS_MIN, grossMessage), z.maximum(GROSS_MAX, grossMessage)),
    points: z.optional(
      z
        .number({ error: 'Points must be a number' })
        .check(
          z.minimum(0, 'Points cannot be negative'),
          z.maximum(POINTS_MAX, `Points cannot be more than ${POINTS_MAX}`),
        ),
    ),
    notes: z.optional(
      z.string().check(z.trim(), z.maxLength(NOTES_MAX, `Notes are limited to ${NOTES_MAX} characters`)),
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!isValidCalendarDate(value.date)) return;
      const year = Number(value.date.slice(0, 4));
      // A round from the year 1800 or from a season not yet begun is a typing mistake, and it would still move the
      // golfer's handicaps; its season must also be one the pages can list (parseSeason).
      const latest = currentSeason();
      if (parseSeason(year) === null || year > latest) {
        ctx.addIssue({
          code: 'custom',
          path: ['date'],
          message: `The date must be in a season from 2000 to ${latest}`,
        });
        return;
      }
      if (value.season !== undefined && year !== value.season) {
        ctx.addIssue({ code: 'custom', path: ['date'], message: `The date must fall in the ${value.season} season` });
      }
    }),
  );

export type RoundInput = z.infer<typeof roundSchema>;

/**
 * One round per golfer per date (docs/decisions/070-one-round-per-golfer-per-date.md): what the round form, the API
 * and imports say when a golfer already has a round on the date.
 */
export function roundTakenMessage(date: string): string {
  return `This golfer already has a round on ${formatRoundDate(date)}`;
}

/** 'Use this one instead' and 'Discard' on a round set aside by the upgrade (the /rounds notice). */
export const setAsideRoundSchema = z.object({ id: idField('Set-aside round') });

const ROUND_NUMBER_FIELDS = ['golferId', 'courseId', 'season', 'grossScore', 'points'] as const;

/** A round as JSON or an import row sends it (see normalizeInput). */
export const roundJsonSchema = preprocess(
  (raw) => normalizeInput(raw, { numbers: ROUND_NUMBER_FIELDS, strings: ['date', 'notes'] }),
  roundSchema,
);

/** Validates a round from JSON or an import row. */
export function parseRoundInput(raw: unknown) {
  return roundJsonSchema.safeParse(raw);
}

/** "Calculate points" for one date. */
export const pointsDateSchema = z.object({ date: calendarDateField });
