import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message the test server accepted: the envelope's recipients and the parsed message. */
type ReceivedMail = { to: string[]; mail: ParsedMail };

export type TestMailServer = {
  url: string;
  /** Every accepted message, in order. */
  received: ReceivedMail[];
  /** Accepted messages to one address (tests share a server, each uses its own addresses). */
  to(address: string): ReceivedMail[];
  /** Refuse every following message with this reply (e.g. 451 or 550) until `accept()`. */
  refuse(code: number, message: string): void;
  accept(): void;
  /**
   * The next message is read but never answered (as when the server goes down mid-send). Resolves once it is being
   * held; then stop the server, and the sender sees the connection drop.
   */
  holdNext(): Promise<void>;
  /** Stops listening (connections still open get 421 and are closed at once). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A real SMTP server on loopback, without TLS or authentication, that parses what it accepts. */
export async function startMailServer(): Promise<TestMailServer> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let refusal: { code: number; message: string } | null = null;
  let hold: (() => void) | null = null;

  function create(): SMTPServer {
    return new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      // stop() should not wait 30 seconds for a held connection.
      closeTimeout: 50,
      onData(stream, session, callback) {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const held = hold;
        hold = null;
        simpleParser(stream)
          .then((mail) => {
            if (held) {
              held();
              return;
            }
            if (refusal) {
              const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
              callback(error);
              return;
            }
            received.push({ to, mail });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
  }

  let server = create();
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await listen();

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((r) => r.to.includes(address)),
    refuse(code, message) {
      refusal = { code, message };
    },
    accept() {
      refusal = null;
    },
    holdNext() {
      return new Promise<void>((resolve) => (hold = resolve));
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async restart() {
      server = create();
      await listen();
    },
  };
}

/** A clock the test moves: senders read it for due times, locks and retries. */
export function testClock(start = Date.now() + 1000) {
  let t = start;
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}
