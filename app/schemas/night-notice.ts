import * as z from 'zod/mini';
import { preprocess } from './form-values';

/**
 * 'Urgent notice' on /scores (docs/product/scorecards.md#urgent-notice, docs/decisions/178-urgent-notices.md): the
 * notice's words, at most 320 characters (what two texts hold), and the form's one-time key, so a double submit sends
 * it once. The same schema checks the form in the browser and in the action.
 */

export const NOTICE_MAX = 320;
const EXPIRED = 'This form has expired. Reload the page and send the notice again.';

/** Browsers send a textarea's line breaks as CR LF; one character each, as typed. */
function oneLineBreak(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value;
}

export const urgentNoticeSchema = z.object({
  requestKey: z.string({ error: EXPIRED }).check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, EXPIRED)),
  notice: preprocess(
    oneLineBreak,
    z
      .string({ error: 'Write the notice' })
      .check(
        z.trim(),
        z.minLength(1, 'Write the notice'),
        z.maxLength(NOTICE_MAX, `Keep the notice to ${NOTICE_MAX} characters`),
      ),
  ),
});
