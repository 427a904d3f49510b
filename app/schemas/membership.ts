import * as z from 'zod/mini';
import { ESTIMATED_SCORE_MAX, ESTIMATED_SCORE_MIN } from '~/domain/league-rules';
import { booleanField, idField, intField, optionalDateTimeField, optionalIntField } from './form-values';

/**
 * Membership form, API body and import row: golfer, season, the registered and paid toggles (false when absent),
 * an optional estimated nine-hole score, and (imports only) an optional registration datetime.
 */
export const membershipSchema = z.object({
  golferId: idField('Please select a golfer'),
  season: intField('Season', 2000, 2100),
  registered: booleanField('Registered'),
  paid: booleanField('Paid'),
  estimatedScore: optionalIntField('Estimated score', ESTIMATED_SCORE_MIN, ESTIMATED_SCORE_MAX),
  registrationDatetime: optionalDateTimeField('Registration date'),
});

export type MembershipInput = z.infer<typeof membershipSchema>;
