import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { JOB_NAMES, isJob } from '~/domain/automation';
import { InvalidError } from '~/domain/errors';
import { formatCount } from '~/domain/format';
import {
  automationOverview,
  sendNow,
  setAutomationEnabled,
  setAutomationSchedule,
} from '~/features/automation/run-jobs.server';
import { mailOrigin } from '~/features/notifications/messages.server';
import { jobEnabledSchema, jobScheduleSchema } from '~/schemas/automation';
import { JobScheduleForm } from '~/ui/automation-form';
import { DataTable, Td } from '~/ui/data-table';
import { titled } from '~/ui/meta';
import { Notice } from '~/ui/notice';
import { PageHeader } from '~/ui/page-header';
import { Button, buttonClass } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { RouteError } from '~/ui/route-error';
import { useIsPending } from '~/ui/use-is-pending';
import { adminAction, intent } from '~/web/admin-page.server';
import { requireUser } from '~/web/auth.server';
import { answerKeys } from '~/web/automation-clock.server';
import { pageHandler, siteOrigin } from '~/web/http.server';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Automation');

const ADMIN_ONLY = 'Only an administrator can change the automatic emails';

/** The job a form names, or a 400. */
function jobOf(form: FormData): string {
  const job = form.get('job');
  if (typeof job !== 'string' || !isJob(job)) throw new InvalidError('Choose a job');
  return job;
}

/**
 * /automation (docs/product/automation.md, docs/product/screens-admin.md#automation): the league's scheduled jobs,
 * each with On/Off, its schedule (?edit=JOB), its last and next run, and 'Send now' for its night (?send=JOB asks
 * first).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    await requireUser(request);
    return { jobs: await automationOverview() };
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return adminAction(request, {
    back: '/automation',
    intents: {
      toggle: intent({
        schema: jobEnabledSchema,
        admin: ADMIN_ONLY,
        invalid: 'Choose On or Off',
        run: async ({ value, form, actor, done }) => {
          const job = jobOf(form);
          await setAutomationEnabled(job, value.enabled, actor);
          return done({ title: `${JOB_NAMES[job as keyof typeof JOB_NAMES]} is ${value.enabled ? 'on' : 'off'}` });
        },
      }),
      schedule: intent({
        schema: jobScheduleSchema,
        admin: ADMIN_ONLY,
        run: async ({ value, form, actor, done }) => {
          const job = jobOf(form);
          await setAutomationSchedule(job, value, actor);
          return done({ title: 'Schedule saved' });
        },
      }),
      send: intent({
        admin: ADMIN_ONLY,
        run: async ({ form, request, done }) => {
          const sent = await sendNow(jobOf(form), {
            origin: mailOrigin(siteOrigin(request)),
            keys: answerKeys(),
            now: new Date(),
          });
          return done({
            title: `${sent.name} queued for ${formatCount(sent.queued)} ${sent.queued === 1 ? 'person' : 'people'}`,
            description: sent.night,
          });
        },
      }),
    },
  });
}

export default function AutomationPage() {
  const { jobs } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const editing = jobs.find((j) => j.job === params.get('edit'));
  const sending = jobs.find((j) => j.job === params.get('send'));
  const toggling = useIsPending({ intent: 'toggle' });
  const sendPending = useIsPending({ intent: 'send' });
  return (
    <div className="space-y-4">
      <PageHeader title="Automation" />
      <p className="text-sm text-slate-600">
        Emails the site sends on its own around each league night (Detroit time). Each golfer gets each email once a
        night.
      </p>
      {actionData?.message && !sending ? <Notice tone="error" title={actionData.message} /> : null}
      <DataTable headers={['Job', 'On/Off', 'Schedule', 'Last run', 'Next run', 'Actions']}>
        {jobs.map((job) => (
          <tr key={job.job}>
            <Td className="font-medium">{job.name}</Td>
            <Td>
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="intent" value="toggle" />
                <input type="hidden" name="job" value={job.job} />
                <input type="hidden" name="enabled" value={job.enabled ? 'off' : 'on'} />
                <span className={job.enabled ? 'font-semibold text-emerald-800' : 'text-slate-600'}>
                  {job.enabled ? 'On' : 'Off'}
                </span>
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  disabled={toggling}
                  aria-label={`${job.enabled ? 'Turn off' : 'Turn on'} ${job.name}`}
                >
                  {job.enabled ? 'Turn off' : 'Turn on'}
                </Button>
              </Form>
            </Td>
            <Td className="whitespace-normal">{job.schedule}</Td>
            <Td className="whitespace-normal">
              {job.lastRun ? (
                <>
                  {job.lastRun.when}, for {job.lastRun.night}:{' '}
                  {job.lastRun.status === 'skipped'
                    ? `skipped (${job.lastRun.reason})`
                    : job.lastRun.status === 'running'
                      ? `running, ${formatCount(job.lastRun.queued)} queued so far`
                      : `${formatCount(job.lastRun.queued)} email${job.lastRun.queued === 1 ? '' : 's'} queued`}
                </>
              ) : (
                'Never'
              )}
            </Td>
            <Td className="whitespace-normal">
              {job.nextRun ? `${job.nextRun.when}, for ${job.nextRun.night}` : job.enabled ? 'No night ahead' : 'Off'}
            </Td>
            <Td>
              <div className="flex flex-wrap gap-2">
                <Link
                  to={`/automation?edit=${job.job}`}
                  preventScrollReset
                  className={buttonClass('secondary', 'sm')}
                  aria-label={`Edit schedule of ${job.name}`}
                >
                  Edit schedule
                </Link>
                {job.sendNight ? (
                  <Link
                    to={`/automation?send=${job.job}`}
                    preventScrollReset
                    className={buttonClass('secondary', 'sm')}
                    aria-label={`Send ${job.name} now`}
                  >
                    Send now
                  </Link>
                ) : null}
              </div>
            </Td>
          </tr>
        ))}
      </DataTable>

      {params.has('edit') ? (
        <UrlDialog title={editing ? `Schedule: ${editing.name}` : 'Schedule'} closeTo="/automation">
          {editing ? (
            <JobScheduleForm
              job={editing.job}
              name={editing.name}
              daysBefore={editing.daysBefore}
              time={editing.time}
              lastResult={actionData?.intent === 'schedule' ? actionData.result : undefined}
              closeTo="/automation"
            />
          ) : (
            <p>Job not found.</p>
          )}
        </UrlDialog>
      ) : null}

      {params.has('send') ? (
        <UrlDialog title={sending ? `Send ${sending.name} now?` : 'Send now'} closeTo="/automation">
          {sending?.sendNight ? (
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="send" />
              <input type="hidden" name="job" value={sending.job} />
              <p>
                The {sending.name} for {sending.sendNight.night} goes now to everyone it is for who has not had it yet.
              </p>
              {actionData?.intent === 'send' && actionData.message ? (
                <Notice tone="info" title={actionData.message} />
              ) : null}
              <div className="flex justify-end gap-2">
                <Link to="/automation" preventScrollReset className={buttonClass('secondary')}>
                  Cancel
                </Link>
                <Button type="submit" disabled={sendPending}>
                  {sendPending ? 'Sending...' : 'Send now'}
                </Button>
              </div>
            </Form>
          ) : (
            <p>There is no league night to send it for.</p>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="the automatic emails" />;
}
