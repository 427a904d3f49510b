import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { DataTable, Td } from '~/ui/data-table';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { Pager } from '~/ui/pager';
import { RouteError } from '~/ui/route-error';
import { Button } from '~/ui/primitives/button';
import { UrlDialog } from '~/ui/primitives/dialog';
import { Spinner } from '~/ui/primitives/spinner';
import { UrlTabs } from '~/ui/url-tabs';
import { NotFoundError } from '~/domain/errors';
import { formatLeagueDateTime } from '~/domain/season';
import { listOutbox, requireOutboxMessage, retryMessage } from '~/models/outbox.server';
import { adminAction, intent } from '~/web/admin-page.server';
import { requireAdmin } from '~/web/auth.server';
import { pageHandler } from '~/web/http.server';
import { idParam } from '~/web/id-param';
import { listUrl, withParam } from '~/ui/list-url';
import { titled } from '~/ui/meta';
import { outboxQuery } from '~/web/outbox-query.server';
import { redirectWithToast } from '~/web/session.server';
import { useIsPending } from '~/ui/use-is-pending';
import { useListPage } from '~/ui/use-list-page';
import { ABSENT } from '~/domain/format';
import { formatPhone } from '~/domain/texts';

/** A text's number as people read it; an email's address as it is. */
const shownTo = <M extends { channel: string; toAddress: string }>(m: M) => ({
  ...m,
  toAddress: m.channel === 'text' ? formatPhone(m.toAddress) : m.toAddress,
});

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Outbox');

/** The parameters that shape the list and survive opening and closing a message. */
const LIST_PARAMS = ['status', 'page'];
const ADMIN_ONLY = 'Only an administrator can read the outbox';

const STATUS_TABS = [
  { id: 'all', label: 'All' },
  { id: 'queued', label: 'Queued' },
  { id: 'sent', label: 'Sent' },
  { id: 'delivered', label: 'Delivered' },
  { id: 'failed', label: 'Failed' },
  { id: 'not-sent', label: 'Not sent' },
] as const;

const KIND_LABELS: Record<string, string> = {
  receipt: 'Receipt',
  'tee-time': 'Tee-time confirmation',
  league: 'League message',
  reminder: 'Payment reminder',
  'contact-change': 'Contact change',
  'sub-offer': 'Spot offered to a sub',
  'sub-spot': 'Spot taken by a sub',
  playoffs: 'Playoff field',
  'sign-in': 'Sign-in code',
  availability: "'Are you in?' reminder",
  'game-day': 'Game-day email',
  recap: 'Results recap',
  digest: "Administrators' digest",
  'text-code': 'Code to turn texts on',
  'rain-out': 'Rain-out',
  'rain-out-undone': 'Not rained out after all',
  notice: 'Urgent notice',
};

/** How a message goes (docs/decisions/175-texts-through-twilio.md). */
const CHANNEL_LABELS: Record<string, string> = { email: 'Email', text: 'Text' };

function statusLabel(status: string): string {
  return STATUS_TABS.find((tab) => tab.id === status)?.label ?? status;
}

/** 'Not sent: no mail server configured', 'Failed: 550 mailbox unavailable', 'Sent'. */
function statusText(status: string, lastError: string | null): string {
  const label = statusLabel(status);
  if (!lastError) return label;
  return lastError.toLowerCase().startsWith(label.toLowerCase()) ? lastError : `${label}: ${lastError}`;
}

const canRetry = (status: string) => status === 'failed' || status === 'not-sent';

const when = (date: string | Date) => formatLeagueDateTime(date, 'MMM d, yyyy h:mm a');

