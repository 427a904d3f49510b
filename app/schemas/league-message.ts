import * as z from 'zod/mini';
import { preprocess } from './form-values';
import { emailListFilters } from '~/domain/email-list';
import { formatCount } from '~/domain/format';

/**
 * A league message composed on /email-list (docs/product/email.md#league-messages): the tab it goes to, whether it is
 * the payment reminder, the form's one-time send id (so sending the same form twice queues it once), the subject and
 * the plain-text message. The same schema checks the form in the browser and in the action.
 */

export const SUBJECT_MAX = 200;
const MESSAGE_MAX = 20_000;
const LIST_IDS = emailListFilters.map((filter) => filter.id) as [
  (typeof emailListFilters)[number]['id'],
  ...(typeof emailListFilters)[number]['id'][],
];

/** Browsers send a textarea's line breaks as CR LF; counted as one character each, as the golfer typed them. */
function oneLineBreak(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value;
}

function required(message: string) {
  return (issue: { input: unknown }) =>
    issue.input === undefined || issue.input === null ? message : 'Enter text here';
}

export const leagueMessageSchema = z
  .object({
    list: z.enum(LIST_IDS, { error: 'Choose one of the four lists' }),
    kind: z.enum(['league', 'reminder'], { error: 'Choose a league message or a payment reminder' }),
    sendId: z
      .string({ error: 'This form has expired. Close it and open it again.' })
      .check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'This form has expired. Close it and open it again.')),
    subject: z.string({ error: required('Subject is required') }).check(
      z.trim(),
      z.minLength(1, 'Subject is required'),
      z.maxLength(SUBJECT_MAX, `Use at most ${SUBJECT_MAX} characters`),
      z.refine((subject) => !/[\r\n]/.test(subject), 'Keep the subject on one line'),
    ),
    message: preprocess(
      oneLineBreak,
      z
        .string({ error: required('Message is required') })
        .check(
          z.trim(),
          z.minLength(1, 'Message is required'),
          z.maxLength(MESSAGE_MAX, `Use at most ${formatCount(MESSAGE_MAX)} characters`),
        ),
    ),
  })
  .check(
    z.refine((value) => value.kind !== 'reminder' || value.list === 'registered-not-paid', {
      message: 'A payment reminder goes to the Registered Not Paid golfers only',
    }),
  );

export type LeagueMessageInput = z.infer<typeof leagueMessageSchema>;
