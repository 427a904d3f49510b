import { formatPhone, leagueText } from '~/domain/texts';
import { enqueueMessage, type NewMessage, type OutboxKind } from '~/models/outbox.server';
import type { Tx } from '~/db/db.server';

/**
 * The league's texts as outbox messages (docs/decisions/175-texts-through-twilio.md): each ends with 'Reply STOP to
 * stop.' and holds at most 320 characters (`leagueText`); its subject is a short label for /outbox. Queued in the
 * transaction of what caused it, beside the email, under a key of its own.
 */

export function textMessage(input: {
  key: string;
  kind: OutboxKind;
  golferId: number;
  to: string;
  label: string;
  words: string;
}): NewMessage {
  return {
    key: input.key,
    kind: input.kind,
    channel: 'text',
    to: input.to,
    golferId: input.golferId,
    subject: input.label,
    text: leagueText(input.words),
    html: '',
  };
}

/** The code that turns texts on, to the number being confirmed (the one text that goes to a number not yet confirmed). */
export function enqueueTextCode(
  tx: Tx,
  input: { id: string; golferId: number; to: string; code: string; leagueName: string; minutes: number },
): Promise<boolean> {
  return enqueueMessage(
    tx,
    textMessage({
      key: `text-code:${input.golferId}:${input.id}`,
      kind: 'text-code',
      golferId: input.golferId,
      to: input.to,
      label: `Code to turn texts on for ${formatPhone(input.to)}`,
      words: `${input.leagueName}: your code is ${input.code}. Type it on My league within ${input.minutes} minutes to get the league's texts.`,
    }),
  );
}
