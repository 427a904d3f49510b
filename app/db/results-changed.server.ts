import { afterCommit } from './db.server';

/*
 * 'A night's results changed': the live results (app/web/live-results.server.ts) listen, and send the night's new
 * leaderboard to everyone watching it, in every process (docs/decisions/124-live-results-and-skins.md). Here, below
 * the models, so that any write (a round, a scorecard's hole) can announce it without knowing who listens.
 */

type ResultsListener = (date: string) => void;
const listeners = new Set<ResultsListener>();

/** Announces that the results of the night `date` (yyyy-MM-dd) changed, once the caller's transaction commits. */
export function notifyResultsChanged(date: string): void {
  afterCommit(() => {
    for (const listener of listeners) {
      try {
        listener(date);
      } catch (error) {
        console.error(error);
      }
    }
  });
}

/** Calls `listener` with each night announced by `notifyResultsChanged`; answers the function that stops it. */
export function onResultsChanged(listener: ResultsListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
