import type { LoaderFunctionArgs } from '@remix-run/node';
import { toCsv } from '~/domain/csv';
import { dollarFieldText } from '~/domain/format';
import { GAME_LABELS } from '~/domain/side-games';
import { seasonMoney } from '~/models/money.server';
import { requireUser } from '~/web/auth.server';
import { apiHandler, getOnlyAction, seasonParam } from '~/web/http.server';

export const action = getOnlyAction;

/**
 * GET /money.csv?season=: /money's 'Export CSV' (docs/product/money.md#money): one row per golfer's balance, then one
 * per payout, amounts in dollars and cents. Signed in (anonymous visitors go to the login page).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireUser(request);
    const season = seasonParam(request);
    const money = await seasonMoney(season);
    const columns = ['Kind', 'Date', 'Golfer', 'Game', 'Owed', 'Won', 'Paid', 'Balance', 'Amount'];
    const rows: string[][] = [
      ...money.golfers.map((g) => [
        'balance',
        '',
        g.name,
        '',
        dollarFieldText(g.owedCents),
        dollarFieldText(g.wonCents),
        dollarFieldText(g.paidCents),
        dollarFieldText(g.balanceCents),
        '',
      ]),
      ...money.nights.flatMap((n) =>
        n.payouts.map((p) => ['payout', n.date, p.name, GAME_LABELS[p.game], '', '', '', '', dollarFieldText(p.cents)]),
      ),
    ];
    return new Response(`\uFEFF${toCsv(columns, rows)}`, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="money-${season}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    });
  });
}
