import type { ActionFunctionArgs } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { newCalendarLink } from '~/features/my-league/my-calendar.server';
import { requireGolfer } from '~/web/golfer-session.server';
import { failureInit, siteOrigin } from '~/web/http.server';
import { publicAction } from '~/web/public-page.server';

/** Nothing to show here: the calendar's section is on /me. */
export function loader() {
  return redirect('/me');
}

/**
 * POST /me/calendar, 'New calendar link' on /me (docs/product/my-league.md#my-calendar): a new private address for
 * the golfer's calendar; the old one answers 404 from now on. Back to /me with a toast.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { golferId } = await requireGolfer(request);
  return publicAction(request, {
    maxBytes: 1_000,
    run: async ({ done }) => {
      await newCalendarLink(golferId, siteOrigin(request));
      return done('/me', {
        title: 'New calendar link',
        description: 'The old link no longer works: add the new one to your calendar app.',
      });
    },
    // A resource route: its failure is JSON with the failure's status, as the JSON API answers one.
    failed: (failure) => Response.json({ message: failure.message }, failureInit(failure)),
  });
}
