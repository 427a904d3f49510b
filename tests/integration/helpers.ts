import crypto from 'node:crypto';
import { currentSeason } from '~/domain/season';
import { createSeason, getSeason, updateSeason } from '~/models/seasons.server';
import { createUser, type PublicUser } from '~/models/users.server';
import { commitUserSession } from '~/web/auth.server';
import { failureOf, type Failure } from '~/web/http.server';
import type { Toast } from '~/schemas/toast';
import { sessionStorage } from '~/web/session.server';
import { golferCookieValue } from '../golfer-cookie';

let counter = 0;
/** A name no other test uses, so tests run in any order and side by side. */
export function unique(prefix = 't'): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export const BASE = 'http://localhost';

/** A Request as Remix would hand it to a loader or action. */
export function request(
  path: string,
  init: {
    method?: string;
    json?: unknown;
    /** A body sent as JSON as it is, to test one that does not parse. */
    jsonText?: string;
    form?: Record<string, string> | URLSearchParams | FormData;
    cookie?: string;
    headers?: Record<string, string>;
  } = {},
): Request {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('Cookie', init.cookie);
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.json);
  } else if (init.jsonText !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = init.jsonText;
  } else if (init.form instanceof FormData) {
    body = init.form;
  } else if (init.form) {
    headers.set('Content-Type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(init.form).toString();
  }
  return new Request(new URL(path, BASE), { method: init.method ?? (body ? 'POST' : 'GET'), headers, body });
}

/** The toast a response's redirect flashes (the session cookie it sets), or undefined. */
export async function toastOf(res: Response): Promise<Toast | undefined> {
  const session = await sessionStorage.getSession(res.headers.get('Set-Cookie')?.split(';')[0]);
  return session.get('toast');
}

/** Creates a user and returns it with a session cookie for it. */
export async function signIn(opts: { isAdmin?: boolean } = {}): Promise<{ user: PublicUser; cookie: string }> {
  const username = unique('user');
  const user = await createUser(
    {
      username,
      password: 'password123',
      email: `${username}@example.org`,
      firstName: 'Test',
      lastName: 'User',
      isAdmin: opts.isAdmin ?? true,
    },
    null,
  );
  const setCookie = await commitUserSession(new Request(BASE), user.id);
  return { user, cookie: setCookie.split(';')[0] };
}

/** A client address no other call uses (IPv6 documentation prefix, random): its own throttle and rate-limit buckets. */
/** A golfer signed in to 'My league' (a real session, no email): the Cookie header to send. */
export async function signInGolfer(golferId: number): Promise<string> {
  const { name, value } = await golferCookieValue(golferId, process.env.SESSION_SECRET!);
  return `${name}=${value}`;
}

export function newClientAddress(): string {
  const hex = crypto.randomBytes(8).toString('hex');
  return `2001:db8::${hex.match(/.{4}/g)!.join(':')}`;
}

/**
 * The load context server.js's getLoadContext gives a request: a CSP nonce and the client's address. By default
 * each call is a client of its own; a test of throttling or rate limits passes the one address it counts against.
 */
export function loadContext(clientAddress: string = newClientAddress()): Record<string, unknown> {
  return { cspNonce: 'test-nonce', clientAddress };
}

/** What `data(value, init)` returns (Remix's DataWithResponseInit): a page's data with its status and headers. */
type DataWithInit = { type: 'DataWithResponseInit'; data: unknown; init: ResponseInit | null };

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

/**
 * A loader's or action's answer as a Response: a Response as it is (a resource route's, a redirect); a page's data
 * (a plain object, or `data()` with its status and headers) as JSON, so a test reads what the page was given.
 */
function asResponse(out: unknown): Response {
  if (out instanceof Response) return out;
  const { data, init } = isDataWithInit(out) ? out : { data: out, init: null };
  const headers = new Headers(init?.headers);
  headers.set('Content-Type', 'application/json');
  return new Response(JSON.stringify(data), { status: init?.status ?? 200, headers });
}

/**
 * Calls a loader or action and returns the Response, whether it was returned or thrown (single fetch: a page's
 * plain object or `data()` becomes a JSON Response, docs/decisions/194-single-fetch.md). `context` is Remix's load
 * context (default: a fresh client address, as server.js would give).
 */
export async function call(
  fn: (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown,
  req: Request,
  params: Record<string, string> = {},
  context: Record<string, unknown> = loadContext(),
): Promise<Response> {
  try {
    return asResponse(await fn({ request: req, params, context }));
  } catch (thrown) {
    if (thrown instanceof Response || isDataWithInit(thrown)) return asResponse(thrown);
    throw thrown;
  }
}

/**
 * How the HTTP edge would answer a model call's rejection: its status, message and field errors. Null when the
 * call succeeded or failed with a defect (a 500), so a test asserting a status fails then.
 */
export async function failureFrom(promise: Promise<unknown>): Promise<Failure | null> {
  return promise.then(
    () => null,
    (error: unknown) => failureOf(error),
  );
}

/**
 * /register sells only a season whose registration window contains today
 * (docs/product/seasons.md#registration-follows-the-season). Opens the current season's registration for its whole
 * year, so a registration test works on any day: the season is created through the model (its schedule copied from
 * 2025, its fee the model's default unless `feeCents` is given) or, when it exists, given that window. Returns the
 * season's year.
 */
export async function openRegistration(opts: { feeCents?: number } = {}): Promise<number> {
  const year = currentSeason();
  const window = { registrationOpens: `${year}-01-01`, registrationCloses: `${year}-12-31` };
  const existing = await getSeason(year);
  if (existing) await updateSeason(year, { feeCents: opts.feeCents ?? existing.feeCents, ...window }, null);
  else await createSeason({ year, feeCents: opts.feeCents, copyFrom: 2025, ...window }, null);
  return year;
}
