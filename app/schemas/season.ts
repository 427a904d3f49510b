import * as z from 'zod/mini';
import { SCHEDULE_KINDS } from '~/domain/schedule';
import { isValidCalendarDate } from '~/domain/season';
import { blankToUndefined, booleanField, intField, optionalIntField, preprocess, textField } from './form-values';

/**
 * A season and its schedule dates (docs/product/seasons.md#what-a-season-holds), as the 'Add Season' / 'Edit Season'
 * forms, the /api/seasons routes and the import send them. The forms take the fee in dollars ('Fee ($)', field
 * `fee`); JSON takes `feeCents`. Both give the models `feeCents`.
 */

const FEE_MIN_CENTS = 100;
const FEE_MAX_CENTS = 1_000_000;
const FEE_MIN_MESSAGE = 'The fee must be at least $1.00';
const FEE_MAX_MESSAGE = 'The fee can be at most $10,000.00';
const DATE_MESSAGE = 'Enter a real calendar date (yyyy-mm-dd)';
const EVENT_MAX = 80;
/** A season has at most 53 Mondays; a higher scoring week is a typing mistake. */
const WEEK_MAX = 53;

/** "150", "150.00" or "$1,150.50" → cents; anything else is left for the schema to refuse. */
function dollarsToCents(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 100);
  const text = blankToUndefined(value);
  if (typeof text !== 'string') return text;
  const plain = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return value;
  return Math.round(Number(plain) * 100);
}

function cents(invalidMessage: string) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? 'Fee is required' : invalidMessage) })
    .check(z.int(invalidMessage), z.minimum(FEE_MIN_CENTS, FEE_MIN_MESSAGE), z.maximum(FEE_MAX_CENTS, FEE_MAX_MESSAGE));
}

const DOLLARS_MESSAGE = 'Enter an amount in dollars, such as 150.00';
const CENTS_MESSAGE = 'Enter the fee in cents, such as 15000';

function centsFromText(value: unknown): unknown {
  const v = blankToUndefined(value);
  return typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
}

// The optional variants are optional inside the preprocess: a blank field only becomes undefined there.
const dollarsFee = preprocess(dollarsToCents, cents(DOLLARS_MESSAGE));
const optionalDollarsFee = preprocess(dollarsToCents, z.optional(cents(DOLLARS_MESSAGE)));
const centsFee = preprocess(centsFromText, cents(CENTS_MESSAGE));
const optionalCentsFee = preprocess(centsFromText, z.optional(cents(CENTS_MESSAGE)));

/** An optional yyyy-MM-dd date; blank or null is "not set". */
const optionalDate = preprocess(
  blankToUndefined,
  z.optional(z.string({ error: DATE_MESSAGE }).check(z.trim(), z.refine(isValidCalendarDate, DATE_MESSAGE))),
);

const windowFields = {
  registrationOpens: optionalDate,
  registrationCloses: optionalDate,
};

type Window = { registrationOpens?: string; registrationCloses?: string };

const closesAfterOpens = z.superRefine((value: Window, ctx) => {
  if (value.registrationOpens && value.registrationCloses && value.registrationCloses < value.registrationOpens) {
    ctx.addIssue({
      code: 'custom',
      path: ['registrationCloses'],
      message: 'Registration must close on or after the day it opens',
    });
  }
});

const seasonFields = {
  year: intField('Year', 2000, 2100),
  copyFrom: optionalIntField('Copy schedule from', 2000, 2100),
  ...windowFields,
};

function toSeasonInput(value: Window & { year: number; feeCents?: number; copyFrom?: number }): SeasonInput {
  return {
    year: value.year,
    feeCents: value.feeCents,
    registrationOpens: value.registrationOpens ?? null,
    registrationCloses: value.registrationCloses ?? null,
    copyFrom: value.copyFrom,
  };
}

function toSeasonUpdate(value: Window & { feeCents: number }): SeasonUpdateInput {
  return {
    feeCents: value.feeCents,
    registrationOpens: value.registrationOpens ?? null,
    registrationCloses: value.registrationCloses ?? null,
  };
}

export type SeasonInput = {
  year: number;
  /** Absent: the previous season's fee, else the Settings fee. */
  feeCents?: number;
  registrationOpens: string | null;
  registrationCloses: string | null;
  /** The season whose schedule is copied (docs/product/seasons.md#season-screens). */
  copyFrom?: number;
};

export type SeasonUpdateInput = {
  feeCents: number;
  registrationOpens: string | null;
  registrationCloses: string | null;
};

/**
 * 'Add Season': Year, Fee ($) (blank: the default fee), Registration opens/closes, Copy schedule from. The form
 * checks its fields in the browser with the input side, `seasonSchema.def.in`.
 */
export const seasonSchema = z.pipe(
  z.object({ ...seasonFields, fee: optionalDollarsFee }).check(closesAfterOpens),
  z.transform(({ fee, ...rest }: Window & { year: number; fee?: number; copyFrom?: number }) =>
    toSeasonInput({ ...rest, feeCents: fee }),
  ),
);

/** POST /api/seasons: {year, feeCents?, registrationOpens?, registrationCloses?, copyFrom?}. */
export const seasonJsonSchema = z.pipe(
  z.object({ ...seasonFields, feeCents: optionalCentsFee }).check(closesAfterOpens),
  z.transform(toSeasonInput),
);

/** 'Edit Season': Fee ($) and the window; a blank date clears it (back to the default window). */
export const seasonUpdateSchema = z.pipe(
  z.object({ fee: dollarsFee, ...windowFields }).check(closesAfterOpens),
  z.transform(({ fee, ...rest }: Window & { fee: number }) => toSeasonUpdate({ ...rest, feeCents: fee })),
);

/** PUT /api/seasons/{year}: {feeCents, registrationOpens, registrationCloses}. */
export const seasonUpdateJsonSchema = z.pipe(
  z.object({ feeCents: centsFee, ...windowFields }).check(closesAfterOpens),
  z.transform(toSeasonUpdate),
);

/**
 * One schedule date, from the form (a checkbox sends 'on' or nothing) or JSON. Whether the date is in the season's
 * year is checked by the model, which knows the year. An absent rainOut is false: a PUT replaces the whole entry.
 */
export const scheduleEntrySchema = z.object({
  date: z
    .string({ error: 'Date is required' })
    .check(z.trim(), z.minLength(1, 'Date is required'), z.refine(isValidCalendarDate, DATE_MESSAGE)),
  weekNumber: optionalIntField('Week number', 1, WEEK_MAX),
  event: textField('Event is required', EVENT_MAX),
  kind: z.enum(SCHEDULE_KINDS, { error: 'Choose a kind' }),
  rainOut: booleanField('Rain-out'),
});

export type ScheduleEntryInput = z.infer<typeof scheduleEntrySchema>;
