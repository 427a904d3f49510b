import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { ConfirmDeleteDialog } from '~/ui/confirm-delete-dialog';
import { DataTable, Td } from '~/ui/data-table';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { RouteError } from '~/ui/route-error';
import { RowActions } from '~/ui/row-actions';
import { SeasonForm } from '~/ui/season-form';
import { formatDollarsAndCents, ABSENT } from '~/domain/format';
import { registrationText, SEASONS_ADMIN_ONLY, ViewOnlyNote } from '~/ui/season-display';
import { buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { Spinner } from '~/ui/primitives/spinner';
import { formatScheduleDate } from '~/domain/schedule';
import { todayInLeague } from '~/domain/season';
import { createSeason, deleteSeason, listSeasons, updateSeason } from '~/models/seasons.server';
import { seasonSchema, seasonUpdateSchema } from '~/schemas/season';
import { adminAction, intent } from '~/web/admin-page.server';
import { requireUser } from '~/web/auth.server';
import { HttpError } from '~/web/http.server';
import { revalidateUnlessDialog, withParam } from '~/ui/list-url';
import { titled } from '~/ui/meta';
import { useListPage } from '~/ui/use-list-page';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Seasons');

const BASE = '/seasons';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const today = todayInLeague();
  const seasons = await listSeasons();
  return {
    isAdmin: user.isAdmin,
    // `id` is the year: the ?edit= and ?delete= dialogs name a season by its year.
    seasons: seasons.map((s) => ({ ...s, id: s.year, registration: registrationText(s, today) })),
  };
}

export const shouldRevalidate = revalidateUnlessDialog();

/** The season a form names (its hidden `id` is the year). */
function yearOf(form: FormData, action: string): number {
  const year = Number(form.get('id'));
  if (!Number.isSafeInteger(year) || year <= 0) throw new HttpError(400, `Season is required for ${action}`);
  return year;
}

export async function action({ request }: ActionFunctionArgs) {
  return adminAction(request, {
    back: BASE,
    intents: {
      create: intent({
        schema: seasonSchema,
        admin: SEASONS_ADMIN_ONLY,
        run: async ({ actor, value, done }) => {
          const season = await createSeason(value, actor);
          const copied = value.copyFrom
            ? `${season.entryCount} dates copied from ${value.copyFrom}.`
            : 'Add its schedule dates here.';
          // The new season's page, where its (copied) schedule is checked and completed.
          return done(
            { title: 'Season created', description: `Season ${season.year}: ${copied}` },
            seasonUrl(season.year),
          );
        },
      }),
      update: intent({
        schema: seasonUpdateSchema,
        admin: SEASONS_ADMIN_ONLY,
        run: async ({ actor, value, form, done }) => {
          const season = await updateSeason(yearOf(form, 'update'), value, actor);
          return done({ title: 'Season updated', description: `Season ${season.year}` });
        },
      }),
      delete: intent({
        admin: SEASONS_ADMIN_ONLY,
        run: async ({ actor, form, done }) => {
          const year = yearOf(form, 'delete');
          await deleteSeason(year, actor);
          return done({ title: 'Season deleted', description: `Season ${year}` });
        },
      }),
    },
  });
}

function seasonUrl(year: number): string {
  return `/seasons/${year}`;
}

export default function SeasonsPage() {
  const { isAdmin, seasons } = useLoaderData<typeof loader>();
  const { dialog, editing, deleting, loading, resultFor, messageFor } = useListPage({
    rows: seasons,
    actionData: useActionData<typeof action>(),
  });
  const deleteError = messageFor('delete');

  return (
    <div className="space-y-4">
      <PageHeader title="Seasons">
        {loading ? <Spinner /> : null}
        {isAdmin ? (
          <Link to={withParam(BASE, 'action', 'new')} preventScrollReset className={buttonClass()}>
            Add Season
          </Link>
        ) : null}
      </PageHeader>
      {isAdmin ? null : <ViewOnlyNote />}

      {seasons.length === 0 ? (
        <EmptyState>No seasons yet. Add the first season to publish its schedule and open registration.</EmptyState>
      ) : (
        <DataTable headers={['Season', 'League nights', 'First night', 'Last night', 'Registration', 'Fee', 'Actions']}>
          {seasons.map((s) => (
            <tr key={s.year}>
              <Td className="font-medium">
                <Link to={seasonUrl(s.year)} className="text-emerald-800 underline">
                  {s.year}
                </Link>
              </Td>
              <Td>{s.entryCount}</Td>
              <Td>{s.firstDate ? formatScheduleDate(s.firstDate) : ABSENT}</Td>
              <Td>{s.lastDate ? formatScheduleDate(s.lastDate) : ABSENT}</Td>
              <Td>{s.registration}</Td>
              <Td>{formatDollarsAndCents(s.feeCents)}</Td>
              <Td>{isAdmin ? <RowActions base={BASE} id={s.year} label={`season ${s.year}`} /> : ABSENT}</Td>
            </tr>
          ))}
        </DataTable>
      )}

      {isAdmin && dialog === 'new' ? (
        <UrlDialog title="Add Season" description="A season's fee, registration window and schedule." closeTo={BASE}>
          <SeasonForm
            intent="create"
            copyFrom={seasons.filter((s) => s.entryCount > 0).map((s) => s.year)}
            lastResult={resultFor('create')}
            closeTo={BASE}
          />
        </UrlDialog>
      ) : null}
      {isAdmin && editing !== undefined ? (
        <UrlDialog title="Edit Season" description={editing ? `Season ${editing.year}` : undefined} closeTo={BASE}>
          {editing ? (
            <SeasonForm
              key={editing.year}
              season={editing}
              intent="update"
              lastResult={resultFor('update')}
              closeTo={BASE}
            />
          ) : (
            <p>Season not found.</p>
          )}
        </UrlDialog>
      ) : null}
      <ConfirmDeleteDialog
        record={isAdmin ? deleting : undefined}
        noun="season"
        closeTo={BASE}
        message={`Are you sure you want to delete season ${deleting?.year ?? ''} and its schedule? This action cannot be undone.`}
        error={deleteError ? `Failed to delete season: ${deleteError}` : null}
      />
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="seasons" />;
}
