import crypto from 'node:crypto';
import pg from 'pg';

/*
 * A PostgreSQL LISTEN/NOTIFY channel between the processes that share one database (docs/decisions/060-several-
 * processes.md): the public page cache empties itself on another process's write through one, and the live results
 * tell every process which night changed through another (docs/decisions/124-live-results-and-skins.md). Each open
 * channel has an origin of its own, and what it sends is never delivered back to it: a process has already acted on
 * its own change.
 */

export type Channel = {
  /** Tells every other listener of the channel; a failure is logged, never thrown into the writer. */
  send(message: string): void;
  close(): Promise<void>;
};

export type ChannelHandlers = {
  /** Another process's message. */
  message: (message: string) => void;
  /** The listening connection broke: this process no longer hears the others until a restart. */
  broken: (error: Error) => void;
};

/** Opens the channel `name` (lower-case letters and underscores: it is an SQL identifier) on the database `url`. */
export async function openChannel(url: string, name: string, handlers: ChannelHandlers): Promise<Channel> {
  if (!/^[a-z_]+$/.test(name)) throw new RangeError(`Not a channel name: ${name}`);
  const origin = `${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const notifyPool = new pg.Pool({ connectionString: url, max: 1 });
  // An idle sending connection that drops (the server restarted) is replaced at the next send: logged, not fatal.
  notifyPool.on('error', (error) => console.error(`The connection sending NOTIFY ${name} dropped:`, error.message));
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on('error', handlers.broken);
  listener.on('notification', (notification) => {
    if (notification.channel !== name) return;
    const payload = notification.payload ?? '';
    const cut = payload.indexOf(' ');
    const from = cut === -1 ? payload : payload.slice(0, cut);
    if (from !== origin) handlers.message(cut === -1 ? '' : payload.slice(cut + 1));
  });
  await listener.query(`LISTEN ${name}`);
  return {
    send(message) {
      notifyPool
        .query('SELECT pg_notify($1, $2)', [name, `${origin} ${message}`])
        .catch((error: unknown) => console.error(`NOTIFY ${name} failed:`, error));
    },
    async close() {
      await listener.end();
      await notifyPool.end();
    },
  };
}
