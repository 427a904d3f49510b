import * as z from 'zod/mini';
import { PLAYOFF_SPOTS } from '~/domain/standings';
import { intField, optionalIntField, preprocess, textField } from './form-values';

/**
 * 'Replace' on a locked playoff field (docs/product/playoffs.md#the-field): the flight, the seed whose golfer cannot
 * play, and why; optionally the qualified golfer who takes it (else the next qualified golfer of the flight). The
 * /seasons/{year} form and `POST /api/seasons/{year}/playoffs/replace` both send it.
 */
export const REASON_MAX = 200;

export const playoffReplaceSchema = z.object({
  flight: preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    textField('Flight is required', 2),
  ),
  seed: intField('Seed', 1, PLAYOFF_SPOTS),
  reason: textField('Say why the golfer is replaced', REASON_MAX),
  golferId: optionalIntField('Golfer', 1, 2_147_483_647),
});
