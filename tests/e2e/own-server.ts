import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export type OwnServer = {
  /** http://127.0.0.1:PORT */
  base: string;
  /** Its SQLite file, which only this server and the test that started it use. */
  dbFile: string;
  /** Stops the server and removes its database (unless the caller gave it one). */
  stop: () => void;
  /** Resolves once the server's process has exited (its port is free again). */
  exited: Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server (server.js in front of the test build) on a free port with a fresh database of its own, for a spec
 * whose settings or lock-outs must not reach the shared e2e server (playwright.config.ts) that the other specs use:
 * TRUST_PROXY, a small registration allowance, a locked sign-in. `name` goes in the database's file name.
 */
export async function startOwnServer(
  name: string,
  env: Record<string, string>,
  /** A port of the caller's (a second release on the same origin), a database it keeps (the shared e2e one). */
  own: { port?: number; dbFile?: string } = {},
): Promise<OwnServer> {
  const port = own.port ?? (await freePort());
  const dbFile = own.dbFile ?? path.resolve(`tests/.tmp/e2e-${name}-${port}.db`);
  const server = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `file:${dbFile}`,
      SESSION_SECRET: `e2e-${name}-secret`,
      SEED_DEMO: '0',
      BCRYPT_COST: '4',
      STRIPE_SECRET_KEY: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = () => {
    server.kill();
    if (!own.dbFile) for (const suffix of ['', '-wal', '-shm', '-journal']) fs.rmSync(dbFile + suffix, { force: true });
  };
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The ${name} server did not start:\n${output}`)), 100_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout.on('data', read);
    server.stderr.on('data', read);
    server.on('exit', (code) => reject(new Error(`The ${name} server exited (${code}):\n${output}`)));
  }).catch((error: unknown) => {
    stop();
    throw error;
  });
  return { base: `http://127.0.0.1:${port}`, dbFile, stop, exited };
}
