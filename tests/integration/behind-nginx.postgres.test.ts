import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { nginxPath } from '../../scripts/ensure-tools.mjs';
import { freePort } from '../free-port';
import { startBuiltServer, stopBuiltServers, type BuiltServer } from './built-server';
import { HOLES, phonesOfTonight, send, sendHoles, type Entry, type Outcome, type Phone } from './game-night-phones';
import { withPostgres } from './pg-server';
import { boardOf, readEventStream, type SseEvent } from './sse-client';

/*
 * The deploy recipe, run (docs/deploy, docs/decisions/172-deploy-recipe.md): Debian's nginx with docs/deploy/nginx-site.conf
 * in front of two app processes started as docs/deploy/league@.service starts them (its ExecStart, its Environment
 * with the port for %i, and docs/deploy/league.env as its EnvironmentFile), on one PostgreSQL database, over https
 * with a certificate made here. The site file is used as it is, but for its listen addresses, app ports and
 * certificate paths; the environment file as it is, but for its placeholders (the database, the secrets) and
 * backups.
 */

let db: Db;
withPostgres((ready) => (db = ready));

const DEPLOY = path.resolve('docs', 'deploy');

/** A systemd unit's settings of its [Service] section, each key's values in order. */
function serviceSettings(file: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  let section = '';
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const header = /^\[(.+)\]$/.exec(trimmed);
    if (header) section = header[1];
    else if (section === 'Service') {
      const at = trimmed.indexOf('=');
      const key = trimmed.slice(0, at);
      settings.set(key, [...(settings.get(key) ?? []), trimmed.slice(at + 1)]);
    }
  }
  return settings;
}

/** An environment file's variables (KEY=value lines; # starts a comment line). */
function environmentFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) env[match[1]] = match[2];
  }
  return env;
}

/** `text` with each `from` replaced by its `to`; a `from` found other than exactly once is an error. */
function replaced(text: string, replacements: [string, string][]): string {
  for (const [from, to] of replacements) {
    const found = text.split(from).length - 1;
    if (found !== 1) throw new Error(`docs/deploy/nginx-site.conf has "${from}" ${found} times, not once`);
    text = text.replace(from, to);
  }
  return text;
}

/** The local ports of this machine's established TCP connections to one of `ports` (nginx's, to the app). */
function connectionsTo(ports: number[]): Set<string> {
  const found = new Set<string>();
  for (const line of fs.readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, local, remote, state] = line.trim().split(/\s+/);
    if (!remote || state !== '01') continue;
    if (ports.includes(parseInt(remote.split(':')[1], 16))) found.add(local);
  }
  return found;
}

const unit = serviceSettings(path.join(DEPLOY, 'league@.service'));
const recipeEnv = environmentFile(path.join(DEPLOY, 'league.env'));
const ADMIN_PASSWORD = 'behind-nginx-admin-password';
const REGISTRATIONS_PER_HOUR = 2;

let dir = '';
let ca: Buffer;
let nginx: ChildProcess | null = null;
let origin = '';
let plainOrigin = '';
const apps: { port: number; server: BuiltServer | null }[] = [];

/** An app process on `port`, as league@{port}.service starts it. */
function startApp(port: number): Promise<BuiltServer> {
  const environment = Object.fromEntries(
    unit
      .get('Environment')!
      .flatMap((line) => line.split(/\s+/))
      .map((assignment) => assignment.replace('%i', String(port)).split('=') as [string, string]),
  );
  return startBuiltServer({
    ...environment,
    // The EnvironmentFile wins over Environment= (systemd's rule).
    ...recipeEnv,
    // The file's placeholders, and what this test keeps to itself.
    DATABASE_URL: process.env.DATABASE_URL!,
    SESSION_SECRET: process.env.SESSION_SECRET!,
    ADMIN_PASSWORD,
    BACKUP_EVERY_HOURS: '0',
    BACKUP_DIR: path.join(dir, 'backups'),
    REGISTRATIONS_PER_HOUR: String(REGISTRATIONS_PER_HOUR),
  });
}

/** A client of the site through nginx: a keep-alive connection of its own (from `localAddress`, 127.0.0.1 by default). */
function client(localAddress?: string): https.Agent {
  return new https.Agent({ keepAlive: true, maxSockets: 1, ca, localAddress });
}

