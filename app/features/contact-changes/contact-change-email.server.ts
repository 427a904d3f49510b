import { textToHtml } from '~/integrations/mail/html';

/**
 * The email that asks a golfer, at the address on file, to confirm new contact details typed on /register
 * (docs/product/accounts.md#registration-abuse). It names what would change and says that ignoring it changes nothing.
 */
export function contactChangeEmail(input: {
  leagueName: string;
  firstName: string;
  email: string | null;
  phone: string | null;
  confirmUrl: string;
  expiresInDays: number;
  /** 'my-league': the golfer asked on /me, and this goes to the new address; else a registration asked. */
  askedOn?: 'registration' | 'my-league';
}) {
  const changes = [
    ...(input.email ? [`Email: ${input.email}`] : []),
    ...(input.phone ? [`Phone: ${input.phone}`] : []),
  ];
  const subject = `Confirm your new contact details for ${input.leagueName}`;
  const text = [
    `Hello ${input.firstName},`,
    input.askedOn === 'my-league'
      ? `You asked on My league to change the email address we have on file for you to this one:`
      : `Someone registering you for the ${input.leagueName} asked to change the contact details we have on file for you to:`,
    changes.join('\n'),
    `If that was you, confirm the change here (the link works for ${input.expiresInDays} days):\n${input.confirmUrl}`,
    'If it was not you, ignore this email: nothing changes until the link is used.',
  ].join('\n\n');
  return { subject, text, html: textToHtml(text) };
}
