import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { formatDollarsAndCents } from '~/domain/format';
import { cents } from '~/domain/money';
import { formatRoundDate, parseSeason, currentSeason, seasonChoices } from '~/domain/season';
import { GAME_LABELS } from '~/domain/side-games';
import { recordCash, seasonMoney } from '~/models/money.server';
import { cashFormSchema } from '~/schemas/side-games';
import { CashForm } from '~/ui/cash-form';
import { DataTable, Td } from '~/ui/data-table';
import { listUrl, withParam } from '~/ui/list-url';
import { titled } from '~/ui/meta';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { RouteError } from '~/ui/route-error';
import { SeasonPicker } from '~/ui/season-picker';
import { useListPage } from '~/ui/use-list-page';
import { adminAction, intent } from '~/web/admin-page.server';
import { requireUser } from '~/web/auth.server';
import { pageHandler } from '~/web/http.server';
import { readId } from '~/web/id-param';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Money');

const seasonOf = (url: URL) => parseSeason(url.searchParams.get('season')) ?? currentSeason();

/**
 * /money (docs/product/money.md#money): the season's side-games money: per night the pots, entries, what was carried
 * over and the payouts; per golfer owed, won, paid and the balance, with 'Paid in cash' (?cash={golferId}) and
 * 'Export CSV'. A fixed number of queries whatever the nights and golfers.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    await requireUser(request);
    const url = new URL(request.url);
    const season = seasonOf(url);
    const money = await seasonMoney(season);
    const cashId = url.searchParams.has('cash') ? readId(url.searchParams.get('cash')) : undefined;
    const cash = cashId === undefined ? undefined : (money.golfers.find((g) => g.golferId === cashId) ?? null);
    return {
      season,
      seasons: seasonChoices(),
      nights: money.nights.map((n) => ({ ...n, label: formatRoundDate(n.date, 'EEE, MMM d') })),
      golfers: money.golfers,
      cash,
    };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const season = seasonOf(url);
  return adminAction(request, {
    back: listUrl(url, ['season']),
    intents: {
      cash: intent({
        schema: cashFormSchema,
        admin: 'Only an administrator can record a payment',
        run: async ({ value, actor, done }) => {
          const paid = await recordCash(
            { golferId: value.golferId, season, amountCents: cents(value.amount), note: value.note },
            actor,
          );
          return done({
            title: 'Cash payment recorded',
            description: `${formatDollarsAndCents(paid.amountCents)} paid in cash.`,
          });
        },
      }),
    },
  });
}

export default function MoneyPage() {
  const { season, seasons, nights, golfers, cash } = useLoaderData<typeof loader>();
  const { resultFor } = useListPage({ editing: null, deleting: null, actionData: useActionData<typeof action>() });
  // The season stays in every link and where the dialog closes to.
  const base = `/money?season=${season}`;
  const money = formatDollarsAndCents;
  return (
    <div className="space-y-6">
      <PageHeader title="Money" />
      <div className="flex flex-wrap items-center gap-2">
        <SeasonPicker seasons={seasons} season={season} />
        <a href={`/money.csv?season=${season}`} download className={buttonClass('secondary')}>
          Export CSV
        </a>
      </div>
      <section aria-labelledby="money-nights" className="space-y-2">
        <h2 id="money-nights" className="text-lg font-semibold">
          Nights
        </h2>
        {nights.length === 0 ? (
          <EmptyState>No side games entered in {season}.</EmptyState>
        ) : (
          <DataTable
            label="Nights"
            headers={[
              'Night',
              'Entries',
              'Skins pot',
              'Closest to the pin pot',
              'Low net pot',
              'Carried over',
              'Payouts',
            ]}
          >
            {nights.map((n) => (
              <tr key={n.date}>
                <Td className="font-medium">{n.label}</Td>
                <Td>{n.entries}</Td>
                <Td>{money(n.pots.skins)}</Td>
                <Td>{money(n.pots.closestToPin)}</Td>
                <Td>{money(n.pots.lowNet)}</Td>
                <Td>{money(n.carriedOver)}</Td>
                <Td className="whitespace-normal">
                  {n.final ? (
                    <ul>
                      {n.payouts.map((p, i) => (
                        <li key={i}>{`${p.name}: ${GAME_LABELS[p.game]} ${money(p.cents)}`}</li>
                      ))}
                    </ul>
                  ) : (
                    'Waiting for the results'
                  )}
                </Td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      <section aria-labelledby="money-golfers" className="space-y-2">
        <h2 id="money-golfers" className="text-lg font-semibold">
          Golfers
        </h2>
        {golfers.length === 0 ? (
          <EmptyState>No golfer has side-games money in {season}.</EmptyState>
        ) : (
          <DataTable label="Golfers" headers={['Golfer', 'Owed', 'Won', 'Paid', 'Balance', 'Actions']}>
            {golfers.map((g) => (
              <tr key={g.golferId}>
                <Td className="font-medium">{g.name}</Td>
                <Td>{money(g.owedCents)}</Td>
                <Td>{money(g.wonCents)}</Td>
                <Td>{money(g.paidCents)}</Td>
                <Td>{money(g.balanceCents)}</Td>
                <Td>
                  <Link
                    to={withParam(base, 'cash', g.golferId)}
                    preventScrollReset
                    className={buttonClass('secondary', 'sm')}
                    aria-label={`Paid in cash: ${g.name}`}
                  >
                    Paid in cash
                  </Link>
                </Td>
              </tr>
            ))}
          </DataTable>
        )}
      </section>
      {cash !== undefined ? (
        <UrlDialog title="Paid in cash" description="Record cash a golfer paid towards their balance." closeTo={base}>
          {cash ? (
            <CashForm key={cash.golferId} golfer={cash} lastResult={resultFor('cash')} closeTo={base} />
          ) : (
            <p>Golfer not found.</p>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="money" />;
}
