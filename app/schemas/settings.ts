import * as z from 'zod/mini';
import { isValidTime } from '~/domain/tee-times';
import { blankToUndefined, booleanField, intField, optionalIntField, preprocess, textField } from './form-values';

const time = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(z.trim(), z.refine(isValidTime, `${label} must be a time such as 11:00`));

/** "150", "150.00" or "$1,150.50" → cents; anything else is left for the schema to refuse. */
function dollarsToCents(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 100);
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/^\$/, '').replace(/,/g, '');
  if (text === '') return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return value;
  return Math.round(Number(text) * 100);
}

const MAX_SEASON_FEE_CENTS = 100_000;

/** The whole-number settings' limits: the schema checks them and the form's inputs carry them. */
export const TEE_INTERVAL_MINUTES = { min: 5, max: 60 } as const;
export const DEFAULT_PAR = { min: 27, max: 45 } as const;

/**
 * The league settings form (docs/product/screens-admin.md#settings). The fee is typed in dollars and stored in cents.
 * Card statement descriptors follow the card networks' rules (5 to 22 characters, a letter, none of < > \ ' " *).
 */
export const settingsSchema = z
  .object({
    leagueName: textField('League name is required', 100),
    statementDescriptor: z
      .string({ error: 'Statement descriptor is required' })
      .check(
        z.trim(),
        z.minLength(5, 'Use 5 to 22 characters'),
        z.maxLength(22, 'Use 5 to 22 characters'),
        z.regex(/^[^<>\\'"*]*$/, 'Do not use < > \\ \' " or *'),
        z.regex(/[A-Za-z]/, 'Include at least one letter'),
      ),
    seasonFeeCents: preprocess(
      dollarsToCents,
      z
        .number({
          error: (issue) =>
            issue.input === undefined ? 'Season fee is required' : 'Enter an amount in dollars, such as 150.00',
        })
        .check(
          z.int('Enter an amount in dollars, such as 150.00'),
          z.minimum(0, 'The season fee cannot be negative'),
          z.maximum(MAX_SEASON_FEE_CENTS, 'The season fee can be at most $1,000'),
        ),
    ),
    teeFirst: time('First tee time'),
    teeLast: time('Last tee time'),
    teeIntervalMinutes: intField('Tee time interval', TEE_INTERVAL_MINUTES.min, TEE_INTERVAL_MINUTES.max),
    defaultPar: intField('Default par', DEFAULT_PAR.min, DEFAULT_PAR.max),
    // docs/product/stats.md: an unchecked box is missing from the form, so it reads as off.
    publishStats: booleanField('Publish stats website'),
    // docs/decisions/124-live-results-and-skins.md: a night's skins, and whether a tied hole's skin carries over.
    skins: booleanField('Skins'),
    skinsCarryOver: booleanField('Skins carry over'),
    // 'Availability cut-off' (docs/decisions/126-availability-and-subs.md): this many days before the night, at this
    // time. Left as they are when not sent.
    availabilityCutoffDays: optionalIntField('Cut-off days before the night', 0, 7),
    availabilityCutoffTime: preprocess(blankToUndefined, z.optional(time('Cut-off time'))),
    // 'Offer open spots to subs automatically': an unchecked box is missing, so it reads as off.
    autoOfferSubs: booleanField('Offer open spots to subs automatically'),
  })
  .check(
    z.refine((s) => s.teeFirst <= s.teeLast, {
      message: 'The last tee time must not be before the first',
      path: ['teeLast'],
    }),
  );
