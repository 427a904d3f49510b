import { readId } from './id-param';
import { findGolferChoices, type GolferChoices } from '~/models/golfers.server';

/** What an admin dialog's Golfer field shows: its choices, and the golfer chosen by the URL's ?golferId=, if any. */
export type GolferPickerData = GolferChoices & { chosen: number | null };

/**
 * The Golfer field of the round, membership and flight dialogs (docs/decisions/105-golfer-picker.md), from the dialog's
 * URL: `?golfer=` is the text of its 'Find golfer' box without JavaScript, `?golferId=` a golfer already chosen, and
 * `current` the golfer of the record being edited; both are always listed. Three queries whatever the league's size.
 */
export async function golferPicker(url: URL, current?: number | null): Promise<GolferPickerData> {
  const chosen = readId(url.searchParams.get('golferId'));
  const choices = await findGolferChoices(url.searchParams.get('golfer') ?? '', [current, chosen]);
  return { ...choices, chosen: chosen !== null && choices.golfers.some((g) => g.id === chosen) ? chosen : null };
}
