import { escapeHtml, textToHtml } from '~/integrations/mail/html';

/**
 * The league messages administrators send from /email-list (docs/product/email.md#league-messages): the text they
 * typed, signed with the league's name, and a one-click unsubscribe link in the body and in the List-Unsubscribe
 * headers (RFC 2369, RFC 8058), so mail programs offer their own Unsubscribe button. Receipts carry neither.
 */

export type LeagueEmail = { subject: string; text: string; html: string; headers: Record<string, string> };

/** The golfer's own unsubscribe page: `{origin}/unsubscribe/{token}`. */
export function unsubscribeUrl(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/unsubscribe/${encodeURIComponent(token)}`;
}

/** One golfer's copy of a league message: subject and message as typed, plain text and escaped HTML. */
export function buildLeagueEmail({
  leagueName,
  subject,
  message,
  golfer,
  unsubscribe,
  myLeague,
}: {
  leagueName: string;
  subject: string;
  message: string;
  golfer: { firstName: string; lastName: string };
  /** The golfer's unsubscribe URL (unsubscribeUrl). */
  unsubscribe: string;
  /** The golfer's own page, /me (docs/product/my-league.md): through sign-in when needed. */
  myLeague?: string;
}): LeagueEmail {
  const name = `${golfer.firstName.trim()} ${golfer.lastName.trim()}`;
  const text = [
    message.replace(/\r\n?/g, '\n').trim(),
    '',
    `-- `,
    leagueName,
    `Sent to ${name} by ${leagueName}.`,
    `To stop receiving league messages, open ${unsubscribe}`,
    ...(myLeague ? [`Your tee time, contact details and messages: ${myLeague}`] : []),
    '',
  ].join('\n');
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #1e293b;">
${textToHtml(message)}
<p>${escapeHtml(leagueName)}</p>
<hr style="border: none; border-top: 1px solid #e2e8f0;">
<p style="font-size: 12px; color: #64748b;">Sent to ${escapeHtml(name)} by ${escapeHtml(leagueName)}. <a href="${escapeHtml(unsubscribe)}">Unsubscribe from league messages</a>.${myLeague ? ` <a href="${escapeHtml(myLeague)}">My league</a>.` : ''}</p>
</body>
</html>
`;
  return {
    subject,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * The ready text of 'Send payment reminder' on the Registered Not Paid tab: the season /register sells, its fee and
 * the address of /register. The administrator may change it before sending.
 */
export function paymentReminderText({
  leagueName,
  year,
  fee,
  registerUrl,
}: {
  leagueName: string;
  year: number;
  /** As shown on /register: '$150'. */
  fee: string;
  /** /register as an absolute address, for returning golfers (`?type=returning`). */
  registerUrl: string;
}): { subject: string; message: string } {
  return {
    subject: `Payment reminder: ${year} ${leagueName} season`,
    message: [
      'Hello,',
      '',
      `You are registered for the ${year} ${leagueName} season, but we have not received your league fee of ${fee} yet.`,
      '',
      `You can pay online at ${registerUrl}. If you have already paid, please disregard this message.`,
      '',
      'Thank you, and see you on the course!',
    ].join('\n'),
  };
}
