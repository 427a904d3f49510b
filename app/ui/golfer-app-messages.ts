/**
 * What the golfers' pages and their service worker (app/ui/golfer-worker.ts) say to each other
 * (docs/decisions/160-golfers-phone-app.md).
 */

/** Set by the worker on the `<html>` of a page it answers from its copy, with no signal. */
export const OFFLINE_COPY_ATTRIBUTE = 'data-offline-copy';

/** The Background Sync tag under which the card's queue is sent when the signal returns. */
export const SYNC_TAG = 'scorecard-queue';

/**
 * A golfers' page asks the worker to keep it (when it was loaded before the worker took over) and tonight's card
 * (or no card). The worker answers on the message's port with its release once it has them.
 */
export type KeepMessage = { type: 'keep'; page: string; card: string | null };
