// The real server for the benchmark: a production build served by server.js on a free port, against a database of
// the benchmark's own, measured from outside over HTTP as a visitor's browser would.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '../../tests/free-port';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const BENCH_BUILD = 'build-bench';
const BENCH_ADMIN = { username: 'bench', password: 'bench-password-1' };

/**
 * A production build of the app in its own folder (the bench never touches the build `npm start` serves), made by
 * `npm run build`'s own script with its progress lines left out of the report; errors show.
 */
export function buildApp(): void {
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, REMIX_BUILD_DIR: BENCH_BUILD },
  });
  if (built.status !== 0) throw new Error('The build for the benchmark failed');
}

export type BenchServer = {
  url: string;
  process: ChildProcess;
  /** The most memory the server process has held (VmHWM: its threads included), in MB. */
  peakRssMb(): number;
  /** The memory the server process holds now (VmRSS), in MB. */
  rssMb(): number;
  /** Starts counting the peak afresh (Linux: clear_refs 5). */
  resetPeak(): void;
  stop(): Promise<void>;
};

export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<BenchServer> {
  const port = await freePort();
  // Node's own flags for the server, e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' to see where a
  // bench's time goes (node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: 'bench-session-secret',
      INSECURE_COOKIES: '1',
      SEED_DEMO: '0',
      BCRYPT_COST: '4',
      STRIPE_SECRET_KEY: '',
      SMTP_URL: '',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      REMIX_BUILD_DIR: BENCH_BUILD,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}) while starting`);
    const ok = await get(`${url}/join`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error('The server did not start within 2 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    process: child,
    peakRssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    rssMb() {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    },
    resetPeak() {
      fs.writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export type Answer = { status: number; ms: number; bytes: number; body: string; headers: http.IncomingHttpHeaders };

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET (no compression asked, so `bytes` is the page's own size), timed to the last byte. */
export function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (b: Buffer) => parts.push(b));
      res.on('end', () => {
        const body = Buffer.concat(parts);
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - t0,
          bytes: body.length,
          body: body.toString('utf8'),
          headers: res.headers,
        });
      });
      res.on('error', reject);
    });
    // Which request failed, and on which connection: a kept-alive one the server closed at that moment is a known
    // race of node:http clients (its docs, `request.reusedSocket`), a new one is the server's doing.
    req.on('error', (error) =>
      reject(
        new Error(`GET ${url} failed on a ${req.reusedSocket ? 'kept-alive' : 'new'} connection: ${error.message}`, {
          cause: error,
        }),
      ),
    );
  });
}

/** Signs the bench administrator in through POST /api/login and returns the session cookie. */
export async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (res.status !== 200) throw new Error(`Signing in for the benchmark failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('Signing in for the benchmark gave no cookie');
  return cookie;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
