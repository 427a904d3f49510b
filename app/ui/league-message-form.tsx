import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { FormAlert } from '~/ui/form-alert';
import { Notice } from '~/ui/notice';
import { zodValidation } from '~/ui/schema-form';
import { Button, buttonClass } from '~/ui/primitives/button';
import { ErrorList, FormField, inputClass } from '~/ui/primitives/field';
import { leagueMessageSchema, SUBJECT_MAX } from '~/schemas/league-message';
import { cn } from '~/ui/cn';
import { useIsPending } from '~/ui/use-is-pending';
import { formatCount } from '~/domain/format';

/** '1 golfer', '12 golfers'. */
export function golfersCount(n: number): string {
  return `${formatCount(n)} golfer${n === 1 ? '' : 's'}`;
}

/**
 * Compose message / Send payment reminder on /email-list (docs/product/email.md#league-messages): Subject and
 * Message, posted as intent=send with the tab, the kind and the form's one-time send id. Laid out like DialogForm
 * (the failure's alert, the fields, Cancel and the submit button), whose button reads 'Saving...'; this one reads
 * 'Send to {n} golfers' and 'Sending...'. A tab without recipients says so and cannot be sent.
 */
export function LeagueMessageForm({
  list,
  kind,
  sendId,
  recipients,
  unsubscribed,
  draft,
  lastResult,
  closeTo,
}: {
  list: string;
  kind: 'league' | 'reminder';
  sendId: string;
  recipients: number;
  unsubscribed: number;
  draft: { subject: string; message: string } | null;
  lastResult?: SubmissionResult<string[]> | null;
  closeTo: string;
}) {
  const [form, fields] = useForm({
    id: `compose-${kind}-${list}`,
    lastResult,
    defaultValue: draft ?? undefined,
    ...zodValidation(leagueMessageSchema),
  });
  const sending = useIsPending({ intent: 'send' });

  return (
    <Form method="post" preventScrollReset className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="list" value={list} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="sendId" value={sendId} />
      <FormAlert id={form.errorId} title="Failed to send message" messages={form.errors} />
      {recipients === 0 ? (
        <Notice tone="warning" title="No golfers to send to on this tab" />
      ) : (
        <p className="text-sm text-slate-600">
          Each of the {golfersCount(recipients)} gets their own email; nobody sees the others&rsquo; addresses.
          {unsubscribed > 0
            ? ` ${golfersCount(unsubscribed)} who unsubscribed from league messages ${unsubscribed === 1 ? 'is' : 'are'} left out.`
            : null}
        </p>
      )}
      <FormField label="Subject" field={fields.subject} maxLength={SUBJECT_MAX} autoComplete="off" />
      {/* field.tsx has no textarea field; the markup is FormField's frame around a textarea (as in round-form). */}
      <div className="space-y-1">
        <label htmlFor={fields.message.id} className="block text-sm font-medium text-slate-700">
          Message
        </label>
        <textarea
          {...getTextareaProps(fields.message)}
          // The limit is checked with a message rather than by cutting the text off.
          maxLength={undefined}
          rows={10}
          className={cn(inputClass, 'resize-y')}
        />
        <p className="text-xs text-slate-500">Plain text. Web addresses become links.</p>
        <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Link to={closeTo} preventScrollReset className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={sending || recipients === 0}>
          {sending ? 'Sending...' : `Send to ${golfersCount(recipients)}`}
        </Button>
      </div>
    </Form>
  );
}