beforeAll(async () => {
  if (!fs.existsSync(nginxPath))
    throw new Error('nginx is not installed (Debian package: nginx). `npm test` installs it when run as root.');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'league-nginx-'));
  // A certificate for 127.0.0.1, which the clients below trust.
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2']
      .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'])
      .concat(['-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')]),
    { stdio: 'pipe' },
  );
  ca = fs.readFileSync(path.join(dir, 'cert.pem'));

  // The unit runs `node scripts/start.mjs`, as startBuiltServer does.
  expect(unit.get('ExecStart')).toEqual(['/usr/bin/node scripts/start.mjs']);
  for (const port of [await freePort(), await freePort()]) apps.push({ port, server: null });
  const started = await Promise.all(apps.map((app) => startApp(app.port)));
  started.forEach((server, i) => (apps[i].server = server));

  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  origin = `https://127.0.0.1:${httpsPort}`;
  plainOrigin = `http://127.0.0.1:${httpPort}`;
  const site = replaced(fs.readFileSync(path.join(DEPLOY, 'nginx-site.conf'), 'utf8'), [
    ['server 127.0.0.1:3001 ', `server 127.0.0.1:${apps[0].port} `],
    ['server 127.0.0.1:3002 ', `server 127.0.0.1:${apps[1].port} `],
    ['listen 80;', `listen 127.0.0.1:${httpPort};`],
    ['listen [::]:80;', ''],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`],
    ['listen [::]:443 ssl http2;', ''],
    ['/etc/letsencrypt/live/league.example.org/fullchain.pem', path.join(dir, 'cert.pem')],
    ['/etc/letsencrypt/live/league.example.org/privkey.pem', path.join(dir, 'key.pem')],
  ]);
  fs.writeFileSync(path.join(dir, 'site.conf'), site);
  // As Debian's /etc/nginx/nginx.conf includes a site from sites-enabled inside http {}; everything else of nginx's
  // (its pid, logs and temporary files) in this test's folder.
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip on;
  include ${dir}/site.conf;
}
`,
  );
  const args = ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  execFileSync(nginxPath, ['-t', '-q', ...args], { stdio: 'pipe' });
  nginx = spawn(nginxPath, args, { stdio: 'ignore' });
  const ready = client();
  for (let i = 0; ; i++) {
    const answer = await send(`${origin}/healthz`, { agent: ready });
    if (answer.status === 200) break;
    if (i > 100 || nginx.exitCode !== null)
      throw new Error(`nginx did not start: ${fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  ready.destroy();
}, 180_000);

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx!.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
  stopBuiltServers();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The form fields of a POST, urlencoded. */
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('the deploy recipe: nginx in front of two app processes on PostgreSQL', () => {
  it('serves pages and a sign-in form over https, with Secure cookies, and sends plain http to https', async () => {
    const redirect = await send(`${plainOrigin}/join`, {});
    expect(redirect.status).toBe(301);
    if (redirect.status !== null) expect(redirect.headers.location).toBe('https://127.0.0.1/join');

    const agent = client();
    // Round robin: consecutive requests go to each process in turn.
    for (const page of ['/join', '/schedule', '/auth', '/register']) {
      const answer = await send(`${origin}${page}`, { agent });
      expect(answer.status, page).toBe(200);
      if (answer.status !== null) expect(answer.body, page).toMatch(/^<!DOCTYPE html>/i);
    }

    const { signIn } = await import('./helpers');
    const { user } = await signIn({ isAdmin: true });
    const signedIn = await send(`${origin}/auth`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
      body: form({ username: user.username, password: 'password123', redirectTo: '/golfers' }),
      agent,
    });
    expect(signedIn.status).toBe(302);
    if (signedIn.status === null) return;
    expect(signedIn.headers.location).toBe('/golfers');
    const cookie = signedIn.headers['set-cookie']?.find((c) => c.startsWith('__league_session='));
    // nginx said the visitor came over https (X-Forwarded-Proto), and the app believed it (TRUST_PROXY=1).
    expect(cookie).toMatch(/; Secure/);
    for (let i = 0; i < 2; i++) {
      const page = await send(`${origin}/golfers`, { headers: { Cookie: cookie!.split(';')[0] }, agent });
      expect(page.status).toBe(200);
    }
    agent.destroy();
  });

  it("counts a client's registrations by the address nginx saw, whatever X-Forwarded-For it sends", async () => {
    const { openRegistration } = await import('./helpers');
    const { newGolferBody } = await import('./registration-helpers');
    await openRegistration();
    // Two clients on loopback addresses of their own; nginx reaches the app from 127.0.0.1 either way.
    const first = client('127.0.0.2');
    const second = client('127.0.0.3');
    const register = (agent: https.Agent, headers: Record<string, string> = {}) =>
      send(`${origin}/api/register-golfer`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
        body: JSON.stringify(newGolferBody()),
        agent,
      }).then((answer) => answer.status);
    for (let i = 0; i < REGISTRATIONS_PER_HOUR; i++) expect(await register(first)).toBe(200);
    // The first client's allowance is spent, across both processes, and no header of its own gets it another.
    expect(await register(first)).toBe(429);
    expect(await register(first, { 'X-Forwarded-For': '203.0.113.9' })).toBe(429);
    // The second client's is its own.
    expect(await register(second)).toBe(200);
    first.destroy();
    second.destroy();
  });

  it('brings a write to a live-results watcher through nginx within a second, from either process', async () => {
    const { liveNight, rowsOf } = await import('./live-results-cases');
    const { signIn, unique } = await import('./helpers');
    const { createGolfer } = await import('~/models/golfers.server');
    const { createFlightAssignment } = await import('~/models/flights.server');
    const { date, year, bo } = await liveNight(2016);
    const cy = await createGolfer({ firstName: 'Cy', lastName: unique('Live') }, null);
    await createFlightAssignment({ golferId: cy.id, season: year, flightNo: '1' }, null);
    const { cookie } = await signIn({ isAdmin: true });

    const events: { event: SseEvent; at: number }[] = [];
    let arrived: () => void = () => {};
    const eventCount = (count: number) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${events.length} events, not ${count}, within 10 s`)), 10_000);
        arrived = () => {
          if (events.length < count) return;
          clearTimeout(timer);
          resolve();
        };
        arrived();
      });
    const stream = https.get(`${origin}/stats/results/${date}/live`, { ca, headers: { Accept: 'text/event-stream' } });
    stream.on('response', (res) => {
      expect(res.statusCode).toBe(200);
      readEventStream(res, (event) => {
        events.push({ event, at: performance.now() });
        arrived();
      });
    });
    await eventCount(1);

    // Two writes in a row: nginx sends them to each process in turn, so one of them is made by the process the
    // watcher is not on, and reaches it through PostgreSQL's NOTIFY.
    const agent = client();
    for (const [i, golfer] of [bo, cy].entries()) {
      const written = await send(`${origin}/api/rounds`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: origin, Cookie: cookie },
        body: JSON.stringify({ golferId: golfer.id, date, season: year, grossScore: 40 + i }),
        agent,
      });
      const answeredAt = performance.now();
      expect(written.status).toBe(201);
      await eventCount(i + 2);
      const { event, at } = events[i + 1];
      expect(at - answeredAt).toBeLessThan(1_000);
      expect(rowsOf(boardOf(event)).map(([id]) => id)).toContain(golfer.id);
    }
    stream.destroy();
    agent.destroy();
  });

  it('keeps its connections to the app through idle gaps longer than 5 s, and bursts after them get no 502', async () => {
    const { todayInLeague } = await import('~/domain/season');
    const date = todayInLeague();
    const phones = await phonesOfTonight(db, date, LANES, process.env.SESSION_SECRET!);
    const agents = phones.map(() => client());
    const acknowledged: Entry[] = [];
    // Each phone sends one hole and a visitor on the same connection reads a page, all at once.
    const burst = async (hole: number) => {
      const outcomes = await Promise.all(
        phones.map(async (phone, i) => {
          const entries = phone.entries.filter((e) => e.hole === hole);
          const sent = await sendHoles(origin, date, phone, entries, agents[i]);
          if (sent.status === 200) acknowledged.push(...entries);
          return [sent, await send(`${origin}/join`, { agent: agents[i] })];
        }),
      );
      return outcomes.flat().map((o) => o.status ?? o.error);
    };
    const appPorts = apps.map((app) => app.port);
    const allOk = phones.flatMap(() => [200, 200]);

    expect(await burst(1)).toEqual(allOk);
    const before = connectionsTo(appPorts);
    expect(before.size).toBeGreaterThan(0);
    // Real idle gaps, longer than Node's default keep-alive (5 s, and a second more before Node closes).
    await new Promise((resolve) => setTimeout(resolve, IDLE_GAP_MS));
    expect(await burst(2)).toEqual(allOk);
    // nginx's connections to the app lived through the gap: the app did not close them under it.
    const after = connectionsTo(appPorts);
    expect([...before].filter((local) => after.has(local)).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, IDLE_GAP_MS));
    expect(await burst(3)).toEqual(allOk);
    for (const agent of agents) agent.destroy();
    await expectStored(acknowledged);
  }, 60_000);

  it('restarts both app processes one after the other, as the unit does, in the middle of a burst, and drops no request', async () => {
    const { todayInLeague } = await import('~/domain/season');
    const date = todayInLeague();
    const phones = await phonesOfTonight(db, date, LANES, process.env.SESSION_SECRET!);
    const [signal] = unit.get('KillSignal')!;
    const stopWithin = Number(unit.get('TimeoutStopSec')![0]) * 1000;
    const drainBound = Number(recipeEnv.SHUTDOWN_DRAIN_SECONDS) * 1000;
    expect(signal).toBe('SIGTERM');
    // The unit waits for the drain and the mail sender's last message (10 s) before it kills.
    expect(stopWithin).toBeGreaterThan(drainBound + 10_000);
    const [startPost] = unit.get('ExecStartPost')!;
    const [node, ...waitArgs] = startPost.split(/\s+/);
    expect(node).toBe('/usr/bin/node');

    const outcomes: Outcome[] = [];
    const acknowledged: Entry[] = [];
    let running = true;
    let answered = 0;
    let onAnswer: () => void = () => {};
    const answeredCount = (count: number) =>
      new Promise<void>((resolve) => {
        onAnswer = () => answered >= count && resolve();
        onAnswer();
      });
    // Each lane: a phone sending its holes one at a time, then a visitor reading pages, on one connection.
    const lane = async (phone: Phone) => {
      const agent = client();
      for (let hole = 1; running; hole++) {
        const entries = phone.entries.filter((e) => e.hole === hole);
        const outcome =
          hole <= HOLES
            ? await sendHoles(origin, date, phone, entries, agent)
            : await send(`${origin}/join`, { agent });
        outcomes.push(outcome);
        if (outcome.status === 200 && hole <= HOLES) acknowledged.push(...entries);
        answered += 1;
        onAnswer();
      }
      agent.destroy();
    };
    const lanes = Promise.all(phones.map(lane));

    // `systemctl restart league@{port}` for each in turn: SIGTERM, the process gone, started again, and answering its
    // health check (ExecStartPost) before the next one is restarted.
    for (const app of apps) {
      await answeredCount(answered + LANES);
      const sent = performance.now();
      const code = await app.server!.stop(signal as NodeJS.Signals);
      expect(code).toBe(0);
      expect(performance.now() - sent).toBeLessThan(stopWithin);
      expect(app.server!.output()).not.toMatch(/still running after/);
      app.server = await startApp(app.port);
      const waited = await exitOf(
        spawn(
          process.execPath,
          waitArgs.map((arg) => arg.replace('%i', String(app.port))),
          { stdio: ['ignore', 'ignore', 'pipe'] },
        ),
      );
      expect(waited.status, waited.stderr).toBe(0);
    }
    await answeredCount(answered + LANES);
    running = false;
    await lanes;

    expect(outcomes.filter((o) => o.status !== 200).map((o) => o.status ?? o.error)).toEqual([]);
    expect(acknowledged.length).toBe(LANES * HOLES * 4);
    await expectStored(acknowledged);
  }, 240_000);
});

const LANES = 8;
const IDLE_GAP_MS = 7_000;

/** The exit code of `child` and what it wrote to stderr, once it has exited. */
function exitOf(child: ChildProcess): Promise<{ status: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (status) => resolve({ status, stderr })));
}

/** Every acknowledged hole is stored, with its strokes. */
async function expectStored(acknowledged: Entry[]): Promise<void> {
  const stored = await db.holeScore.findMany({
    where: { clientId: { in: acknowledged.map((e) => e.clientId) } },
    select: { clientId: true, strokes: true },
  });
  const strokes = new Map(stored.map((s) => [s.clientId, s.strokes]));
  for (const e of acknowledged) expect(strokes.get(e.clientId), e.clientId).toBe(e.strokes);
}
