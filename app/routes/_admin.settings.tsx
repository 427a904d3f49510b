import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { json } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { DataTable, Td } from '~/components/data-table';
import { PageHeader } from '~/components/page-header';
import { RouteError } from '~/components/route-error';
import { SettingsForm } from '~/components/settings-form';
import { buttonClass } from '~/components/ui/button';
import { UrlDialog } from '~/components/ui/dialog';
import { AddUserForm, ResetPasswordForm } from '~/components/user-forms';
import { getSettings, updateSettings } from '~/models/settings.server';
import { createUser, listUsers, resetPassword } from '~/models/users.server';
import { resetPasswordSchema, userRegistrationSchema } from '~/schemas/auth';
import { settingsSchema } from '~/schemas/settings';
import { requireUser } from '~/utils/auth.server';
import { HttpError, readSmallForm } from '~/utils/http.server';
import { titled } from '~/utils/meta';
import { redirectWithToast } from '~/utils/session.server';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Settings');

const BASE = '/settings';
const ADMIN_ONLY = 'Only an administrator can change settings and users.';

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [settings, users] = await Promise.all([getSettings(), listUsers()]);
  return json({ isAdmin: user.isAdmin, currentUserId: user.id, settings, users });
}

const INTENTS = ['settings', 'add-user', 'reset-password'] as const;
type Intent = (typeof INTENTS)[number];
const isIntent = (v: unknown): v is Intent => (INTENTS as readonly unknown[]).includes(v);
const SECRET_FIELDS = ['password', 'confirmPassword'];

/** Turns a model's expected failure into the form's answer; anything else is a defect and propagates. */
function failed<R>(
  intent: Intent,
  reply: (options: { formErrors: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }) => R,
  error: unknown,
) {
  if (!(error instanceof HttpError)) throw error;
  return json(
    { intent, result: reply({ formErrors: [error.message], fieldErrors: error.errors, hideFields: SECRET_FIELDS }) },
    { status: error.status },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  let form: FormData;
  try {
    form = await readSmallForm(request, 20_000);
  } catch (error) {
    if (error instanceof HttpError)
      return redirectWithToast(BASE, { type: 'error', title: 'Error', description: error.message }, {}, request);
    throw error;
  }
  const intent = form.get('intent');
  if (!isIntent(intent)) return json({ intent: null, result: null }, { status: 400 });
  // Enforced here, not only by the disabled form: the flag decides who may change the league's set-up.
  if (!user.isAdmin) {
    const denied: SubmissionResult<string[]> = { status: 'error', error: { '': [ADMIN_ONLY] } };
    return json({ intent, result: denied }, { status: 403 });
  }

  if (intent === 'settings') {
    const submission = parseWithZod(form, { schema: settingsSchema });
    if (submission.status !== 'success') return json({ intent, result: submission.reply() }, { status: 400 });
    try {
      await updateSettings(submission.value);
    } catch (error) {
      return failed(intent, submission.reply, error);
    }
    return redirectWithToast(
      BASE,
      { type: 'success', title: 'Success', description: 'Settings updated successfully' },
      {},
      request,
    );
  }

  if (intent === 'add-user') {
    const submission = parseWithZod(form, { schema: userRegistrationSchema });
    if (submission.status !== 'success')
      return json({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
    // confirmPassword is only for the form (SPEC §5); the model gets the user fields.
    const { confirmPassword: _confirm, ...fields } = submission.value;
    let created;
    try {
      created = await createUser({ ...fields, isAdmin: fields.isAdmin ?? false });
    } catch (error) {
      return failed(intent, submission.reply, error);
    }
    return redirectWithToast(
      BASE,
      { type: 'success', title: 'User created successfully', description: `${created.username} can now sign in.` },
      {},
      request,
    );
  }

  const submission = parseWithZod(form, { schema: resetPasswordSchema });
  if (submission.status !== 'success')
    return json({ intent, result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 400 });
  try {
    await resetPassword(submission.value.userId, submission.value.password);
  } catch (error) {
    return failed(intent, submission.reply, error);
  }
  return redirectWithToast(BASE, { type: 'success', title: 'Password reset successfully' }, {}, request);
}

export default function SettingsPage() {
  const { isAdmin, settings, users } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const resetId = Number(searchParams.get('reset'));
  const resetting = searchParams.has('reset') ? (users.find((u) => u.id === resetId) ?? null) : undefined;

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
        <div className="flex items-center justify-between">
          <h2 id="users-heading" className="text-lg font-semibold">
            Users
          </h2>
          {isAdmin ? (
            <Link to="?action=new-user" preventScrollReset className={buttonClass()}>
              Add User
            </Link>
          ) : null}
        </div>
        <DataTable headers={['Username', 'Name', 'Email', 'Role', 'Actions']}>
          {users.map((u) => (
            <tr key={u.id}>
              <Td className="font-medium">{u.username}</Td>
              <Td>
                {u.firstName} {u.lastName}
              </Td>
              <Td>{u.email}</Td>
              <Td>{u.isAdmin ? 'Administrator' : 'User'}</Td>
              <Td>
                {isAdmin ? (
                  <Link
                    to={`?reset=${u.id}`}
                    preventScrollReset
                    className={buttonClass('secondary', 'sm')}
                    aria-label={`Reset password of ${u.username}`}
                  >
                    Reset Password
                  </Link>
                ) : (
                  '-'
                )}
              </Td>
            </tr>
          ))}
        </DataTable>
      </section>

      {searchParams.get('action') === 'new-user' ? (
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
  return <RouteError title="Error loading settings" backTo="/settings" />;
}
