import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { RowActions } from '~/ui/row-actions';
import { ConfirmDeleteDialog } from '~/ui/confirm-delete-dialog';
import { DataTable, Td } from '~/ui/data-table';
import { MembershipForm } from '~/ui/membership-form';
import { RefundForm } from '~/ui/refund-form';
import { DownloadCsvLink } from '~/ui/download-csv-link';
import { GolferFindForm } from '~/ui/golfer-picker';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { Pager } from '~/ui/pager';
import { RouteError } from '~/ui/route-error';
import { SearchBox } from '~/ui/search-box';
import { SeasonPicker } from '~/ui/season-picker';
import { buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { Spinner } from '~/ui/primitives/spinner';
import { NotFoundError } from '~/domain/errors';
import { golferDisplayName, matchesQuery } from '~/domain/golfer-display';
import { formatDollars, ABSENT, orAbsent } from '~/domain/format';
import { currentSeason, formatLeagueDateTime, parseSeason, seasonChoices } from '~/domain/season';
import {
  createMembership,
  deleteMembership,
  pageMemberships,
  requireMembership,
  updateMembership,
} from '~/models/memberships.server';
import { refundMembership, refundOffer } from '~/features/refunds/refunds.server';
import { membershipSchema } from '~/schemas/membership';
import { refundSchema } from '~/schemas/refund';
import { requireUser } from '~/web/auth.server';
import { adminAction, crudIntents, dialogRecords, intent } from '~/web/admin-page.server';
import { golferPicker } from '~/web/golfer-picker.server';
import { pageHandler, pageParam } from '~/web/http.server';
import { readId } from '~/web/id-param';
import { listUrl, withParam } from '~/ui/list-url';
import { titled } from '~/ui/meta';
import { useListPage, useSearchQuery } from '~/ui/use-list-page';
import { cn } from '~/ui/cn';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Memberships');

const LIST_PARAMS = ['season', 'q', 'page'];

type Named = { golfer: { firstName: string; lastName: string; nickname: string | null; fullName: string } };
/** docs/product/screens-admin.md#memberships: the search is a case-insensitive contains on the golfer's name. */
function matchesMembershipSearch(m: Named, query: string): boolean {
  return matchesQuery(query, [m.golfer.fullName, golferDisplayName(m.golfer)]);
}

/** A dialog's membership, looked up by id: it need not be on the page shown. */
function findMembership(id: number) {
  return requireMembership(id).catch(() => null);
}

/** The ?refund=ID dialog's offer (docs/product/payments.md#refunds): null for a membership that does not exist. */
async function refundDialog(raw: string | null) {
  if (raw === null) return undefined;
  const id = readId(raw);
  if (id === null) return null;
  try {
    return await refundOffer(id);
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * One page of 50 of the season's memberships matching ?q, searched on the server (docs/product/performance.md), the
 * season's tiles, and what an open dialog needs: its record, and the golfers to choose from only while a form is open.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    await requireUser(request);
    const url = new URL(request.url);
    const params = url.searchParams;
    const season = parseSeason(params.get('season')) ?? currentSeason();
    const q = params.get('q')?.trim() ?? '';
    const formOpen = params.get('action') === 'new' || params.has('edit');
    const [memberships, refund, { editing, deleting, status }] = await Promise.all([
      pageMemberships(season, q, pageParam(url)),
      refundDialog(params.get('refund')),
      dialogRecords(url, 'membership id', findMembership, findMembership),
    ]);
    return data(
      {
        season,
        seasons: seasonChoices(),
        q,
        memberships,
        // At most 100 golfers, searched with ?golfer= (docs/decisions/105-golfer-picker.md).
        golfers: formOpen ? await golferPicker(url, editing?.golferId) : null,
        refund,
        editing,
        deleting,
      },
      { status },
    );
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const back = listUrl(new URL(request.url), LIST_PARAMS);
  // Show the season the membership was saved in, keeping the search.
  const backToSeason = (saved: { season: number }) => {
    const to = new URL(back, 'http://x');
    to.searchParams.set('season', String(saved.season));
    return { back: to.pathname + to.search };
  };
  return adminAction(request, {
    back,
    intents: {
      ...crudIntents({
        noun: 'membership',
        schema: membershipSchema,
        // The form never sends a registration datetime; that is for imports (and set automatically here).
        create: async (value, actor) =>
          backToSeason(await createMembership({ ...value, registrationDatetime: undefined }, actor)),
        update: async (id, value, actor) =>
          backToSeason(await updateMembership(id, { ...value, registrationDatetime: undefined }, actor)),
        remove: deleteMembership,
      }),
      // Money goes back through the payment provider: administrators only (docs/decisions/097-refunds.md).
      refund: intent({
        schema: refundSchema,
        admin: 'Only an administrator can refund a membership',
        run: async ({ value, actor, done }) => {
          const refunded = await refundMembership({ membershipId: value.id, amountCents: value.amount }, actor);
          return done({
            title: 'Refund issued',
            description: `${formatDollars(refunded.amountCents)} refunded to ${refunded.golferName}. The membership is now unpaid.`,
          });
        },
      }),
    },
  });
}

function Tick({ value }: { value: boolean }) {
  return value ? (
    <span role="img" className="font-bold text-emerald-700" aria-label="Yes" title="Yes">
      ✓
    </span>
  ) : (
    <span role="img" className="font-bold text-red-600" aria-label="No" title="No">
      ✗
    </span>
  );
}

function Tile({ label, value, tone }: { label: string; value: number; tone?: 'good' | 'bad' }) {
  return (
    <div
      className={cn(
        'rounded-lg border bg-white p-4 shadow-sm',
        tone === 'good' && 'border-emerald-300 bg-emerald-50 text-emerald-900',
        tone === 'bad' && 'border-red-300 bg-red-50 text-red-900',
      )}
      data-tone={tone}
    >
      <p className="text-sm opacity-80">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
    </div>
  );
}

export default function MembershipsPage() {
  const data = useLoaderData<typeof loader>();
  const { season, seasons, q, memberships, golfers, refund } = data;
  const totals = memberships.totals;
  const [query, setQuery] = useSearchQuery(q);
  const shown = useMemo(
    () => memberships.rows.filter((m) => matchesMembershipSearch(m, query)),
    [memberships.rows, query],
  );
  const { base, dialog, editing, deleting, loading, resultFor } = useListPage({
    editing: data.editing,
    deleting: data.deleting,
    actionData: useActionData<typeof action>(),
    keep: LIST_PARAMS,
  });
  const seasonList = seasons.includes(season) ? seasons : [...seasons, season];
  const formOptions = { golfers, seasons, season, closeTo: base };

  return (
    <div className="space-y-4">
      <PageHeader title="Memberships">
        {loading ? <Spinner /> : null}
        <SeasonPicker seasons={seasonList} season={season} keep={q ? { q } : {}} />
        <DownloadCsvLink type="memberships" season={season} />
        <Link to={withParam(base, 'action', 'new')} preventScrollReset className={buttonClass()}>
          Add Membership
        </Link>
      </PageHeader>

      <div className="grid grid-cols-3 gap-4">
        <Tile label="Total" value={totals.total} />
        <Tile label="Registered" value={totals.registered} />
        <Tile label="Paid" value={totals.paid} tone={totals.paid < totals.registered ? 'bad' : 'good'} />
      </div>

      <SearchBox
        query={query}
        onQueryChange={setQuery}
        placeholder="Search memberships by golfer name..."
        keep={{ season: String(season) }}
      />

      {shown.length === 0 ? (
        <EmptyState>No memberships found for this season. Add a membership to get started.</EmptyState>
      ) : (
        <DataTable headers={['Golfer', 'Season', 'Registered', 'Paid', 'Registration Date', 'Est. Score', 'Actions']}>
          {shown.map((m) => {
            const name = golferDisplayName(m.golfer);
            return (
              <tr key={m.id}>
                <Td className="font-medium">{name}</Td>
                <Td>{m.season}</Td>
                <Td>
                  <Tick value={m.registered} />
                </Td>
                <Td>
                  <Tick value={m.paid} />
                  {m.refundedCents ? (
                    <span className="ml-2 text-xs text-slate-600">Refunded {formatDollars(m.refundedCents)}</span>
                  ) : null}
                </Td>
                <Td>
                  {m.registrationDatetime ? formatLeagueDateTime(m.registrationDatetime, 'MMM d, yyyy h:mm a') : ABSENT}
                </Td>
                <Td>{orAbsent(m.estimatedScore)}</Td>
                <Td>
                  <div className="flex gap-2">
                    <RowActions base={base} id={m.id} label={`membership of ${name}`} />
                    {m.paid ? (
                      <Link
                        to={withParam(base, 'refund', m.id)}
                        preventScrollReset
                        className={buttonClass('secondary', 'sm')}
                        aria-label={`Refund membership of ${name}`}
                      >
                        Refund
                      </Link>
                    ) : null}
                  </div>
                </Td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pager
        base={listUrl(`/memberships?season=${season}${q ? `&q=${encodeURIComponent(q)}` : ''}`, ['season', 'q'])}
        list={memberships}
        noun="memberships"
      />

      {dialog === 'new' ? (
        <UrlDialog title="Add Membership" description="Add a golfer's membership for a season" closeTo={base}>
          <MembershipForm lastResult={resultFor('create')} {...formOptions} />
        </UrlDialog>
      ) : null}
      {editing !== undefined ? (
        <UrlDialog title="Edit Membership" description="Update membership information" closeTo={base}>
          {editing ? (
            <MembershipForm key={editing.id} membership={editing} lastResult={resultFor('update')} {...formOptions} />
          ) : (
            <p>Membership not found.</p>
          )}
        </UrlDialog>
      ) : null}
      {golfers ? <GolferFindForm /> : null}
      {refund !== undefined ? (
        <UrlDialog
          title="Refund Membership"
          description={refund ? `Refund ${refund.golferName}'s ${refund.season} season fee.` : undefined}
          closeTo={base}
        >
          {refund === null ? (
            <p>Membership not found.</p>
          ) : refund.refusal ? (
            <p>{refund.refusal}</p>
          ) : (
            <RefundForm key={refund.membershipId} offer={refund} lastResult={resultFor('refund')} closeTo={base} />
          )}
        </UrlDialog>
      ) : null}
      <ConfirmDeleteDialog record={deleting} noun="membership" closeTo={base} />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="memberships" />;
}
