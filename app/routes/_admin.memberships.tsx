import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { RowActions } from '~/components/row-actions';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { DataTable, Td } from '~/components/data-table';
import { MembershipForm } from '~/components/membership-form';
import { DownloadCsvLink } from '~/components/download-csv-link';
import { EmptyState, PageHeader } from '~/components/page-header';
import { RouteError } from '~/components/route-error';
import { SearchBox } from '~/components/search-box';
import { SeasonPicker } from '~/components/season-picker';
import { buttonClass } from '~/components/ui/button';
import { UrlDialog } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { golferDisplayName, matchesQuery } from '~/domain/golfer-display';
import { currentSeason, formatLeagueDateTime, parseSeason, seasonChoices } from '~/domain/season';
import { listGolferOptions } from '~/models/golfers.server';
import {
  createMembership,
  deleteMembership,
  listMemberships,
  membershipTotals,
  updateMembership,
} from '~/models/memberships.server';
import { membershipSchema } from '~/schemas/membership';
import { requireUser } from '~/utils/auth.server';
import { adminAction, crudIntents } from '~/utils/admin-page.server';
import { listUrl, revalidateUnlessDialog, withParam } from '~/utils/list-url';
import { titled } from '~/utils/meta';
import { useListPage, useSearchQuery } from '~/utils/use-list-page';
import { cn } from '~/utils/cn';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Memberships');

const LIST_PARAMS = ['season', 'q'];

type Named = { golfer: { firstName: string; lastName: string; nickname: string | null; fullName: string } };
/** docs/product/screens-admin.md#memberships: the search is a case-insensitive contains on the golfer's name. */
function matchesMembershipSearch(m: Named, query: string): boolean {
  return matchesQuery(query, [m.golfer.fullName, golferDisplayName(m.golfer)]);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  const season = parseSeason(params.get('season')) ?? currentSeason();
  const q = params.get('q') ?? '';
  const [memberships, golfers] = await Promise.all([listMemberships(season), listGolferOptions()]);
  return json({
    season,
    seasons: seasonChoices(),
    q,
    totals: membershipTotals(memberships),
    // The whole season: the page filters it by ?q itself (server render and as the user types).
    memberships,
    golfers: golfers.map((g) => ({ id: g.id, fullName: g.fullName })),
  });
}

export const shouldRevalidate = revalidateUnlessDialog(['q']);

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
    intents: crudIntents({
      noun: 'membership',
      schema: membershipSchema,
      // The form never sends a registration datetime; that is for imports (and set automatically here).
      create: async (value) => backToSeason(await createMembership({ ...value, registrationDatetime: undefined })),
      update: async (id, value) =>
        backToSeason(await updateMembership(id, { ...value, registrationDatetime: undefined })),
      remove: deleteMembership,
    }),
  });
}

function Tick({ value }: { value: boolean }) {
  return value ? (
    <span className="font-bold text-emerald-700" aria-label="Yes" title="Yes">
      ✓
    </span>
  ) : (
    <span className="font-bold text-red-600" aria-label="No" title="No">
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
  const { season, seasons, q, totals, memberships, golfers } = useLoaderData<typeof loader>();
  const [query, setQuery] = useSearchQuery(q);
  const shown = useMemo(() => memberships.filter((m) => matchesMembershipSearch(m, query)), [memberships, query]);
  const { base, dialog, editing, deleting, loading, resultFor } = useListPage({
    rows: memberships,
    actionData: useActionData<typeof action>(),
    keep: LIST_PARAMS,
  });
  const seasonList = seasons.includes(season) ? seasons : [...seasons, season];

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
                </Td>
                <Td>
                  {m.registrationDatetime ? formatLeagueDateTime(m.registrationDatetime, 'MMM d, yyyy h:mm a') : '-'}
                </Td>
                <Td>{m.estimatedScore ?? '-'}</Td>
                <Td>
                  <RowActions base={base} id={m.id} label={`membership of ${name}`} />
                </Td>
              </tr>
            );
          })}
        </DataTable>
      )}

      {dialog === 'new' ? (
        <UrlDialog title="Add Membership" description="Add a golfer's membership for a season" closeTo={base}>
          <MembershipForm
            golfers={golfers}
            seasons={seasons}
            season={season}
            lastResult={resultFor('create')}
            closeTo={base}
          />
        </UrlDialog>
      ) : null}
      {editing !== undefined ? (
        <UrlDialog title="Edit Membership" description="Update membership information" closeTo={base}>
          {editing ? (
            <MembershipForm
              key={editing.id}
              membership={editing}
              golfers={golfers}
              seasons={seasons}
              season={season}
              lastResult={resultFor('update')}
              closeTo={base}
            />
          ) : (
            <p>Membership not found.</p>
          )}
        </UrlDialog>
      ) : null}
      {deleting !== undefined ? (
        <ConfirmDeleteDialog
          id={deleting?.id ?? null}
          closeTo={base}
          confirmLabel="Delete Membership"
          message="Are you sure you want to delete this membership? This action cannot be undone."
          notFound="Membership not found."
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="memberships" />;
}
