/* What the outbox keeps of a message once it is sent (docs/decisions/132-sign-in-codes-not-kept.md, 175). */

/** The one-click link's token in a sign-in email (app/web/golfer-sign-in.server.ts makes it: base64url). */
const SIGN_IN_TOKEN = /(\/me\/sign-in\?token=)[A-Za-z0-9_-]+/g;
/** The sign-in email's subject ends with its code (enqueueSignInCode, app/features/notifications/messages.server.ts). */
const SIGN_IN_CODE = /(\d{6})$/;
/** A text's code (enqueueTextCode, app/features/texts/text-messages.server.ts) is its only run of six digits. */
const TEXT_CODE = /\b(\d{6})\b/;
const MASKED_CODE = '••••••';

/**
 * What the outbox keeps of a message once the mail server took it: a sign-in email's code and one-click link sign the
 * golfer in, so an administrator reading /outbox could use them; from then on they are masked in its subject, text and
 * HTML (docs/decisions/132-sign-in-codes-not-kept.md). Until it is sent (queued, or kept unsent when no mail server is
 * set, as in the demo, where /outbox is how a code is read) the message stays as it will be sent.
 */
export function keptOnceSent(message: { kind: string; subject: string; text: string; html: string }) {
  if (message.kind !== 'sign-in' && message.kind !== 'text-code') return {};
  const code = (message.kind === 'sign-in' ? SIGN_IN_CODE.exec(message.subject) : TEXT_CODE.exec(message.text))?.[1];
  const mask = (value: string) => {
    const withoutLink = value.replace(SIGN_IN_TOKEN, '$1not-kept');
    return code ? withoutLink.split(code).join(MASKED_CODE) : withoutLink;
  };
  return { subject: mask(message.subject), text: mask(message.text), html: mask(message.html) };
}
