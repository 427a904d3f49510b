import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { NotFoundError } from '~/domain/errors';
import { automationOverview, setAutomationEnabled, setAutomationSchedule } from '~/features/automation/run-jobs.server';
import { jobEnabledSchema, jobScheduleSchema } from '~/schemas/automation';
import { requireApiAdmin, requireApiUser } from '~/web/auth.server';
import { apiHandler, methodNotAllowed, parseBody, readJson } from '~/web/http.server';

async function jobView(job: string | undefined) {
  const found = (await automationOverview()).find((j) => j.job === job);
  if (!found) throw new NotFoundError('Job not found');
  return found;
}

/** GET /api/automation/{job}: one job as GET /api/automation lists it. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json(await jobView(params.job));
  });
}

/**
 * PUT /api/automation/{job} (admin) `{ enabled }`, `{ days, direction, time }` or both: 'On'/'Off' and the schedule,
 * checked by the schema of /automation's forms; answers the job as GET does.
 */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT']);
    const user = await requireApiAdmin(request);
    await jobView(params.job);
    const job = params.job!;
    const body = await readJson(request, 10_000);
    const fields = body !== null && typeof body === 'object' ? Object.keys(body) : [];
    const scheduled = ['days', 'direction', 'time'].some((f) => fields.includes(f));
    if (!fields.includes('enabled') && !scheduled)
      parseBody(jobScheduleSchema, body, 'Send enabled, or days, direction and time');
    const enabled = fields.includes('enabled') ? parseBody(jobEnabledSchema, body, 'Invalid enabled') : null;
    const schedule = scheduled ? parseBody(jobScheduleSchema, body, 'Invalid schedule') : null;
    if (schedule) await setAutomationSchedule(job, schedule, user);
    if (enabled) await setAutomationEnabled(job, enabled.enabled, user);
    return Response.json(await jobView(job));
  });
}
