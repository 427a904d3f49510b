import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ActivityList } from '~/ui/activity-list';
import { DataTable, Td } from '~/ui/data-table';
import { PageHeader, SectionHeader } from '~/ui/page-header';
import { RouteError } from '~/ui/route-error';
import { SignOutEverywhereButton } from '~/ui/sign-out-everywhere';
import { SettingsForm } from '~/ui/settings-form';
import { buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { AddUserForm, ResetPasswordForm } from '~/ui/user-forms';
import { backupDir, latestBackup } from '~/db/backup-files.server';
import { backupEveryHours } from '~/db/backup-schedule.server';
import { LEAGUE_TZ } from '~/domain/season';
import { pageActivity } from '~/models/activity.server';
import { getSettings, updateSettings } from '~/models/settings.server';
import { createUser, listUsers, resetPassword, setUserDisabled } from '~/models/users.server';
import { resetPasswordSchema, userRegistrationSchema } from '~/schemas/auth';
import { settingsSchema } from '~/schemas/settings';
import { adminAction, intent } from '~/web/admin-page.server';
import { requireUser, sessionToken } from '~/web/auth.server';
import { requireId } from '~/web/id-param';
import { titled } from '~/ui/meta';
import { useListPage } from '~/ui/use-list-page';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Settings');

const BASE = '/settings';
const ADMIN_ONLY = 'Only an administrator can change settings and users.';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [settings, users] = await Promise.all([getSettings(), listUsers()]);
  // Activity (the audit log) is for administrators only, like GET /api/activity; ?page=N pages it.
  const activity = user.isAdmin ? await pageActivity(Number(new URL(request.url).searchParams.get('page')) || 1) : null;
  // The newest file in the backups folder, for administrators (docs/decisions/114-backups.md).
  const backups = user.isAdmin ? backupStatus() : null;
  return { isAdmin: user.isAdmin, currentUserId: user.id, settings, users, activity, backups };
}

function backupStatus() {
  const last = latestBackup(backupDir());
  let everyHours: number | null = null;
  try {
    everyHours = backupEveryHours();
  } catch {
    // The server refuses to start with a BACKUP_EVERY_HOURS it cannot read, so this is never reached in use.
  }
  return { last: last ? { name: last.name, at: last.at.toISOString() } : null, everyHours };
}

const SECRET_FIELDS = ['password', 'confirmPassword'];

function userIdOf(form: FormData): number {
  return requireId(form.get('userId'), 'User is required');
}

/** Disable / Enable on a user's row (docs/product/accounts.md#ending-sessions). */
function disableIntent(disabled: boolean) {
  return intent({
    admin: ADMIN_ONLY,
    run: async ({ actor, form, done }) => {
      const user = await setUserDisabled(actor, userIdOf(form), disabled);
      return done(
        disabled
          ? { title: 'User disabled', description: `${user.username} can no longer sign in.` }
          : { title: 'User enabled', description: `${user.username} can sign in again.` },
      );
    },
  });
}

/** Three forms, all for administrators only: enforced here, not only by the disabled form. */
export async function action({ request }: ActionFunctionArgs) {
  return adminAction(request, {
    back: BASE,
    intents: {
      settings: intent({
        schema: settingsSchema,
        admin: ADMIN_ONLY,
        run: async ({ actor, value, done }) => {
          await updateSettings(value, actor);
          return done('Settings updated successfully');
        },
      }),
      'add-user': intent({
        schema: userRegistrationSchema,
        admin: ADMIN_ONLY,
        hideFields: SECRET_FIELDS,
        run: async ({ actor, value, done }) => {
          // confirmPassword is only for the form (docs/product/privacy-and-access.md#adding-a-user); the model gets
          // the user fields.
          const { confirmPassword: _confirm, ...fields } = value;
          const created = await createUser({ ...fields, isAdmin: fields.isAdmin ?? false }, actor);
          return done({ title: 'User created successfully', description: `${created.username} can now sign in.` });
        },
      }),
      'reset-password': intent({
        schema: resetPasswordSchema,
        admin: ADMIN_ONLY,
        hideFields: SECRET_FIELDS,
        run: async ({ actor, value, request, done }) => {
          // Ends the user's sessions; resetting one's own password keeps this browser signed in.
          await resetPassword(value.userId, value.password, actor, (await sessionToken(request)) ?? undefined);
          return done({ title: 'Password reset successfully' });
        },
      }),
      'disable-user': disableIntent(true),
      'enable-user': disableIntent(false),
    },
  });
}

const backupTime = new Intl.DateTimeFormat('en-US', { timeZone: LEAGUE_TZ, dateStyle: 'medium', timeStyle: 'short' });

