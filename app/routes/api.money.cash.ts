import type { ActionFunctionArgs } from '@remix-run/node';
import { currentSeason } from '~/domain/season';
import { cents } from '~/domain/money';
import { recordCash } from '~/models/money.server';
import { cashApiSchema } from '~/schemas/side-games';
import { requireApiAdmin } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, postOnlyLoader, readJson } from '~/web/http.server';

export const loader = postOnlyLoader;

/**
 * POST /api/money/cash `{golferId, amountCents, note, season?}` (administrators): 'Paid in cash' of /money
 * (docs/product/money.md#balances): 201 the payment; 400 for $0 or more than $10,000, nothing saved.
 */
export function action({ request }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireApiAdmin(request);
    if (request.method !== 'POST') return methodNotAllowed(['POST']);
    const input = parseBody(cashApiSchema, await readJson(request, 2_000), 'Invalid cash payment');
    const payment = await recordCash(
      {
        golferId: input.golferId,
        season: input.season ?? currentSeason(),
        amountCents: cents(input.amountCents),
        note: input.note,
      },
      user,
    );
    return Response.json(payment, { status: 201 });
  });
}
