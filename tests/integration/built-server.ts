import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../free-port';

/*
 * The real server as `npm start` runs it (scripts/start.mjs, then server.js) on the production build `npm test` makes
 * for the browser tests (build-test, scripts/test.mjs), for the tests that kill it with SIGKILL. A vitest run on its
 * own makes that build first when it is missing or older than the sources, once: several files start the server at
 * the same moment, so the build is made under a lock.
 */
const BUILD = { REMIX_BUILD_DIR: 'build-test' };
const LOCK = path.resolve('tests', '.tmp', 'build-test.lock');

function run(args: string[]): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...BUILD } });
    child.on('exit', (code) => resolve(code));
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Holds the lock (a folder, made atomically, with the holder's pid) while `work` runs. */
async function locked<T>(work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(path.join(LOCK, 'pid'), { encoding: 'utf8', flag: 'a+' }) || 0);
      // A holder killed while it built left its lock: take it over.
      if (holder > 0 && !alive(holder)) fs.rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
  try {
    return await work();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

let built: Promise<void> | undefined;

function ensureBuild(): Promise<void> {
  built ??= locked(async () => {
    const code = await run([
      '--input-type=module',
      '-e',
      "const { buildIfStale } = await import('./scripts/build.mjs'); process.exit(buildIfStale({ quiet: true }) ? 0 : 1);",
    ]);
    if (code !== 0) throw new Error('The app did not build (the errors are above).');
  });
  return built;
}

export type BuiltServer = {
  url: string;
  port: number;
  /** kill -9: resolves once the process is gone. */
  crash: () => Promise<void>;
  /** Sends `signal` (SIGTERM: a graceful stop) and resolves once the process is gone, with its exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  /** What the server printed so far. */
  output: () => string;
};

const started: ChildProcess[] = [];

/** Ends every server a test left running (for an afterAll). */
export function stopBuiltServers(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts the built server on a free loopback port (or `env.PORT`), with `env` over the test process's own
 * (DATABASE_URL, the Stripe fake…); resolves once it says it is ready.
 */
export async function startBuiltServer(env: Record<string, string>): Promise<BuiltServer> {
  await ensureBuild();
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...process.env,
      ...BUILD,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready at')) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => reject(new Error(`The built server exited (${code}):\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    crash: async () => {
      child.kill('SIGKILL');
      await exited;
    },
    stop: (signal = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
    output: () => output,
  };
}
