import * as z from 'zod/mini';
import { isValidCalendarDate } from '~/domain/season';
import { intField, preprocess } from './form-values';
import { holeStrokesSchema } from './hole-strokes';
import { idField } from './round';

/**
 * The inputs of a scorecard (SPEC-3 §D2–§D3): one hole entry as a golfer's form or phone sends it, the
 * administrators' game-night forms. The strokes of an entry are checked by the one rule of app/schemas/hole-strokes.ts,
 * which the phone checks too before keeping an entry.
 */

/** An id the phone makes for each entry (a UUID), so a resend is taken once. */
const clientIdField = z
  .string({ error: 'Entry id is required' })
  .check(z.regex(/^[A-Za-z0-9_-]{8,64}$/, 'Entry id must be 8 to 64 letters, digits, - or _'));

const numberFromText = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

/** One hole entry: a golfer of the group, a hole of the course, the strokes (the one rule: hole-strokes.ts). */
export const holeEntrySchema = z.object({
  clientId: clientIdField,
  golferId: preprocess(numberFromText, idField('Golfer')),
  hole: intField('Hole', 1, 18),
  strokes: holeStrokesSchema,
});

/** One hole entry from the phone's queue: with when it was entered there (milliseconds since 1970). */
const queuedHoleEntrySchema = z.object({
  ...holeEntrySchema.shape,
  enteredAt: z.optional(z.number().check(z.int(), z.positive())),
});

/** POST /api/me/scorecard/{date}: the phone's queue, in the order the entries were made. */
export const holeEntriesSchema = z.object({
  teeTimeId: z.optional(idField('Group')),
  entries: z
    .array(queuedHoleEntrySchema)
    .check(z.minLength(1, 'No entries'), z.maxLength(200, 'At most 200 entries at once')),
});

/** A night's date in a URL: a real yyyy-mm-dd date. */
export function isNightDate(value: string | null | undefined): boolean {
  return typeof value === 'string' && isValidCalendarDate(value);
}

/** 'Start the night' on /scores: the course the night's cards are played on. */
export const startNightSchema = z.object({ courseId: preprocess(numberFromText, idField('Course')) });

/** A card on /scores: its group (tee time). */
export const cardSchema = z.object({ teeTimeId: preprocess(numberFromText, idField('Group')) });

/** 'Did not finish' on /scores: the golfer, and whether to mark or unmark. */
export const didNotFinishSchema = z.object({
  teeTimeId: preprocess(numberFromText, idField('Group')),
  golferId: preprocess(numberFromText, idField('Golfer')),
  didNotFinish: z.enum(['yes', 'no']),
});

/** The server's answer to one hole entry (docs/decisions/121-scorecards.md), as the model gives it and the phone reads it. */
export type HoleWriteResult = {
  clientId: string;
  golferId: number;
  hole: number;
  /** stored: this write is what the hole holds; duplicate: it already was (a resend); superseded: a later write won. */
  status: 'stored' | 'duplicate' | 'superseded';
  /** What the hole holds now. */
  strokes: number;
  /** 'Capped at {n}: double par' when the entry was more than double par. */
  capped: string | null;
  /** 'Changed by {name} at {h:mm a}' when another write is what the hole holds. */
  changed: string | null;
};
