import { cutoffOf } from '~/domain/availability';
import { TOO_LATE } from '~/domain/availability-messages';
import { ConflictError, NotFoundError } from '~/domain/errors';
import { golferDisplayName } from '~/domain/golfer-display';
import { formatRoundDate } from '~/domain/season';
import { formatTeeTime } from '~/domain/tee-times';
import { setAvailability, type AvailabilityResult } from '~/features/subs/golfer-nights.server';
import {
  cutoffSettingOf,
  findNightOut,
  findTeeTimeNight,
  nightStatusOf,
  type NightStatus,
} from '~/models/nights-out.server';
import { getSettings } from '~/models/settings.server';
import { findGolferTeeTime } from '~/models/tee-times.server';
import { db } from '~/db/db.server';
import { verifyAnswer, type Answer, type AnswerClaim } from './answer-token.server';

/**
 * The page behind the 'I'm out' / 'I'm in' links of the 'Are you in?' email (docs/product/automation.md#are-you-in):
 * opening it changes nothing (mail scanners open links); its one button answers, through exactly what /me does
 * (`setAvailability`: the night view, and the sub offer when 'Offer open spots to subs automatically' is on).
 */

const INVALID_ANSWER_LINK = 'This link is not valid. Check that you copied all of it from the email.';

export type AnswerView = {
  date: string;
  label: string;
  answer: Answer;
  golferName: string;
  time: string;
  status: NightStatus;
  /** The button: 'Mark me Out for Monday, June 1' or 'Keep me In'. */
  button: string;
};

/** The claim of a token that is ours and still open, or the error a page shows: 404 not ours, 409 too late. */
async function openClaim(token: string, keys: readonly string[], now: Date): Promise<AnswerClaim> {
  const claim = verifyAnswer(token, keys);
  if (!claim) throw new NotFoundError(INVALID_ANSWER_LINK);
  const [night, golfer] = await Promise.all([
    findTeeTimeNight(claim.date),
    db.golfer.findUnique({ where: { id: claim.golferId }, select: { id: true } }),
  ]);
  // A golfer deleted since, or a night no longer played from the tee times (rained out): nothing to answer.
  if (!night || !golfer) throw new NotFoundError(INVALID_ANSWER_LINK);
  const cutoff = cutoffOf(claim.date, cutoffSettingOf(await getSettings()));
  if (now.getTime() >= claim.expiresAt.getTime() || now.getTime() >= cutoff.getTime())
    throw new ConflictError(TOO_LATE);
  return claim;
}

/** What the page shows before anything changes. */
export async function answerView(token: string, keys: readonly string[], now = new Date()): Promise<AnswerView> {
  const claim = await openClaim(token, keys, now);
  const season = Number(claim.date.slice(0, 4));
  const [golfer, slot, row] = await Promise.all([
    db.golfer.findUniqueOrThrow({
      where: { id: claim.golferId },
      select: { firstName: true, lastName: true, nickname: true, fullName: true },
    }),
    findGolferTeeTime(claim.golferId, season),
    findNightOut(claim.golferId, claim.date),
  ]);
  const label = formatRoundDate(claim.date, 'EEEE, MMMM d');
  return {
    date: claim.date,
    label,
    answer: claim.answer,
    golferName: golferDisplayName(golfer),
    time: slot ? formatTeeTime(slot.time) : '–',
    status: nightStatusOf(row),
    button: claim.answer === 'out' ? `Mark me Out for ${label}` : 'Keep me In',
  };
}

/** The button: the golfer's answer, as /me would take it (its messages, its 409s). */
export async function applyAnswer(
  token: string,
  keys: readonly string[],
  origin: string,
  now = new Date(),
): Promise<AvailabilityResult> {
  const claim = await openClaim(token, keys, now);
  return setAvailability({ golferId: claim.golferId, date: claim.date, available: claim.answer === 'in', origin, now });
}
