import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { golferNights, setAvailability, setGolferCanSub } from '~/features/subs/golfer-nights.server';
import { canSubSchema } from '~/schemas/availability';
import { CanSubSwitch, UpcomingNights } from '~/ui/availability';
import { golferAppLinks, golferAppMeta, OfflineCopyNotice, useOfflineCopy } from '~/ui/golfer-app';
import { titled } from '~/ui/meta';
import { Notice } from '~/ui/notice';
import { RouteError } from '~/ui/route-error';
import { requireGolfer } from '~/web/golfer-session.server';
import { siteOrigin } from '~/web/http.server';
import { publicAction, publicIntent } from '~/web/public-page.server';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'My league nights'),
  { name: 'robots', content: 'noindex' },
  ...golferAppMeta,
];

// A golfers' page: the phone app's manifest, and the worker's copy with no signal (decision 160).
export const links: LinksFunction = () => golferAppLinks;

/**
 * /me/nights (docs/product/availability-and-subs.md): the signed-in golfer's upcoming league nights, each In or Out
 * until the cut-off, and 'I can sub'. The sections are app/ui/availability.tsx, which /me shows too; their forms post
 * here and come back to the page they were sent from.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { golferId } = await requireGolfer(request);
  return await golferNights(golferId);
}

/** Where a form may send the golfer back to: the pages that show these sections. */
function backOf(value: FormDataEntryValue | null): string {
  return value === '/me' ? '/me' : '/me/nights';
}

export async function action({ request }: ActionFunctionArgs) {
  const { golferId } = await requireGolfer(request);
  /** In or Out on the form's night, through setAvailability: the one function a night is marked by. */
  const mark = (available: boolean) =>
    publicIntent({
      run: async ({ form, done }) => {
        const result = await setAvailability({
          golferId,
          date: typeof form.get('date') === 'string' ? (form.get('date') as string) : '',
          available,
          origin: siteOrigin(request),
        });
        return done(backOf(form.get('back')), { title: result.message });
      },
    });
  return publicAction(request, {
    maxBytes: 2_000,
    // The intent of a night's form is its answer, In or Out (availabilitySchema's words for anything else).
    unknown: 'Choose In or Out',
    intents: {
      in: mark(true),
      out: mark(false),
      'can-sub': publicIntent({
        schema: canSubSchema,
        invalid: "Tick or untick 'I can sub'",
        run: async ({ value: { canSub }, form, done }) => {
          await setGolferCanSub(golferId, canSub, null);
          return done(backOf(form.get('back')), { title: canSub ? 'You can sub' : 'You are off the sub list' });
        },
      }),
    },
    failed: (failure) => ({ error: failure.message }),
  });
}

export default function MyNightsPage() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const keptAt = useOfflineCopy();
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-4">
      <OfflineCopyNotice keptAt={keptAt} />
      <header className="space-y-1">
        <Link to="/me" className="text-sm text-emerald-800 underline">
          ← My league
        </Link>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">My league nights</h1>
        <p className="text-slate-700">{data.name}</p>
      </header>
      {failed && 'error' in failed ? <Notice tone="error" title={String(failed.error)} /> : null}
      <UpcomingNights nights={data.nights} hasTeeTime={data.hasTeeTime} cutoffInWords={data.cutoffInWords} />
      <CanSubSwitch canSub={data.canSub} />
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteError what="your league nights" />;
}
