import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { spotOffer, takeSpot, type SpotOffer } from '~/features/subs/take-spot.server';
import { Button, buttonClass } from '~/ui/primitives/button';
import { Notice } from '~/ui/notice';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';
import { failureInit, failureOf, siteOrigin, type DataAnswer } from '~/web/http.server';
import { publicAction } from '~/web/public-page.server';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'Take the spot'),
  { name: 'robots', content: 'noindex' },
];

type Answer = ({ state: 'found' } & { offer: SpotOffer }) | { state: 'failed'; status: number; message: string };

/**
 * A sub's 'Take the spot' link from the offer email (docs/product/availability-and-subs.md). No sign-in: the link's
 * token is the sub's. Opening it changes nothing (mail scanners open links); its one button takes the spot, first
 * come first served. A token that is not ours is a 404 page; a spot already taken answers 409 with 'This spot has
 * been taken. Thank you!'.
 */
export async function loader({ params }: LoaderFunctionArgs): Promise<Answer | DataAnswer<Answer>> {
  try {
    return { state: 'found', offer: await spotOffer(params.token ?? '') };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return data<Answer>({ state: 'failed', status: failure.status, message: failure.message }, failureInit(failure));
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return publicAction(request, {
    maxBytes: 1_000,
    run: async (): Promise<Answer> => ({
      state: 'found',
      offer: await takeSpot({ token: params.token ?? '', origin: siteOrigin(request) }),
    }),
    failed: (failure): Answer => ({ state: 'failed', status: failure.status, message: failure.message }),
  });
}

export default function TakeSpotPage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const page = posted ?? loaded;
  const busy = useIsPending();
  const box = 'mx-auto max-w-lg space-y-4 rounded-lg border bg-white p-6 shadow-sm';
  if (page.state === 'failed') {
    return (
      <div className={box}>
        <h1 className="text-2xl font-bold text-slate-900">
          {page.status === 404 ? 'Link not found' : 'Take the spot'}
        </h1>
        <Notice tone={page.status === 404 ? 'error' : 'info'} title={page.message} />
        <Link to="/schedule" className={buttonClass('secondary')}>
          League schedule
        </Link>
      </div>
    );
  }
  const { offer } = page;
  return (
    <div className={box}>
      <h1 className="text-2xl font-bold text-slate-900">Take the spot</h1>
      <p className="text-slate-700">
        {offer.label} at {offer.time}, for {offer.subName}.
      </p>
      {offer.state === 'open' ? (
        <Form method="post">
          <Button type="submit" disabled={busy}>
            {busy ? 'Taking the spot...' : 'Take the spot'}
          </Button>
        </Form>
      ) : (
        <Notice tone={offer.state === 'yours' ? 'success' : 'info'} title={offer.message} />
      )}
    </div>
  );
}
