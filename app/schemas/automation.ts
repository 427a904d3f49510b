import * as z from 'zod/mini';
import { MAX_DAYS } from '~/domain/automation';
import { isValidTime } from '~/domain/tee-times';
import { intField, preprocess } from './form-values';

/** The directions of a job's schedule: before each night, or after it ('On the night's day' is 0 days). */
const DIRECTIONS = ['before', 'after'] as const;

/**
 * A job's schedule (docs/product/automation.md#changing-a-schedule): a day count from 0 to 14, before or after each
 * night, and a time of day. The same schema on /automation (browser and action) and PUT /api/automation/{job}.
 */
export const jobScheduleSchema = z.object({
  days: intField('Days', 0, MAX_DAYS),
  direction: z.enum(DIRECTIONS, { error: 'Choose before or after the night' }),
  time: z.string({ error: 'Time is required' }).check(z.trim(), z.refine(isValidTime, 'Enter a time such as 9:00 AM')),
});
export type JobScheduleInput = z.infer<typeof jobScheduleSchema>;

/** 'On' / 'Off' of a job: the form's `enabled` is 'on' or 'off'; the API's a boolean. */
export const jobEnabledSchema = z.object({
  enabled: preprocess(
    (value) => (value === 'on' || value === 'true' ? true : value === 'off' || value === 'false' ? false : value),
    z.boolean({ error: 'Choose On or Off' }),
  ),
});
