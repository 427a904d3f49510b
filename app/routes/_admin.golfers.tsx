import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { RowActions } from '~/components/row-actions';
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog';
import { DataTable, Td } from '~/components/data-table';
import { GolferForm } from '~/components/golfer-form';
import { DownloadCsvLink } from '~/components/download-csv-link';
import { EmptyState, PageHeader } from '~/components/page-header';
import { RouteError } from '~/components/route-error';
import { SearchBox } from '~/components/search-box';
import { buttonClass } from '~/components/ui/button';
import { UrlDialog } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { golferDisplayName, matchesGolferSearch } from '~/domain/golfer-display';
import { createGolfer, deleteGolfer, listGolfers, updateGolfer } from '~/models/golfers.server';
import { golferSchema } from '~/schemas/golfer';
import { requireUser } from '~/utils/auth.server';
import { adminAction, crudIntents } from '~/utils/admin-page.server';
import { listUrl, revalidateUnlessDialog, withParam } from '~/utils/list-url';
import { titled } from '~/utils/meta';
import { useListPage, useSearchQuery } from '~/utils/use-list-page';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Golfers');

const LIST_PARAMS = ['q'];

/**
 * The whole list and ?q: the page filters the list by the search box's text, on the server's render (the search
 * without JavaScript) and as the user types, so widening a search is as instant as narrowing it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const q = new URL(request.url).searchParams.get('q') ?? '';
  return json({ q, golfers: await listGolfers() });
}

export const shouldRevalidate = revalidateUnlessDialog(LIST_PARAMS);

export async function action({ request }: ActionFunctionArgs) {
  return adminAction(request, {
    back: listUrl(new URL(request.url), LIST_PARAMS),
    intents: crudIntents({
      noun: 'golfer',
      schema: golferSchema,
      create: async (value) => void (await createGolfer(value)),
      update: async (id, value) => void (await updateGolfer(id, value)),
      remove: deleteGolfer,
    }),
  });
}

export default function GolfersPage() {
  const { q, golfers } = useLoaderData<typeof loader>();
  const [query, setQuery] = useSearchQuery(q);
  const shown = useMemo(() => golfers.filter((g) => matchesGolferSearch(g, query)), [golfers, query]);
  const { base, dialog, editing, deleting, loading, resultFor } = useListPage({
    rows: golfers,
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
        <EmptyState>No golfers found. Add your first golfer to get started.</EmptyState>
      ) : (
        <DataTable headers={['Name', 'Email', 'Phone', 'Actions']}>
          {shown.map((g) => {
            const name = golferDisplayName(g);
            return (
              <tr key={g.id}>
                <Td className="font-medium">{name}</Td>
                <Td>{g.email || '-'}</Td>
                <Td>{g.phone || '-'}</Td>
                <Td>
                  <RowActions base={base} id={g.id} label={name} />
                </Td>
              </tr>
            );
          })}
        </DataTable>
      )}

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
      {deleting !== undefined ? (
        <ConfirmDeleteDialog
          id={deleting?.id ?? null}
          closeTo={base}
          confirmLabel="Delete Golfer"
          message={
            deleting
              ? `Are you sure you want to delete ${golferDisplayName(deleting)}? Their memberships, rounds, flight assignments and tee times will be removed too. This action cannot be undone.`
              : ''
          }
          notFound="Golfer not found."
        />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="golfers" />;
}
