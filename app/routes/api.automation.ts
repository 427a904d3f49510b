import type { LoaderFunctionArgs } from '@remix-run/node';
import { automationOverview } from '~/features/automation/run-jobs.server';
import { requireApiUser } from '~/web/auth.server';
import { apiHandler, getOnlyAction } from '~/web/http.server';

/**
 * GET /api/automation: what /automation shows (docs/product/api.md#automation): each job with `enabled`, its
 * schedule (`daysBefore`, negative after the night; `time`; `schedule` in words), `lastRun`, `nextRun` and
 * `sendNight`, the night 'Send now' is for.
 */
export function loader({ request }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireApiUser(request);
    return Response.json({ jobs: await automationOverview() });
  });
}

export const action = getOnlyAction;
