import { getGolfer as findGolfer } from '~/models/golfers.server';
import { findGolferGroup } from '~/models/night-groups.server';
import type { HoleWrite } from '~/models/scorecard-targets.server';
import { getScorecard, golferCardNightProblem, type Scorer } from '~/models/scorecards.server';
import { NO_STROKES, readHoleForm } from '~/schemas/hole-strokes';
import { holeEntrySchema, isNightDate } from '~/schemas/scorecard';
import { InvalidError } from '~/domain/errors';
import { formatRoundDate } from '~/domain/season';
import { HttpError } from './http.server';

/**
 * The golfer's card of a night (SPEC-3 §D2): the page and its JSON twin find the signed-in golfer's group on
 * `{date}` the same way: their standing tee time, or the group whose spot they took as a sub. A date that is not one,
 * a date that is no league night or is still to come (`golferCardNightProblem`), or a night the golfer plays in no group
 * (none, or they are Out), is a 404.
 */
export async function golferCardOf(golferId: number, date: string | undefined) {
  if (!isNightDate(date)) throw new HttpError(404, 'No such night');
  const problem = await golferCardNightProblem(date!);
  if (problem) throw new HttpError(404, problem);
  const [golfer, group] = await Promise.all([findGolfer(golferId), findGolferGroup(golferId, date!)]);
  if (!golfer) throw new HttpError(401, 'Sign in with the code we email you first');
  if (!group)
    throw new HttpError(
      404,
      'You play in no group on this night (no standing tee time this season, or you are Out), so you have no scorecard',
    );
  const scorer: Scorer = { name: golfer.fullName, golferId, actor: null };
  return {
    date: date!,
    // Formatted on the server: the page's module importing the date code would add 11 KB to the phone's JavaScript.
    dateLabel: formatRoundDate(date!),
    teeTimeId: group.teeTimeId,
    scorer,
    card: () => getScorecard(date!, group.teeTimeId),
  };
}

/** The strokes of one hole for each golfer of the hole form (`readHoleForm`), as entries; blank fields are skipped. */
export function holeWrites(form: FormData): HoleWrite[] {
  const { hole, formId, strokes } = readHoleForm(form);
  const writes: HoleWrite[] = [];
  for (const { golferId, text } of strokes) {
    const parsed = holeEntrySchema.safeParse({
      clientId: `${formId}-${hole}-${golferId}`,
      golferId,
      hole,
      strokes: text,
    });
    if (!parsed.success) throw new InvalidError(parsed.error.issues[0].message);
    writes.push(parsed.data);
  }
  if (writes.length === 0) throw new InvalidError(NO_STROKES);
  return writes;
}
