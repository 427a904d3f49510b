import { databaseConfig } from './database-url.server';
import { onCommittedWrite, watchOtherConnectionsCommits } from './db.server';
import { openChannel, type Channel } from './notify-channel.server';
import { reachesPublic } from './public-models.server';
import { onResultsChanged } from './results-changed.server';

/*
 * The process's one commit listener (docs/decisions/190-one-source-one-commit-listener.md): it hears every committed
 * change to what visitors see and tells its subscribers, the public page cache and the live results. It hears this
 * process's commits by the models they wrote (`onCommittedWrite`, sorted by public-models.server.ts) and the nights
 * they announced (`notifyResultsChanged`); other processes' (and scripts') commits with SQLite by `PRAGMA
 * data_version` (docs/decisions/005), looked at each second and whenever a subscriber asks (`lookForOtherCommits`);
 * with PostgreSQL by one LISTEN connection on the channel league_commits (notify-channel.server.ts), on which it also
 * tells the other processes of this process's changes. It runs while anyone subscribes.
 */

export type CommitSubscriber = {
  /** Something public changed: the results of the night `night` (yyyy-MM-dd), or, with null, anything may have. */
  changed: (night: string | null) => void;
  /** With PostgreSQL: the LISTEN connection is lost, so other processes' changes go unheard until `restored`. */
  lost?: () => void;
  /** Listening again after a loss: whatever the others changed meanwhile was missed. */
  restored?: () => void;
};

const CHANNEL = 'league_commits';
/** How often, with SQLite, the listener looks for other connections' commits. */
const SQLITE_POLL_MS = 1_000;
/** A message on the channel meaning 'anything public may have changed'; otherwise it lists nights, comma-separated. */
const ANYTHING = '*';

type Running = {
  /** With SQLite: looks for other connections' commits now. */
  look: () => void;
  /** With PostgreSQL: whether the LISTEN connection is lost now. */
  isLost: () => boolean;
  stop: () => Promise<void>;
};

const subscribers = new Set<CommitSubscriber>();
let running: Promise<Running> | null = null;
/** Set once `running` has started: for `lookForOtherCommits`, which must not wait. */
let started: Running | null = null;

function each(call: (subscriber: CommitSubscriber) => void): void {
  for (const subscriber of subscribers) {
    try {
      call(subscriber);
    } catch (error) {
      console.error(error);
    }
  }
}

const announce = (night: string | null) => each((s) => s.changed(night));

async function start(): Promise<Running> {
  const config = databaseConfig();
  let channel: Channel | null = null;
  let lost = false;
  // What to tell the other processes, gathered over one turn: a transaction's models and the nights it announced
  // come together, and go as one NOTIFY.
  let pending: Set<string> | null = null;
  const tell = (what: string) => {
    if (!channel) return;
    if (!pending) {
      pending = new Set();
      queueMicrotask(() => {
        const told = pending!;
        pending = null;
        channel?.send(told.has(ANYTHING) ? ANYTHING : [...told].join(','));
      });
    }
    pending.add(what);
  };
  const stopWrites = onCommittedWrite((models) => {
    if (!reachesPublic(models)) return;
    announce(null);
    tell(ANYTHING);
  });
  const stopNights = onResultsChanged((night) => {
    announce(night);
    tell(night);
  });

  if (config.kind === 'sqlite') {
    // Another connection's commits (a script's, another process's), never this process's own: those are heard above.
    const othersCommitted = watchOtherConnectionsCommits()!;
    const look = () => {
      if (othersCommitted()) announce(null);
    };
    const timer = setInterval(look, SQLITE_POLL_MS);
    timer.unref();
    return {
      look,
      isLost: () => false,
      stop: () => {
        clearInterval(timer);
        stopWrites();
        stopNights();
        return Promise.resolve();
      },
    };
  }

  channel = await openChannel(config.url, CHANNEL, {
    message: (message) => {
      if (message === '' || message.split(',').includes(ANYTHING)) announce(null);
      else for (const night of message.split(',')) announce(night);
    },
    // The channel logs the loss and the recovery once each (docs/decisions/145-listen-reconnects.md).
    lost: () => {
      lost = true;
      each((s) => s.lost?.());
    },
    restored: () => {
      lost = false;
      each((s) => s.restored?.());
    },
  });
  return {
    look: () => {},
    isLost: () => lost,
    stop: async () => {
      stopWrites();
      stopNights();
      const closing = channel!;
      channel = null;
      await closing.close();
    },
  };
}

/**
 * Tells `subscriber` of every committed change to what visitors see, in this process and any other, starting the
 * listener if it is not running. A subscriber that arrives while the listener is lost hears `lost` at once. Answers
 * the function that stops it (and the listener, after the last subscriber).
 */
export async function subscribeToCommits(subscriber: CommitSubscriber): Promise<() => Promise<void>> {
  running ??= start().then((listener) => (started = listener));
  const listener = await running;
  subscribers.add(subscriber);
  if (listener.isLost()) subscriber.lost?.();
  return async () => {
    if (!subscribers.delete(subscriber) || subscribers.size > 0) return;
    running = null;
    started = null;
    await listener.stop();
  };
}

/**
 * With SQLite: looks now for other connections' commits, and tells the subscribers (at once, before answering) when
 * there were: for the page cache, before it answers from memory. Nothing with PostgreSQL (NOTIFY comes by itself).
 */
export function lookForOtherCommits(): void {
  started?.look();
}
