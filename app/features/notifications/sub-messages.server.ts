import { enqueueMessage, type NewMessage } from '~/models/outbox.server';
import type { Tx } from '~/db/db.server';
import { renderHtml, renderText, type EmailBlock } from '~/integrations/mail/layout';

/**
 * The two emails of subs (docs/product/availability-and-subs.md, docs/product/email.md): the offer of an open spot to
 * each sub chosen, and 'You have the spot' to the sub who took it. Each is queued in the transaction of its event
 * (the offer's, the taking's), so it goes out exactly when that commits, and once (its key).
 */

/** The offer of the spot `spotId` (a golfer Out) to one sub: its own single-use link, valid until the cut-off. */
export function subOfferMessage(input: {
  spotId: number;
  sub: { id: number; email: string; firstName: string };
  leagueName: string;
  /** The night and tee time: 'Monday, June 1 at 5:40 PM'. */
  when: string;
  link: string;
  /** When the link stops working: the night's cut-off, in words. */
  expires: string;
}): NewMessage {
  const subject = `A spot is open: ${input.when}`;
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: `Hello ${input.sub.firstName},` },
    {
      kind: 'paragraph',
      text: `A golfer cannot play on ${input.when}. You said you can sub: the first sub to take the spot plays it.`,
    },
    { kind: 'link', label: 'Take the spot', href: input.link },
    { kind: 'paragraph', text: `The link works once, until ${input.expires}. You do not need to sign in.` },
  ];
  return {
    key: `sub-offer:${input.spotId}:${input.sub.id}`,
    kind: 'sub-offer',
    to: input.sub.email,
    golferId: input.sub.id,
    subject,
    text: renderText(blocks, input.leagueName),
    html: renderHtml(subject, blocks, input.leagueName),
  };
}

/** Queues 'You have the spot: …' to the sub who took the spot `spotId`, with that night's card and the schedule. */
export function enqueueSpotTaken(
  tx: Tx,
  input: {
    spotId: number;
    sub: { id: number; email: string; firstName: string };
    /** 'You have the spot: Monday, June 1 at 5:40 PM', the subject too. */
    message: string;
    date: string;
    origin: string;
    leagueName: string;
  },
): Promise<boolean> {
  const blocks: EmailBlock[] = [
    { kind: 'paragraph', text: `Hello ${input.sub.firstName},` },
    { kind: 'paragraph', text: `${input.message}. Thank you for playing!` },
    // The group's card of that night, which the sub keeps like any golfer of the group (after signing in).
    { kind: 'link', label: 'Your scorecard that night', href: `${input.origin}/me/scorecard/${input.date}` },
    { kind: 'link', label: 'League schedule', href: `${input.origin}/schedule` },
  ];
  return enqueueMessage(tx, {
    key: `sub-spot:${input.spotId}`,
    kind: 'sub-spot',
    to: input.sub.email,
    golferId: input.sub.id,
    subject: input.message,
    text: renderText(blocks, input.leagueName),
    html: renderHtml(input.message, blocks, input.leagueName),
  });
}
