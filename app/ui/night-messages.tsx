import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { NOTICE_MAX, urgentNoticeSchema } from '~/schemas/night-notice';
import { cn } from '~/ui/cn';
import { FormAlert } from '~/ui/form-alert';
import { Notice } from '~/ui/notice';
import { Button, buttonClass } from '~/ui/primitives/button';
import { ErrorList, inputClass } from '~/ui/primitives/field';
import { zodValidation } from '~/ui/schema-form';
import { useIsPending } from '~/ui/use-is-pending';

/*
 * A night's messages on /scores (docs/product/scorecards.md#urgent-notice, docs/product/seasons.md#rain-out-in-one-press):
 * 'Rain out this night' / 'Not rained out after all' (links to the confirm page), and for tonight 'Urgent notice' with
 * the notices sent and their sends. The data is app/features/night-messages/urgent-notice.server.ts's
 * `nightMessagesView`, serialized.
 */

type Send = { golferName: string; channel: string; status: string; lastError: string | null };
type SentNotice = { id: number; text: string; createdAt: Date; createdBy: string | null; sends: Send[] };
export type NightMessagesData = {
  rainOut: { date: string; name: string; rainedOut: boolean; refusal: string | null } | null;
  noticeOpen: boolean;
  requestKey: string;
  notices: SentNotice[];
};

/** The link to the confirm page, from /scores or the season's schedule (`back`). */
export function RainOutLink({ date, rainedOut, back }: { date: string; rainedOut: boolean; back: string }) {
  return (
    <Link to={`/nights/${date}/rain-out?back=${encodeURIComponent(back)}`} className={buttonClass('secondary', 'sm')}>
      {rainedOut ? 'Not rained out after all' : 'Rain out this night'}
    </Link>
  );
}

const STATUS_WORDS: Record<string, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  'not-sent': 'Not sent',
};

export function NightMessages({
  data,
  isAdmin,
  lastResult,
}: {
  data: NightMessagesData;
  isAdmin: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const { rainOut } = data;
  if (!rainOut) return null;
  return (
    <section aria-labelledby="night-messages" className="space-y-3 rounded-md border p-3">
      <h2 id="night-messages" className="text-lg font-semibold">
        Rain-out and urgent notices
      </h2>
      {rainOut.rainedOut ? <Notice tone="warning" title={`${rainOut.name} is rained out.`} /> : null}
      {isAdmin && !rainOut.refusal ? (
        <RainOutLink date={rainOut.date} rainedOut={rainOut.rainedOut} back={`/scores?date=${rainOut.date}`} />
      ) : null}
      {isAdmin && data.noticeOpen ? (
        <UrgentNoticeForm date={rainOut.date} requestKey={data.requestKey} lastResult={lastResult} />
      ) : null}
      {data.notices.map((notice) => (
        <SentNoticeList key={notice.id} notice={notice} />
      ))}
    </section>
  );
}

function UrgentNoticeForm({
  date,
  requestKey,
  lastResult,
}: {
  date: string;
  requestKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({ id: 'urgent-notice', lastResult, ...zodValidation(urgentNoticeSchema) });
  const sending = useIsPending({ intent: 'notice' });
  return (
    <Form method="post" className="space-y-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="notice" />
      <input type="hidden" name="date" value={date} />
      <input type="hidden" name="requestKey" value={requestKey} />
      <FormAlert id={form.errorId} title="Notice not sent" messages={form.errors} />
      <label htmlFor={fields.notice.id} className="block text-sm font-medium text-slate-700">
        Urgent notice
      </label>
      <textarea
        {...getTextareaProps(fields.notice)}
        // The limit is checked with a message rather than by cutting the text off.
        maxLength={undefined}
        rows={3}
        placeholder="Frost delay: first tee time 5:42 PM"
        className={cn(inputClass, 'resize-y')}
      />
      <p className="text-xs text-slate-500">
        At most {NOTICE_MAX} characters, to tonight&rsquo;s golfers by email and by text to those with texts on.
      </p>
      <ErrorList id={fields.notice.errorId} errors={fields.notice.errors} />
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send urgent notice'}
      </Button>
    </Form>
  );
}

/** 'Sent', 'Not sent: no text provider configured', 'Failed: 30003 unreachable phone…', as /outbox words them. */
function statusText({ status, lastError }: Send): string {
  const label = STATUS_WORDS[status] ?? status;
  if (!lastError || status === 'sent' || status === 'delivered') return label;
  return lastError.toLowerCase().startsWith(label.toLowerCase()) ? lastError : `${label}: ${lastError}`;
}

function SentNoticeList({ notice }: { notice: SentNotice }) {
  return (
    <div className="space-y-1 rounded border bg-slate-50 p-2 text-sm">
      <p className="font-medium">&ldquo;{notice.text}&rdquo;</p>
      <p className="text-xs text-slate-500">{notice.createdBy ? `Sent by ${notice.createdBy}` : 'Sent'}</p>
      {notice.sends.length === 0 ? (
        <p>Nobody to send to: no golfer of tonight has an email or texts on.</p>
      ) : (
        <table className="text-sm">
          <caption className="sr-only">Sends of this notice</caption>
          <thead>
            <tr>
              <th className="px-1 text-left">Golfer</th>
              <th className="px-1 text-left">By</th>
              <th className="px-1 text-left">Status</th>
            </tr>
          </thead>
          <tbody>
            {notice.sends.map((send, i) => (
              <tr key={i}>
                <td className="px-1">{send.golferName}</td>
                <td className="px-1">{send.channel === 'text' ? 'Text' : 'Email'}</td>
                <td className="px-1">{statusText(send)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
