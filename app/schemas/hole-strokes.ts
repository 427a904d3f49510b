import { capStrokes, cappedMessage, HOLE_STROKES_MAX, HOLE_STROKES_MIN } from '~/domain/scorecard';
import { intField } from './form-values';

/**
 * The one rule of a hole's strokes (docs/product/scorecards.md#the-card, docs/decisions/135-one-strokes-rule.md): what
 * a golfer or an administrator may enter on a hole, and what the hole then holds. The card on the phone, the
 * no-JavaScript hole form, the phone's JSON twin, the administrators' /scores and the model's own check all take it
 * from here: a zod/mini schema (form-values.ts) and nothing of the server, so the phone's small bundle carries it.
 */

/** The limits of a strokes input (its min and max), as the schema checks them. */
export const HOLE_STROKES = { min: HOLE_STROKES_MIN, max: HOLE_STROKES_MAX } as const;

/** One hole's strokes as entered (text from a form, a number from JSON): a whole number from 1 to 20. */
export const holeStrokesSchema = intField('Strokes', HOLE_STROKES.min, HOLE_STROKES.max);

/** Why `value` is not a hole's strokes (the schema's message), or null when it is. */
export function strokesProblem(value: unknown): string | null {
  const parsed = holeStrokesSchema.safeParse(value);
  return parsed.success ? null : parsed.error.issues[0].message;
}

/** What a hole of `par` holds for strokes entered on it: at most double par, with the note when the entry was cut. */
export function strokesHeld(entered: number, par: number): { strokes: number; capped: string | null } {
  const { strokes, capped } = capStrokes(entered, par);
  return { strokes, capped: capped ? cappedMessage(strokes) : null };
}

/** The hole form's answer when every strokes field is blank. */
export const NO_STROKES = 'Enter the strokes of at least one golfer';

/**
 * The fields of the card's hole form (one hole, every golfer of the group), read here alone: by the page's action
 * without JavaScript and by the card on the phone with it. `s-{golferId}` holds a golfer's strokes (blank: skipped),
 * `hole` the hole and `formId` the form's own id (a form sent twice is stored once).
 */
export function readHoleForm(form: FormData): {
  hole: string;
  formId: string;
  strokes: { golferId: string; text: string }[];
} {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const strokes: { golferId: string; text: string }[] = [];
  for (const [name, value] of form.entries()) {
    const match = /^s-(\d+)$/.exec(name);
    if (!match || typeof value !== 'string' || value.trim() === '') continue;
    strokes.push({ golferId: match[1], text: value.trim() });
  }
  return { hole: text('hole'), formId: text('formId'), strokes };
}
