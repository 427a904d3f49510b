import * as z from 'zod/mini';
import { cents, negateCents, parseDollars, type Cents } from '~/domain/money';
import { blankToUndefined, booleanField, idField, intField, preprocess } from './form-values';

/**
 * The side games' inputs (docs/product/money.md): a season's games, a golfer's entries of a night, the closest to the
 * pin, a cash payment. Forms type dollars and cents, the API whole cents; both go through the same checks and
 * messages (the cents schemas below), the forms' text read into cents first with `parseDollars`.
 */

const FEE_MAX_CENTS = 100_000;
const CASH_MAX_CENTS = 1_000_000;
export const HOLE_LIMITS = { min: 1, max: 18 } as const;
export const FEET_LIMITS = { min: 0, max: 300 } as const;
export const INCHES_LIMITS = { min: 0, max: 11 } as const;
const NOTE_MAX = 200;

const AMOUNT_TEXT = 'Enter an amount in dollars and cents, such as 5.00';
const FEE_TOO_LOW = 'An entry fee cannot be below $0.00';
const FEE_TOO_HIGH = 'An entry fee can be at most $1,000.00';
const CASH_TOO_LOW = 'A cash payment must be more than $0.00';
const CASH_TOO_HIGH = 'A cash payment can be at most $10,000.00';
const HOLE_REQUIRED = 'Choose the hole for closest to the pin';

/** A form's dollars ('5.00', '-5') → cents; other text is left for the schema to refuse. Blank is absent. */
function dollarsText(value: unknown): unknown {
  const v = blankToUndefined(value);
  if (typeof v !== 'string') return v;
  const negative = /^\s*-/.test(v);
  const amount = parseDollars(negative ? v.replace(/^\s*-/, '') : v);
  if (amount === null) return v;
  return negative ? negateCents(amount) : amount;
}

/** Whole cents within [min, max], with the league's messages; a number that is not whole is not an amount. */
function centsSchema(
  required: string,
  min: { cents: number; message: string },
  max: { cents: number; message: string },
) {
  return z
    .number({ error: (issue) => (issue.input === undefined ? required : AMOUNT_TEXT) })
    .check(z.int(AMOUNT_TEXT), z.minimum(min.cents, min.message), z.maximum(max.cents, max.message));
}

const feeCents = () =>
  centsSchema(
    'Entry fee is required',
    { cents: 0, message: FEE_TOO_LOW },
    { cents: FEE_MAX_CENTS, message: FEE_TOO_HIGH },
  );
const cashCents = () =>
  centsSchema(
    'Amount is required',
    { cents: 1, message: CASH_TOO_LOW },
    { cents: CASH_MAX_CENTS, message: CASH_TOO_HIGH },
  );

const optionalFee = preprocess(dollarsText, z.optional(feeCents()));
const hole = intField('Hole', HOLE_LIMITS.min, HOLE_LIMITS.max, HOLE_REQUIRED);
const optionalHole = preprocess(blankToUndefined, z.optional(hole));

/** What a season's side games are, as the models keep them: null is a game not played. */
export type SideGamesInput = {
  skins: { net: boolean; feeCents: Cents } | null;
  closestToPin: { hole: number; feeCents: Cents } | null;
  lowNet: { feeCents: Cents } | null;
};

/** The form on /seasons/{year}/side-games: a blank fee is a game not played. */
export const sideGamesFormSchema = z
  .object({
    skinsFee: optionalFee,
    skinsKind: z.optional(z.enum(['net', 'gross'], { error: "Skins are 'Net' or 'Gross'" })),
    closestToPinFee: optionalFee,
    closestToPinHole: optionalHole,
    lowNetFee: optionalFee,
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.closestToPinFee !== undefined && value.closestToPinHole === undefined)
        ctx.addIssue({ code: 'custom', path: ['closestToPinHole'], message: HOLE_REQUIRED });
    }),
  );

export function sideGamesOfForm(value: z.output<typeof sideGamesFormSchema>): SideGamesInput {
  return {
    skins: value.skinsFee === undefined ? null : { net: value.skinsKind !== 'gross', feeCents: cents(value.skinsFee) },
    closestToPin:
      value.closestToPinFee === undefined
        ? null
        : { hole: value.closestToPinHole!, feeCents: cents(value.closestToPinFee) },
    lowNet: value.lowNetFee === undefined ? null : { feeCents: cents(value.lowNetFee) },
  };
}

/** PUT /api/seasons/{year}/side-games: the same games in whole cents, null for a game not played. */
export const sideGamesApiSchema = z.object({
  skins: z.nullable(z.object({ net: z.boolean({ error: 'net must be true or false' }), feeCents: feeCents() })),
  closestToPin: z.nullable(z.object({ hole, feeCents: feeCents() })),
  lowNet: z.nullable(z.object({ feeCents: feeCents() })),
});

export function sideGamesOfApi(value: z.output<typeof sideGamesApiSchema>): SideGamesInput {
  return {
    skins: value.skins && { net: value.skins.net, feeCents: cents(value.skins.feeCents) },
    closestToPin: value.closestToPin && { hole: value.closestToPin.hole, feeCents: cents(value.closestToPin.feeCents) },
    lowNet: value.lowNet && { feeCents: cents(value.lowNet.feeCents) },
  };
}

/** A golfer's entries of one night: a box per game (the forms), booleans (the API). An absent game is not entered. */
export const entriesSchema = z.object({
  skins: booleanField('skins'),
  closestToPin: booleanField('closestToPin'),
  lowNet: booleanField('lowNet'),
});

export type EntriesInput = z.output<typeof entriesSchema>;

/** The closest to the pin of a night, on /scores and PUT /api/nights/{date}/closest-to-pin. */
export const closestToPinSchema = z.object({
  golferId: idField('Choose the golfer closest to the pin'),
  feet: intField('Feet', FEET_LIMITS.min, FEET_LIMITS.max),
  inches: intField('Inches', INCHES_LIMITS.min, INCHES_LIMITS.max),
});

const note = preprocess(
  blankToUndefined,
  z.optional(
    z.string({ error: 'Enter text here' }).check(z.trim(), z.maxLength(NOTE_MAX, `Use at most ${NOTE_MAX} characters`)),
  ),
);

/** 'Paid in cash' on /money: the amount in dollars and cents and a note. */
export const cashFormSchema = z.object({
  golferId: idField('Golfer is required'),
  amount: preprocess(dollarsText, cashCents()),
  note,
});

/** POST /api/money/cash: the same in whole cents; the season defaults to the current one. */
export const cashApiSchema = z.object({
  golferId: idField('Golfer is required'),
  amountCents: cashCents(),
  note,
  season: z.optional(intField('Season', 2000, 2100)),
});
