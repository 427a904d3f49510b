import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { startBalancePayment } from '~/features/money/pay-balance.server';
import { setMySideGames } from '~/features/money/my-side-games.server';
import { entriesSchema } from '~/schemas/side-games';
import { titled } from '~/ui/meta';
import { MyMoney, PlaySideGames } from '~/ui/my-money';
import { Notice } from '~/ui/notice';
import { RouteError } from '~/ui/route-error';
import { requireGolfer } from '~/web/golfer-session.server';
import { siteOrigin } from '~/web/http.server';
import { myMoneyView } from '~/web/my-money-page.server';
import { publicAction, publicIntent } from '~/web/public-page.server';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'My money'),
  { name: 'robots', content: 'noindex' },
];

/**
 * /me/money (docs/product/money.md): the signed-in golfer's side games and money. /me shows the same sections; their
 * forms post here and come back to the page they were sent from. A refusal with JavaScript off shows this page with
 * the message.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { golferId } = await requireGolfer(request);
  return await myMoneyView(golferId);
}

/** Where a form may send the golfer back to: the pages that show these sections. */
function backOf(value: FormDataEntryValue | null): string {
  return value === '/me' ? '/me' : '/me/money';
}

export async function action({ request }: ActionFunctionArgs) {
  const { golferId } = await requireGolfer(request);
  return publicAction(request, {
    maxBytes: 2_000,
    unknown: 'Unknown action.',
    intents: {
      'side-games': publicIntent({
        schema: entriesSchema,
        invalid: 'Tick the side games you play',
        run: async ({ value, form, done }) => {
          const date = form.get('date');
          const { message } = await setMySideGames(golferId, typeof date === 'string' ? date : '', value);
          return done(backOf(form.get('back')), { title: 'Side games saved', description: message });
        },
      }),
      pay: publicIntent({
        run: async () => {
          const { checkoutUrl } = await startBalancePayment(golferId, siteOrigin(request));
          return redirect(checkoutUrl, 303);
        },
      }),
    },
    failed: (failure) => ({ error: failure.message }),
  });
}

export default function MyMoneyPage() {
  const data = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <main className="mx-auto max-w-3xl space-y-6 p-4">
      <header className="space-y-1">
        <Link to="/me" className="text-sm text-emerald-800 underline">
          ← My league
        </Link>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">My money</h1>
      </header>
      {failed && 'error' in failed ? <Notice tone="error" title={String(failed.error)} /> : null}
      <PlaySideGames data={data.sideGames} />
      <MyMoney data={data.money} />
      {data.money.lines.length === 0 ? <p className="text-slate-700">No side games money yet.</p> : null}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteError what="your money" />;
}
