import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Notice } from '~/ui/notice';
import { Button, buttonClass } from '~/ui/primitives/button';
import { getUnsubscribeState, resubscribe, unsubscribe } from '~/features/league-messages/league-messages.server';
import { failureInit, failureOf, type DataAnswer } from '~/web/http.server';
import { publicAction, publicIntent } from '~/web/public-page.server';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'Unsubscribe'),
  { name: 'robots', content: 'noindex' },
];

type Answer =
  | { state: 'found'; maskedEmail: string | null; unsubscribed: boolean; changed?: 'unsubscribed' | 'resubscribed' }
  | { state: 'failed'; status: number; message: string };

/** A token that is not ours (unknown, mistyped, tampered with) is a 404 page in the site's words; nothing changes. */
async function answer(
  run: () => Promise<Omit<Extract<Answer, { state: 'found' }>, 'state'>>,
): Promise<Answer | DataAnswer<Answer>> {
  try {
    return { state: 'found', ...(await run()) };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return data<Answer>({ state: 'failed', status: failure.status, message: failure.message }, failureInit(failure));
  }
}

/**
 * The golfer's own unsubscribe page (docs/product/email.md#unsubscribing). Opening it changes nothing (mail scanners
 * open links); the button, or a mail program's one-click POST (RFC 8058, body `List-Unsubscribe=One-Click`), does.
 */
export function loader({ params }: LoaderFunctionArgs) {
  return answer(() => getUnsubscribeState(params.token ?? ''));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? '';
  return publicAction(request, {
    maxBytes: 10_000,
    // The page's button names no intent, nor does a mail program's one-click POST: both unsubscribe.
    fallback: 'unsubscribe',
    unknown: 'Unknown action.',
    intents: {
      unsubscribe: publicIntent({
        run: async (): Promise<Answer> => ({ state: 'found', ...(await unsubscribe(token)), changed: 'unsubscribed' }),
      }),
      resubscribe: publicIntent({
        run: async (): Promise<Answer> => ({ state: 'found', ...(await resubscribe(token)), changed: 'resubscribed' }),
      }),
    },
    failed: (failure): Answer => ({ state: 'failed', status: failure.status, message: failure.message }),
  });
}

const at = (maskedEmail: string | null) => (maskedEmail ? ` at ${maskedEmail}` : '');

export default function UnsubscribePage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const page = posted ?? loaded;
  const busy = useIsPending();

  if (page.state === 'failed') {
    const notFound = page.status === 404;
    return (
      <div className="mx-auto max-w-lg space-y-4 rounded-lg border bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-slate-900">{notFound ? 'Link not found' : 'Something is wrong'}</h1>
        <p className="text-slate-700">
          {notFound
            ? 'This unsubscribe link is not valid. It may have been cut short when it was copied: use the link at the bottom of the latest email from the league, or ask the league administrator to take you off the list.'
            : page.message}
        </p>
        <Link to="/join" className={buttonClass('secondary')}>
          Back to the league home page
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-lg space-y-4 rounded-lg border bg-white p-6 shadow-sm">
      {page.unsubscribed ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">You are unsubscribed</h1>
          <Notice tone="success" title={`You will no longer receive league messages${at(page.maskedEmail)}.`}>
            Receipts and tee-time confirmations for your own registration still come.
          </Notice>
          <Form method="post" className="space-y-2">
            <input type="hidden" name="intent" value="resubscribe" />
            <p className="text-sm text-slate-600">Unsubscribed by mistake?</p>
            <Button type="submit" variant="secondary" disabled={busy}>
              {busy ? 'Saving...' : 'Subscribe again'}
            </Button>
          </Form>
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-slate-900">Unsubscribe from league messages</h1>
          {page.changed === 'resubscribed' ? (
            <Notice tone="success" title={`You will receive league messages${at(page.maskedEmail)} again.`} />
          ) : null}
          <p className="text-slate-700">
            Stop the messages the league&rsquo;s administrators send to golfers{at(page.maskedEmail)}? Receipts and
            tee-time confirmations for your own registration still come.
          </p>
          <Form method="post">
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Unsubscribe'}
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}
