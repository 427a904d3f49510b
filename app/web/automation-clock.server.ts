import { startScheduler } from '~/features/automation/scheduler.server';
import { mailOrigin } from '~/features/notifications/messages.server';
import { sessionSecrets } from './session.server';

/**
 * What the scheduled jobs take from the HTTP edge (docs/decisions/151-answer-links.md): the secrets the answer links
 * are signed with (SESSION_SECRET: the first signs, every one verifies, so a rotated secret's links keep working) and
 * the site's address for the links (PUBLIC_URL, else this machine's: docs/decisions/082-links-in-email.md).
 */
export function answerKeys(): string[] {
  return sessionSecrets();
}

/** Started by server.js beside the outbox's sender; answers the function that stops it. */
export function startAutomation(): () => Promise<void> {
  return startScheduler({ origin: mailOrigin(), keys: answerKeys() });
}
