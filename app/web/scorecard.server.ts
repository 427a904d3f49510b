import { getGolfer as findGolfer } from '~/models/golfers.server';
import { findGolferGroup, getScorecard, type Scorer } from '~/models/scorecards.server';
import { isNightDate } from '~/schemas/scorecard';
import { HttpError } from './http.server';

/**
 * The golfer's card of a night (SPEC-3 §D2): the page and its JSON twin find the signed-in golfer's group on
 * `{date}` the same way. A date that is not one, or a night the golfer has no group on, is a 404.
 */
export async function golferCardOf(golferId: number, date: string | undefined) {
  if (!isNightDate(date)) throw new HttpError(404, 'No such night');
  const [golfer, group] = await Promise.all([findGolfer(golferId), findGolferGroup(golferId, date!)]);
  if (!golfer) throw new HttpError(401, 'Sign in with the code we email you first');
  if (!group) throw new HttpError(404, 'You have no tee-time group this season, so no scorecard on this night');
  const scorer: Scorer = { name: golfer.fullName, golferId, actor: null };
  return { date: date!, teeTimeId: group.teeTimeId, scorer, card: () => getScorecard(date!, group.teeTimeId) };
}
