import { parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams, type ShouldRevalidateFunction } from '@remix-run/react';
import { useEffect, useMemo, useState } from 'react';
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
import { HttpError, readSmallForm } from '~/utils/http.server';
import { listUrl, onlyDialogChanged, withParam } from '~/utils/list-url';
import { titled } from '~/utils/meta';
import { redirectWithToast } from '~/utils/session.server';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Golfers');

const LIST_PARAMS = ['q'];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const q = new URL(request.url).searchParams.get('q') ?? '';
  return json({ q, golfers: await listGolfers(q) });
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && onlyDialogChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate;

const failures = { create: 'Failed to create golfer', update: 'Failed to update golfer', delete: 'Failed to delete golfer' } as const;

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const back = listUrl(new URL(request.url), LIST_PARAMS);
  let form: FormData;
  try {
    form = await readSmallForm(request, 20_000);
  } catch (error) {
    if (error instanceof HttpError) return redirectWithToast(back, { type: 'error', title: 'Error', description: error.message }, {}, request);
    throw error;
  }
  const intent = form.get('intent');

  if (intent === 'delete') {
    const id = Number(form.get('id'));
    try {
      if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(400, 'Golfer is required for delete');
      await deleteGolfer(id);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      return redirectWithToast(back, { type: 'error', title: 'Error', description: `${failures.delete}: ${error.message}` }, {}, request);
    }
    return redirectWithToast(back, { type: 'success', title: 'Success', description: 'Golfer deleted successfully' }, {}, request);
  }

  if (intent !== 'create' && intent !== 'update') {
    return json({ intent: null, result: null, message: 'Unknown action' }, { status: 400 });
  }
  const submission = parseWithZod(form, { schema: golferSchema });
  if (submission.status !== 'success') return json({ intent, result: submission.reply(), message: null }, { status: 400 });
  try {
    if (intent === 'create') {
      await createGolfer(submission.value);
    } else {
      const id = Number(form.get('id'));
      if (!Number.isSafeInteger(id) || id <= 0) throw new HttpError(400, 'Golfer is required for update');
      await updateGolfer(id, submission.value);
    }
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return json({ intent, result: submission.reply({ formErrors: [error.message], fieldErrors: error.errors }), message: null }, { status: error.status });
  }
  const description = intent === 'create' ? 'Golfer created successfully' : 'Golfer updated successfully';
  return redirectWithToast(back, { type: 'success', title: 'Success', description }, {}, request);
}

export default function GolfersPage() {
  const { q, golfers } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState(q);
  // A link or the back button may change ?q while the box is not being typed in.
  useEffect(() => {
    if (typeof document === 'undefined' || document.activeElement?.getAttribute('name') !== 'q') setQuery(q);
  }, [q]);

  const shown = useMemo(() => golfers.filter((g) => matchesGolferSearch(g, query)), [golfers, query]);
  const base = listUrl(new URL(location.pathname + location.search, 'http://x'), LIST_PARAMS);
  const editId = Number(searchParams.get('edit'));
  const deleteId = Number(searchParams.get('delete'));
  const editing = searchParams.has('edit') ? (golfers.find((g) => g.id === editId) ?? null) : undefined;
  const deleting = searchParams.has('delete') ? (golfers.find((g) => g.id === deleteId) ?? null) : undefined;
  const loading = navigation.state === 'loading' && navigation.location.pathname === location.pathname;
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);

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
                  <div className="flex gap-2">
                    <Link to={withParam(base, 'edit', g.id)} preventScrollReset className={buttonClass('secondary', 'sm')} aria-label={`Edit ${name}`}>
                      Edit
                    </Link>
                    <Link to={withParam(base, 'delete', g.id)} preventScrollReset className={buttonClass('ghost', 'sm')} aria-label={`Delete ${name}`}>
                      Delete
                    </Link>
                  </div>
                </Td>
              </tr>
            );
          })}
        </DataTable>
      )}

      {searchParams.get('action') === 'new' ? (
        <UrlDialog title="Add New Golfer" description="Create a new golfer profile for the league" closeTo={base}>
          <GolferForm lastResult={resultFor('create')} closeTo={base} />
        </UrlDialog>
      ) : null}
      {editing !== undefined ? (
        <UrlDialog title="Edit Golfer" description="Update golfer information" closeTo={base}>
          {editing ? <GolferForm key={editing.id} golfer={editing} lastResult={resultFor('update')} closeTo={base} /> : <p>Golfer not found.</p>}
        </UrlDialog>
      ) : null}
      {deleting !== undefined ? (
        deleting ? (
          <ConfirmDeleteDialog
            id={deleting.id}
            closeTo={base}
            confirmLabel="Delete Golfer"
            message={`Are you sure you want to delete ${golferDisplayName(deleting)}? Their memberships, rounds, flight assignments and tee times will be removed too. This action cannot be undone.`}
          />
        ) : (
          <UrlDialog title="Confirm Deletion" closeTo={base}>
            <p>Golfer not found.</p>
          </UrlDialog>
        )
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError title="Error loading golfers" backTo="/golfers" />;
}
