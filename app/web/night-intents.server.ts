import { sendUrgentNotice } from '~/features/night-messages/urgent-notice.server';
import { urgentNoticeSchema } from '~/schemas/night-notice';
import { intent } from './admin-page.server';

/*
 * /scores's 'Urgent notice' (docs/product/scorecards.md#urgent-notice): the page adds the intent to its action; the
 * form is app/ui/night-messages.tsx. The night is the form's `date`, the page's own.
 */

export const urgentNoticeIntent = intent({
  schema: urgentNoticeSchema,
  admin: 'Only an administrator can send an urgent notice',
  run: async ({ value, form, actor, done }) => {
    const raw = form.get('date');
    const date = typeof raw === 'string' ? raw : '';
    const outcome = await sendUrgentNotice({ date, notice: value.notice, requestKey: value.requestKey, actor });
    const back = `/scores?date=${date}`;
    if (!outcome.sent)
      return done({ title: 'Urgent notice already sent', description: 'Nothing was sent again.' }, back);
    const { golfers, emails, texts } = outcome;
    return done(
      {
        title: 'Urgent notice sent',
        description: `${golfers} golfer${golfers === 1 ? '' : 's'}: ${emails} email${emails === 1 ? '' : 's'}, ${texts} text${texts === 1 ? '' : 's'}.`,
      },
      back,
    );
  },
});
