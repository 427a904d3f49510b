import crypto from 'node:crypto';
import pg from 'pg';
import createPostgresSubscriber from 'pg-listen';

/*
 * A PostgreSQL LISTEN/NOTIFY channel between the processes that share one database (docs/decisions/060-several-
 * processes.md): the public page cache empties itself on another process's write through one, and the live results
 * tell every process which night changed through another (docs/decisions/124-live-results-and-skins.md). Each open
 * channel has an origin of its own, and what it sends is never delivered back to it: a process has already acted on
 * its own change.
 *
 * The listening connection is pg-listen's (docs/decisions/145-listen-reconnects.md): when PostgreSQL restarts, fails
 * over or a pooler drops it, it reconnects with backoff for as long as it takes and listens again. What is sent
 * meanwhile is lost, so the users hear `lost` (stop trusting what they keep) and `restored` (look again).
 */

export type Channel = {
  /** Tells every other listener of the channel; a failure is logged, never thrown into the writer. */
  send(message: string): void;
  close(): Promise<void>;
};

export type ChannelHandlers = {
  /** Another process's message. */
  message: (message: string) => void;
  /** The listening connection broke: until `restored`, this process does not hear the others. */
  lost: (error: Error) => void;
  /** Listening again after a loss: whatever the others sent meanwhile was missed. */
  restored: () => void;
};

/** The wait before reconnect attempt n (from 0): 100 ms doubling, at most 2 s, so a restart is heard within 2 s. */
function reconnectDelay(attempt: number): number {
  return Math.min(100 * 2 ** attempt, 2_000);
}

/** Opens the channel `name` (lower-case letters and underscores: it is an SQL identifier) on the database `url`. */
export async function openChannel(url: string, name: string, handlers: ChannelHandlers): Promise<Channel> {
  if (!/^[a-z_]+$/.test(name)) throw new RangeError(`Not a channel name: ${name}`);
  const origin = `${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const notifyPool = new pg.Pool({ connectionString: url, max: 1 });
  // An idle sending connection that drops (the server restarted) is replaced at the next send: not fatal, and said
  // once with the failed sends below rather than once per connection.
  let sendingFails = false;
  notifyPool.on('error', () => {});
  const subscriber = createPostgresSubscriber(
    // Named, so an administrator (and the tests) can find it in pg_stat_activity.
    { connectionString: url, application_name: `league LISTEN ${name}` },
    {
      // Never give up (retryTimeout 0: no limit): a database down for an hour is listened to again when it is back.
      retryTimeout: 0,
      retryInterval: reconnectDelay,
      // A connection that died without a word (a pooler's silent drop) is found by a trivial query now and then.
      paranoidChecking: 10_000,
      parse: (payload) => payload,
      serialize: (payload: unknown) => String(payload),
    },
  );
  let lostAt: number | null = null;
  let attempts = 0;
  subscriber.events.on('reconnect', (attempt) => {
    attempts = attempt;
    if (lostAt !== null) return;
    lostAt = Date.now();
    const error = new Error(`The connection listening to ${name} was lost`);
    console.error(`${error.message}: this process does not hear the others until it reconnects (retrying).`);
    handlers.lost(error);
  });
  subscriber.events.on('connected', () => {
    if (lostAt === null) return;
    console.log(
      `Listening to ${name} again after ${Date.now() - lostAt} ms (${attempts} attempt${attempts === 1 ? '' : 's'}).`,
    );
    lostAt = null;
    handlers.restored();
  });
  // pg-listen raises 'error' only when it gives up (never, with no limit) or a payload cannot be parsed (ours are
  // plain text): logged, never an unhandled 'error' event that would end the process.
  subscriber.events.on('error', (error) => console.error(`LISTEN ${name}:`, error));
  subscriber.events.on('notification', (notification) => {
    if (notification.channel !== name) return;
    const payload = typeof notification.payload === 'string' ? notification.payload : '';
    const cut = payload.indexOf(' ');
    const from = cut === -1 ? payload : payload.slice(0, cut);
    if (from !== origin) handlers.message(cut === -1 ? '' : payload.slice(cut + 1));
  });
  await subscriber.connect();
  await subscriber.listenTo(name);
  return {
    send(message) {
      notifyPool.query('SELECT pg_notify($1, $2)', [name, `${origin} ${message}`]).then(
        () => {
          if (sendingFails) console.log(`NOTIFY ${name} works again.`);
          sendingFails = false;
        },
        (error: unknown) => {
          if (!sendingFails) console.error(`NOTIFY ${name} failed (said once until it works again):`, error);
          sendingFails = true;
        },
      );
    },
    async close() {
      await subscriber.close();
      await notifyPool.end();
    },
  };
}
