import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { rainOutView, setNightRainedOut } from '~/features/night-messages/rain-out.server';
import { FormAlert } from '~/ui/form-alert';
import { titled } from '~/ui/meta';
import { Notice } from '~/ui/notice';
import { PageHeader } from '~/ui/page-header';
import { Button, buttonClass } from '~/ui/primitives/button';
import { RouteError } from '~/ui/route-error';
import { useIsPending } from '~/ui/use-is-pending';
import { adminAction, intent } from '~/web/admin-page.server';
import { requireUser } from '~/web/auth.server';
import { pageHandler } from '~/web/http.server';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Rain out this night');

const ADMIN_ONLY = 'Only an administrator can rain out a night';

/**
 * The confirm page of 'Rain out this night' and 'Not rained out after all' (docs/product/seasons.md#rain-out-in-one-press,
 * docs/decisions/176-rain-out-in-one-press.md), linked from /scores and the season's schedule: it says who is told,
 * and its one button posts. A page rather than a browser dialog, so it works without JavaScript. `back` is where the
 * buttons return: a path of this site (/scores?date=… or /seasons/{year}), else /scores for the night.
 */
function backOf(url: URL, date: string): string {
  const back = url.searchParams.get('back') ?? '';
  return /^\/(scores|seasons)\b[^\s]*$/.test(back) && !back.startsWith('//') ? back : `/scores?date=${date}`;
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    await requireUser(request);
    const date = params.date ?? '';
    const view = await rainOutView(date);
    return { view, back: backOf(new URL(request.url), date) };
  });
}

export function action({ request, params }: ActionFunctionArgs) {
  return pageHandler(() => {
    const date = params.date ?? '';
    const back = backOf(new URL(request.url), date);
    const run = (rainOut: boolean) =>
      intent({
        admin: ADMIN_ONLY,
        run: async ({ actor, done }) => {
          const outcome = await setNightRainedOut({ date, rainOut, actor });
          const name = (await rainOutView(date)).name;
          if (!outcome.changed)
            return done({
              title: rainOut ? `${name} was already rained out` : `${name} was not rained out`,
              description: 'Nothing was sent again.',
            });
          const told = `${outcome.golfers} golfer${outcome.golfers === 1 ? '' : 's'} told: ${outcome.emails} email${outcome.emails === 1 ? '' : 's'}, ${outcome.texts} text${outcome.texts === 1 ? '' : 's'}.`;
          return done({ title: rainOut ? `${name} is rained out` : `${name} is on after all`, description: told });
        },
      });
    return adminAction(request, { back, intents: { 'rain-out': run(true), 'undo-rain-out': run(false) } });
  });
}

export default function RainOutPage() {
  const { view, back } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const pending = useIsPending();
  const golfers = `${view.golfers} golfer${view.golfers === 1 ? '' : 's'}`;
  return (
    <div className="max-w-xl space-y-4">
      <PageHeader title={view.rainedOut ? 'Not rained out after all' : 'Rain out this night'} />
      <p className="text-sm text-slate-600">
        {view.name}: {view.event}
      </p>
      <FormAlert title="Not saved" messages={failed?.message ? [failed.message] : null} />
      {view.refusal ? (
        <Notice tone="warning" title={view.refusal} />
      ) : (
        <Form method="post" className="space-y-4 rounded-md border bg-white p-4">
          <input type="hidden" name="intent" value={view.rainedOut ? 'undo-rain-out' : 'rain-out'} />
          <p className="text-lg font-semibold">
            {view.rainedOut
              ? `Tell ${golfers} that ${view.name} is not rained out after all?`
              : `Tell ${golfers} that ${view.name} is rained out?`}
          </p>
          <p className="text-sm text-slate-600">
            {view.rainedOut
              ? 'They get one correction, by email and by text to those with texts on. The night is back on the calendars.'
              : 'Each gets an email, and a text if their texts are on, with the next league night. Its sub offers end, its cards close and the calendars show it cancelled.'}
          </p>
          <div className="flex gap-2">
            <Button type="submit" disabled={pending}>
              {pending ? 'Sending...' : view.rainedOut ? 'Not rained out after all' : 'Rain out this night'}
            </Button>
            <Link to={back} className={buttonClass('secondary')}>
              Cancel
            </Link>
          </div>
        </Form>
      )}
      {view.refusal ? (
        <Link to={back} className={buttonClass('secondary')}>
          Back
        </Link>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="night" />;
}
