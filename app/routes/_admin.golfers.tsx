import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { RowActions } from '~/ui/row-actions';
import { ConfirmDeleteDialog } from '~/ui/confirm-delete-dialog';
import { DataTable, Td } from '~/ui/data-table';
import { GolferForm } from '~/ui/golfer-form';
import { DownloadCsvLink } from '~/ui/download-csv-link';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { Pager } from '~/ui/pager';
import { RouteError } from '~/ui/route-error';
import { SearchBox } from '~/ui/search-box';
import { buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { Spinner } from '~/ui/primitives/spinner';
import { golferDisplayName, matchesGolferSearch } from '~/domain/golfer-display';
import { createGolfer, deleteGolfer, pageGolfers, requireGolfer, updateGolfer } from '~/models/golfers.server';
import { golferSchema } from '~/schemas/golfer';
import { requireUser } from '~/web/auth.server';
import { adminAction, crudIntents, dialogRecords } from '~/web/admin-page.server';
import { pageHandler, pageParam } from '~/web/http.server';
import { listUrl, withParam } from '~/ui/list-url';
import { titled } from '~/ui/meta';
import { useListPage, useSearchQuery } from '~/ui/use-list-page';
import { orAbsent } from '~/domain/format';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Golfers');

const LIST_PARAMS = ['q', 'page'];

/** A dialog's golfer, looked up by id: it need not be on the page shown. */
async function findGolfer(id: number) {
  return requireGolfer(id).catch(() => null);
}

/**
 * One page of 50 golfers matching ?q, searched on the server across all of them (docs/product/performance.md), and
 * the golfer of an open dialog. With JavaScript the search box filters the rows on screen at once and the page asks
 * the server as the user types.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    await requireUser(request);
    const url = new URL(request.url);
    const q = url.searchParams.get('q')?.trim() ?? '';
    const [golfers, { editing, deleting, status }] = await Promise.all([
      pageGolfers(q, pageParam(url)),
      dialogRecords(url, 'golfer id', findGolfer, findGolfer),
    ]);
    return data({ q, golfers, editing, deleting }, { status });
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return adminAction(request, {
    back: listUrl(new URL(request.url), LIST_PARAMS),
    intents: crudIntents({
      noun: 'golfer',
      schema: golferSchema,
      create: async (value, actor) => void (await createGolfer(value, actor)),
      update: async (id, value, actor) => void (await updateGolfer(id, value, actor)),
      remove: deleteGolfer,
    }),
  });
}

export default function GolfersPage() {
  const data = useLoaderData<typeof loader>();
  const { q, golfers } = data;
  const [query, setQuery] = useSearchQuery(q);
  const shown = useMemo(() => golfers.rows.filter((g) => matchesGolferSearch(g, query)), [golfers.rows, query]);
  const { base, dialog, editing, deleting, loading, resultFor } = useListPage({
    editing: data.editing,
    deleting: data.deleting,
    actionData: useActionData<typeof action>(),
    keep: LIST_PARAMS,
  });

  return (
    <div className="space-y-4">
      <PageHeader title="Golfers">
        {loading ? <Spinner /> : null}
        <DownloadCsvLink type="golfers" />
        <Link to={withParam(base, 'action', 'new')} preventScrollReset className={buttonClass()}>
          Add Golfer
        </Link>
      </PageHeader>
      <SearchBox query={query} onQueryChange={setQuery} placeholder="Search golfers by name, email, or phone..." />

      {shown.length === 0 ? (
        <EmptyState>
          {q || query ? 'No golfers match this search.' : 'No golfers found. Add your first golfer to get started.'}
        </EmptyState>
      ) : (
        <DataTable headers={['Name', 'Email', 'Phone', 'Actions']}>
          {shown.map((g) => {
            const name = golferDisplayName(g);
            return (
              <tr key={g.id}>
                <Td className="font-medium">{name}</Td>
                <Td>{orAbsent(g.email)}</Td>
                <Td>{orAbsent(g.phone)}</Td>
                <Td>
                  <RowActions base={base} id={g.id} label={name} />
                </Td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pager base={listUrl(`/golfers${q ? `?q=${encodeURIComponent(q)}` : ''}`, ['q'])} list={golfers} noun="golfers" />

      {dialog === 'new' ? (
        <UrlDialog title="Add New Golfer" description="Create a new golfer profile for the league" closeTo={base}>
          <GolferForm lastResult={resultFor('create')} closeTo={base} />
        </UrlDialog>
      ) : null}
      {editing !== undefined ? (
        <UrlDialog title="Edit Golfer" description="Update golfer information" closeTo={base}>
          {editing ? (
            <GolferForm key={editing.id} golfer={editing} lastResult={resultFor('update')} closeTo={base} />
          ) : (
            <p>Golfer not found.</p>
          )}
        </UrlDialog>
      ) : null}
      <ConfirmDeleteDialog
        record={deleting}
        noun="golfer"
        closeTo={base}
        message={
          deleting &&
          `Are you sure you want to delete ${golferDisplayName(deleting)}? Their memberships, rounds, flight assignments and tee times will be removed too. This action cannot be undone.`
        }
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="golfers" />;
}
