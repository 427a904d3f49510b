import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { answerView, applyAnswer, type AnswerView } from '~/features/automation/answer.server';
import { Button, buttonClass } from '~/ui/primitives/button';
import { Notice } from '~/ui/notice';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';
import { answerKeys } from '~/web/automation-clock.server';
import { failureInit, failureOf, siteOrigin, type DataAnswer } from '~/web/http.server';
import { publicAction } from '~/web/public-page.server';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'Are you in?'),
  { name: 'robots', content: 'noindex' },
];

type Page =
  | { state: 'asking'; view: AnswerView }
  | { state: 'answered'; message: string }
  | { state: 'failed'; status: number; message: string };

/**
 * /answer/{token}: an 'I'm out' / 'I'm in' link of the 'Are you in?' email (docs/product/automation.md#are-you-in).
 * No sign-in: the signed token names the golfer, the night and the answer. Opening it changes nothing (mail scanners
 * open links, docs/decisions/082-links-in-email.md); its one button answers. A token that is not ours is a 404 page;
 * after the night's cut-off, 409 'Too late to change online: call the league administrator.'
 */
export async function loader({ params }: LoaderFunctionArgs): Promise<Page | DataAnswer<Page>> {
  try {
    return { state: 'asking', view: await answerView(params.token ?? '', answerKeys()) };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return data<Page>({ state: 'failed', status: failure.status, message: failure.message }, failureInit(failure));
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return publicAction(request, {
    maxBytes: 1_000,
    run: async (): Promise<Page> => {
      const result = await applyAnswer(params.token ?? '', answerKeys(), siteOrigin(request));
      return { state: 'answered', message: result.message };
    },
    failed: (failure): Page => ({ state: 'failed', status: failure.status, message: failure.message }),
  });
}

export default function AnswerPage() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const page = posted ?? loaded;
  const busy = useIsPending();
  const box = 'mx-auto max-w-lg space-y-4 rounded-lg border bg-white p-6 shadow-sm';
  if (page.state === 'failed')
    return (
      <div className={box}>
        <h1 className="text-2xl font-bold text-slate-900">{page.status === 404 ? 'Link not found' : 'Are you in?'}</h1>
        <Notice tone={page.status === 404 ? 'error' : 'info'} title={page.message} />
        <Link to="/schedule" className={buttonClass('secondary')}>
          League schedule
        </Link>
      </div>
    );
  if (page.state === 'answered')
    return (
      <div className={box}>
        <h1 className="text-2xl font-bold text-slate-900">Are you in?</h1>
        <Notice tone="success" title={page.message} />
        <Link to="/me/nights" className={buttonClass('secondary')}>
          My league nights
        </Link>
      </div>
    );
  const { view } = page;
  return (
    <div className={box}>
      <h1 className="text-2xl font-bold text-slate-900">Are you in?</h1>
      <p className="text-slate-700">
        {view.golferName}: {view.label}, tee time {view.time}.
      </p>
      <p className="text-slate-700">You are {view.status === 'in' ? 'In' : 'Out'} that night.</p>
      <Form method="post">
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : view.button}
        </Button>
      </Form>
    </div>
  );
}
