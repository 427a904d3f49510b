import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { Notice } from '~/ui/notice';
import { Button, buttonClass } from '~/ui/primitives/button';
import { confirmContactChange, getContactChange } from '~/features/contact-changes/contact-changes.server';
import { failureInit, failureOf } from '~/web/http.server';
import { publicAction } from '~/web/public-page.server';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';

export const meta: MetaFunction = ({ matches }) => [
  ...titled(matches, 'Confirm Contact Details'),
  { name: 'robots', content: 'noindex' },
];

/**
 * /confirm-contact/{token}: the link emailed to the address on file when a returning golfer registered with other
 * contact details (docs/product/accounts.md#registration-abuse). Opening it shows the change and a Confirm button;
 * only the post applies it, so a mail scanner that opens links changes nothing (docs/decisions/096). An unknown,
 * used or expired link is a 404 page that says so.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  try {
    return { state: 'waiting' as const, change: await getContactChange(params.token ?? '') };
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return data({ state: 'invalid' as const, message: failure.message }, failureInit(failure));
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  return publicAction(request, {
    maxBytes: 10_000,
    run: async () => ({ ok: true as const, ...(await confirmContactChange(params.token ?? '')) }),
    failed: (failure) => ({ ok: false as const, message: failure.message }),
  });
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-lg space-y-4 rounded-lg border bg-white p-6 shadow-sm">
      <h1 className="text-2xl font-bold text-slate-900">Confirm Contact Details</h1>
      {children}
    </div>
  );
}

export default function ConfirmContactPage() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const saving = useIsPending({ state: 'non-idle' });

  if (result?.ok) {
    return (
      <Frame>
        <Notice tone="success" title="Your contact details have been updated.">
          {result.email ? `Email: ${result.email}. ` : ''}
          {result.phone ? `Phone: ${result.phone}.` : ''}
        </Notice>
        <Link to="/join" className={buttonClass('secondary')}>
          Back to the league
        </Link>
      </Frame>
    );
  }
  if (data.state === 'invalid') {
    return (
      <Frame>
        <Notice tone="error" title="Link not valid">
          {data.message}
        </Notice>
        <Link to="/join" className={buttonClass('secondary')}>
          Back to the league
        </Link>
      </Frame>
    );
  }
  const { change } = data;
  return (
    <Frame>
      <p className="text-slate-700">
        Hello {change.firstName}. Someone registering you for the league asked to change the contact details we have on
        file{change.onFile ? ` (${change.onFile})` : ''} to:
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {change.email ? (
          <>
            <dt className="font-medium">Email</dt>
            <dd>{change.email}</dd>
          </>
        ) : null}
        {change.phone ? (
          <>
            <dt className="font-medium">Phone</dt>
            <dd>{change.phone}</dd>
          </>
        ) : null}
      </dl>
      {result && !result.ok ? (
        <Notice tone="error" title="Your contact details were not changed.">
          {result.message}
        </Notice>
      ) : null}
      <Form method="post" className="flex flex-wrap gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : 'Confirm Change'}
        </Button>
        <Link to="/join" className={buttonClass('ghost')}>
          It was not me: keep my details
        </Link>
      </Form>
    </Frame>
  );
}