/**
 * The outbox (docs/product/email.md#outbox-screen), newest first, 50 a page, optionally of one status; ?view=ID shows
 * one message. Administrators only: it holds every golfer's address and the messages' text.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    await requireAdmin(request, ADMIN_ONLY);
    const url = new URL(request.url);
    const query = outboxQuery(url);
    const view = url.searchParams.get('view');
    const [outbox, viewing] = await Promise.all([
      listOutbox(query),
      view === null
        ? undefined
        : requireOutboxMessage(idParam(view, 'message id')).catch((error: unknown) => {
            if (error instanceof NotFoundError) return null;
            throw error;
          }),
    ]);
    return data(
      {
        status: query.status ?? 'all',
        outbox: { ...outbox, rows: outbox.rows.map(shownTo) },
        viewing: viewing ? shownTo(viewing) : viewing,
      },
      { status: viewing === null ? 404 : 200 },
    );
  });
}

export async function action({ request }: ActionFunctionArgs) {
  return adminAction(request, {
    back: listUrl(new URL(request.url), [...LIST_PARAMS, 'view']),
    intents: {
      retry: intent({
        admin: 'Only an administrator can retry messages',
        run: async ({ actor, form, done }) => {
          const id = form.get('id');
          await retryMessage(idParam(typeof id === 'string' ? id : undefined, 'message id'), actor);
          return done({ title: 'Message queued again' });
        },
        failed: (failure, { back, request }) =>
          redirectWithToast(
            back,
            { type: 'error', title: 'Error', description: `Failed to retry message: ${failure.message}` },
            {},
            request,
          ),
      }),
    },
  });
}

function RetryButton({ id, label }: { id: number; label: string }) {
  const retrying = useIsPending({ intent: 'retry' });
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="retry" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="secondary" size="sm" disabled={retrying} aria-label={label}>
        Retry
      </Button>
    </Form>
  );
}

function StatusBadge({ status, lastError }: { status: string; lastError: string | null }) {
  const tone =
    status === 'sent' || status === 'delivered'
      ? 'bg-emerald-100 text-emerald-900'
      : status === 'queued'
        ? 'bg-slate-100 text-slate-800'
        : 'bg-red-100 text-red-900';
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${tone}`}>{statusText(status, lastError)}</span>;
}

export default function OutboxPage() {
  const { status, outbox, viewing } = useLoaderData<typeof loader>();
  const { base, params, loading } = useListPage({ rows: outbox.rows, actionData: undefined, keep: LIST_PARAMS });
  const pageCount = Math.max(1, Math.ceil(outbox.total / outbox.pageSize));
  const view = params.get('view');
  const filterBase = (id: string) => (id === 'all' ? '/outbox' : `/outbox?status=${id}`);

  return (
    <div className="space-y-4">
      <PageHeader title="Outbox">{loading ? <Spinner /> : null}</PageHeader>
      <p className="text-sm text-slate-600">
        Every email and text the site sends, newest first: receipts, tee-time confirmations, league messages, reminders,
        rain-outs and urgent notices.
      </p>
      <UrlTabs
        label="Message status"
        selected={status}
        tabs={STATUS_TABS.map((tab) => ({ id: tab.id, label: tab.label, to: filterBase(tab.id) }))}
      >
        {outbox.rows.length === 0 ? (
          <EmptyState>
            {status === 'all' ? 'No messages yet.' : `No ${statusLabel(status).toLowerCase()} messages.`}
          </EmptyState>
        ) : (
          <DataTable headers={['Sent or queued at', 'By', 'To', 'Subject', 'Kind', 'Status', 'Attempts', 'Actions']}>
            {outbox.rows.map((m) => (
              <tr key={m.id}>
                <Td>{when(m.sentAt ?? m.createdAt)}</Td>
                <Td>{CHANNEL_LABELS[m.channel] ?? m.channel}</Td>
                <Td>{m.toAddress}</Td>
                <Td className="max-w-xs truncate whitespace-normal font-medium">
                  <Link to={withParam(base, 'view', m.id)} preventScrollReset className="text-emerald-800 underline">
                    {m.subject}
                  </Link>
                </Td>
                <Td>{KIND_LABELS[m.kind] ?? m.kind}</Td>
                <Td className="whitespace-normal">
                  <StatusBadge status={m.status} lastError={m.lastError} />
                </Td>
                <Td>{m.attempts}</Td>
                <Td>
                  {canRetry(m.status) ? <RetryButton id={m.id} label={`Retry message to ${m.toAddress}`} /> : null}
                </Td>
              </tr>
            ))}
          </DataTable>
        )}
      </UrlTabs>
      <Pager
        base={listUrl(`/outbox${status === 'all' ? '' : `?status=${status}`}`, ['status'])}
        list={{ ...outbox, pageCount }}
        noun="messages"
      />

      {view !== null ? (
        <UrlDialog title="Message" closeTo={base} className="max-w-3xl">
          {viewing && String(viewing.id) === view ? (
            <MessageView message={viewing} />
          ) : viewing === null && !loading ? (
            <p>Message not found.</p>
          ) : (
            <p>Loading…</p>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}

type Viewed = NonNullable<SerializeFrom<typeof loader>['viewing']>;

function MessageView({ message }: { message: Viewed }) {
  const rows: [string, React.ReactNode][] = [
    ['Subject', message.subject],
    ['By', CHANNEL_LABELS[message.channel] ?? message.channel],
    ['To', message.toAddress],
    ['Kind', KIND_LABELS[message.kind] ?? message.kind],
    ['Status', statusText(message.status, message.lastError)],
    ['Attempts', message.attempts],
    ['Queued at', when(message.createdAt)],
    ['Sent at', message.sentAt ? when(message.sentAt) : ABSENT],
    ...(message.deliveredAt ? ([['Delivered at', when(message.deliveredAt)]] as [string, string][]) : []),
    ...Object.entries(message.headers).map(([name, value]): [string, string] => [name, value]),
  ];
  if (message.attachments.length)
    rows.push(['Attachments', message.attachments.map((a) => `${a.filename} (${a.contentType})`).join(', ')]);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="break-all text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {canRetry(message.status) ? (
        <RetryButton id={message.id} label={`Retry message to ${message.toAddress}`} />
      ) : null}
      <section>
        <h3 className="text-sm font-semibold text-slate-900">Text</h3>
        <pre className="mt-1 max-h-80 overflow-auto whitespace-pre-wrap rounded border bg-slate-50 p-3 text-sm">
          {message.text}
        </pre>
      </section>
      {message.channel === 'text' ? null : (
        <section>
          <h3 className="text-sm font-semibold text-slate-900">HTML</h3>
          {/* The message's HTML in a sandbox (no scripts, no access to this page), never in the page itself. */}
          <iframe
            title="HTML version of the message"
            sandbox=""
            srcDoc={message.html}
            className="mt-1 h-80 w-full rounded border bg-white"
          />
        </section>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <RouteError what="the outbox" />;
}