export default function SettingsPage() {
  const { isAdmin, currentUserId, settings, users, activity, backups } = useLoaderData<typeof loader>();
  const { dialog, rowFor, resultFor, messageFor } = useListPage({
    rows: users,
    actionData: useActionData<typeof action>(),
  });
  const resetting = rowFor('reset');
  const userMessage = messageFor('disable-user') ?? messageFor('enable-user');

  return (
    <div className="space-y-6">
      <PageHeader title="Settings" />
      {!isAdmin ? (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          You can view the settings. {ADMIN_ONLY}
        </p>
      ) : null}

      <section className="rounded-lg border bg-white p-6 shadow-sm" aria-labelledby="league-heading">
        <h2 id="league-heading" className="mb-4 text-lg font-semibold">
          League
        </h2>
        <SettingsForm settings={settings} lastResult={resultFor('settings')} disabled={!isAdmin} />
      </section>

      <section className="space-y-4" aria-labelledby="users-heading">
        <SectionHeader
          id="users-heading"
          title="Users"
          add={isAdmin ? { to: '?action=new-user', label: 'Add User' } : null}
        />
        {userMessage ? (
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            {userMessage}
          </p>
        ) : null}
        <DataTable headers={['Username', 'Name', 'Email', 'Role', 'Status', 'Actions']}>
          {users.map((u) => (
            <tr key={u.id}>
              <Td className="font-medium">{u.username}</Td>
              <Td>
                {u.firstName} {u.lastName}
              </Td>
              <Td>{u.email}</Td>
              <Td>{u.isAdmin ? 'Administrator' : 'User'}</Td>
              <Td>{u.disabled ? 'Disabled' : 'Active'}</Td>
              <Td>
                <div className="flex flex-wrap gap-2">
                  {isAdmin ? (
                    <Link
                      to={`?reset=${u.id}`}
                      preventScrollReset
                      className={buttonClass('secondary', 'sm')}
                      aria-label={`Reset password of ${u.username}`}
                    >
                      Reset Password
                    </Link>
                  ) : null}
                  {u.id === currentUserId ? (
                    <SignOutEverywhereButton />
                  ) : isAdmin ? (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="intent" value={u.disabled ? 'enable-user' : 'disable-user'} />
                      <input type="hidden" name="userId" value={u.id} />
                      <button
                        type="submit"
                        className={buttonClass(u.disabled ? 'secondary' : 'destructive', 'sm')}
                        aria-label={`${u.disabled ? 'Enable' : 'Disable'} ${u.username}`}
                      >
                        {u.disabled ? 'Enable' : 'Disable'}
                      </button>
                    </Form>
                  ) : null}
                </div>
              </Td>
            </tr>
          ))}
        </DataTable>
      </section>

      {backups ? (
        <section id="backups" className="rounded-lg border bg-white p-6 shadow-sm" aria-labelledby="backups-heading">
          <h2 id="backups-heading" className="mb-2 text-lg font-semibold">
            Backups
          </h2>
          <p>
            {backups.last ? (
              <>
                Last backup: <time dateTime={backups.last.at}>{backupTime.format(new Date(backups.last.at))}</time> (
                <span className="font-mono text-sm">{backups.last.name}</span>)
              </>
            ) : (
              'No backup yet'
            )}
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {backups.everyHours
              ? `The server backs up every ${backups.everyHours} hour${backups.everyHours === 1 ? '' : 's'} and keeps the last 14.`
              : 'Automatic backups are off: set BACKUP_EVERY_HOURS, or run npm run backup (see the README).'}
          </p>
        </section>
      ) : null}

      {activity ? (
        <section id="activity" className="space-y-4" aria-labelledby="activity-heading">
          <h2 id="activity-heading" className="text-lg font-semibold">
            Activity
          </h2>
          <ActivityList activity={activity} base={BASE} />
        </section>
      ) : null}

      {dialog === 'new-user' ? (
        <UrlDialog title="Add User" description="Create an account that can sign in to the dashboard." closeTo={BASE}>
          <AddUserForm lastResult={resultFor('add-user')} closeTo={BASE} />
        </UrlDialog>
      ) : null}
      {resetting !== undefined ? (
        <UrlDialog
          title="Reset Password"
          description={resetting ? `Set a new password for ${resetting.username}.` : undefined}
          closeTo={BASE}
        >
          {resetting ? (
            <ResetPasswordForm
              key={resetting.id}
              userId={resetting.id}
              lastResult={resultFor('reset-password')}
              closeTo={BASE}
            />
          ) : (
            <p>User not found.</p>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="settings" />;
}
