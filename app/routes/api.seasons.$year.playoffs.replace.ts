import type { ActionFunctionArgs } from '@remix-run/node';
import { replaceInField } from '~/features/playoffs/field.server';
import { requireSeasonForPlayoffs } from '~/models/playoff-field.server';
import { playoffReplaceSchema } from '~/schemas/playoffs';
import { parseBody, postOnlyLoader, readJson, siteOrigin } from '~/web/http.server';
import { seasonPostApi } from '~/web/season-api.server';

export const loader = postOnlyLoader;

/**
 * POST /api/seasons/{year}/playoffs/replace {flight, seed, reason, golferId?} (administrators;
 * docs/product/playoffs.md#api): the next qualified golfer of the flight (or the one named) takes the seed, and is
 * emailed. Answers `{season, flight, seed, out, in}`. 400 for a malformed body or a seed outside 1 to 4; 409 when the
 * field is not locked, the flight has no such seed, or no qualified golfer outside the field can take it.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return seasonPostApi(request, params.year, async (year, user) => {
    const input = parseBody(playoffReplaceSchema, await readJson(request, 10_000), 'Invalid replacement');
    await requireSeasonForPlayoffs(year);
    const replaced = await replaceInField(year, input, user, { origin: siteOrigin(request) });
    return Response.json({
      season: replaced.season,
      flight: replaced.flightNo,
      seed: replaced.seed,
      out: replaced.out,
      in: replaced.in,
    });
  });
}
