import { data, type TypedResponse } from '@remix-run/node';
import type { z, ZodError } from 'zod';
import type { ZodMiniType } from 'zod/mini';
import { DomainError } from '~/domain/errors';
import { currentSeason, parseSeason } from '~/domain/season';
import { PaymentProviderError } from '~/integrations/payments/provider.server';

/**
 * The HTTP edge of every route: reading a request (bodies with a size limit, seasons from the URL; ids: id-param.ts) and
 * giving an expected failure its status. A JSON route (app/routes/api.*) is written with these alone:
 *
 *   export function action({ request }: ActionFunctionArgs) {
 *     return apiHandler(async () => {
 *       await requireApiUser(request);
 *       if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
 *       const input = parseBody(golferSchema, await readJson(request), 'Invalid golfer');
 *       return Response.json(golferJson(await createGolfer(input)), { status: 201 });
 *     });
 *   }
 *
 * A POST-only route exports `loader = postOnlyLoader`, a GET-only one `action = getOnlyAction`.
 */

/**
 * What `data(value, init)` answers: a page's loader or action data with its status or headers, sent as the loader
 * returned it (single fetch, docs/decisions/194-single-fetch.md).
 */
export type DataAnswer<T> = ReturnType<typeof data<T>>;

/**
 * A redirect (`redirect()`, `redirectWithToast`): the one Response a page's loader or action returns; its data goes
 * through a plain object or `data()`, so `useLoaderData<typeof loader>()` stays typed.
 */
export type Redirect = TypedResponse<never>;

/** The one error shape of the JSON API. */
type ApiError = { message: string; errors?: Record<string, string[]> };

/** The statuses of expected failures; anything else thrown is a defect and answers 500. */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 502 | 503;

export function apiError(
  status: FailureStatus,
  message: string,
  errors?: Record<string, string[]>,
  init?: ResponseInit,
): Response {
  const body: ApiError = errors ? { message, errors } : { message };
  return Response.json(body, { ...init, status });
}

/**
 * An expected failure of the HTTP edge itself (a body too large, JSON that does not parse, a bad season in the URL,
 * no session). Models throw the domain errors of app/domain/errors.ts instead.
 */
export class HttpError extends Error {
  constructor(
    public status: Exclude<FailureStatus, 502 | 503>,
    message: string,
    public errors?: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * A request refused because too many came before it (429): `retryAfter` seconds from now one would be taken. The answer
 * says so in its Retry-After header as well as in its message.
 */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    public retryAfter: number,
  ) {
    super(429, message);
  }
}

export type Failure = {
  status: FailureStatus;
  message: string;
  errors?: Record<string, string[]>;
  /** Seconds until a refused request would be taken (429): the Retry-After header. */
  retryAfter?: number;
};

/**
 * The status and headers of a failure's answer: `data(body, failureInit(failure))` on a page,
 * `Response.json(body, failureInit(failure))` in a resource route.
 */
export function failureInit(failure: Failure): ResponseInit {
  return failure.retryAfter === undefined
    ? { status: failure.status }
    : { status: failure.status, headers: { 'Retry-After': String(Math.max(1, Math.ceil(failure.retryAfter))) } };
}

const STATUS_OF_KIND: Record<DomainError['kind'], FailureStatus> = {
  invalid: 400,
  'not-found': 404,
  conflict: 409,
  'signed-out': 401,
  forbidden: 403,
  'too-large': 413,
  'unsupported-type': 415,
};

/**
 * What a write answers when the disk is full (docs/decisions/147-full-disk.md): SQLite and PostgreSQL rolled it back
 * whole.
 */
export const OUT_OF_DISK_SPACE = 'The server is out of disk space: nothing was saved.';

/**
 * SQLite's SQLITE_FULL, PostgreSQL's 53100 disk_full (or the file system's ENOSPC), anywhere in the error or the errors
 * it wraps.
 */
function isDiskFull(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, meta, driverAdapterError } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    meta?: unknown;
    /** Where Prisma keeps its database adapter's error, in a known error's `meta`. */
    driverAdapterError?: unknown;
  };
  if (code === 'SQLITE_FULL' || code === '53100' || code === 'ENOSPC') return true;
  if (typeof message === 'string' && /SQLITE_FULL|database or disk is full|ENOSPC/.test(message)) return true;
  return [cause, meta, driverAdapterError].some((inner) => isDiskFull(inner, depth + 1));
}

/**
 * The one place an expected failure gets its HTTP status: a full disk (503: nothing was saved), a domain error from a
 * model, an HttpError from the edge, or the payment provider being unreachable (502: nothing was charged, the golfer
 * may retry). Anything else is a defect (null: let it become a 500).
 */
export function failureOf(error: unknown): Failure | null {
  if (isDiskFull(error)) return { status: 503, message: OUT_OF_DISK_SPACE };
  if (error instanceof DomainError) {
    return { status: STATUS_OF_KIND[error.kind], message: error.message, errors: error.fieldErrors };
  }
  if (error instanceof TooManyRequestsError)
    return { status: error.status, message: error.message, retryAfter: error.retryAfter };
  if (error instanceof HttpError) return { status: error.status, message: error.message, errors: error.errors };
  if (error instanceof PaymentProviderError) return { status: 502, message: error.message };
  return null;
}

export function zodFieldErrors(error: Pick<ZodError, 'issues'>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** The ?season= of a request (the current season when absent or empty); a value that is not a year is a 400. */
export function seasonParam(request: Request | URL): number {
  const raw = (request instanceof URL ? request : new URL(request.url)).searchParams.get('season');
  if (raw === null || raw === '') return currentSeason();
  const season = parseSeason(raw);
  if (season === null) throw new HttpError(400, `Invalid season: "${raw}"`);
  return season;
}

/** ?page=N of a list paged on the server: 1 when absent, a 400 when not a whole number from 1. */
export function pageParam(url: URL): number {
  const raw = url.searchParams.get('page');
  if (raw === null || raw === '') return 1;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw new HttpError(400, `Invalid page: "${raw}"`);
  return Number(raw);
}

/** A year in a URL's path (/api/seasons/2026): a plausible season, or a 400. */
export function yearParam(value: string | undefined): number {
  const year = parseSeason(value);
  if (year === null) throw new HttpError(400, `Invalid season: "${value ?? ''}"`);
  return year;
}

/** The site's public origin, for links that leave the site and come back: PUBLIC_URL when set, else the request's. */
export function siteOrigin(request: Request): string {
  const configured = process.env.PUBLIC_URL?.trim().replace(/\/+$/, '');
  return configured || new URL(request.url).origin;
}

// ---------------------------------------------------------------------------------------------------------
// Request bodies

/** Reads at most `maxBytes` of a request body; a larger body gets a 413 instead of filling memory. */
async function readBodyBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > maxBytes) throw new HttpError(413, 'Request body is too large.');
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, 'Request body is too large.');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readBodyText(request: Request, maxBytes = 100_000): Promise<string> {
  return (await readBodyBytes(request, maxBytes)).toString('utf8');
}

/**
 * A size-limited read of a small form (login, settings…), urlencoded or multipart. The limit counts the bytes
 * received, so a chunked body without Content-Length cannot make the server buffer more.
 */
export async function readSmallForm(request: Request, maxBytes = 100_000): Promise<FormData> {
  const type = request.headers.get('Content-Type') ?? '';
  const bytes = await readBodyBytes(request, maxBytes);
  if (type.startsWith('multipart/form-data')) {
    try {
      return await new Request(request.url, {
        method: 'POST',
        headers: { 'Content-Type': type },
        body: new Uint8Array(bytes),
      }).formData();
    } catch {
      throw new HttpError(400, 'The form could not be read.');
    }
  }
  const form = new FormData();
  for (const [k, v] of new URLSearchParams(bytes.toString('utf8'))) form.append(k, v);
  return form;
}

/** A request body's text as JSON; text that does not parse is a 400. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Invalid JSON body.');
  }
}

/** Reads a JSON body with a size limit; a body that does not parse is a 400. */
export async function readJson(request: Request, maxBytes = 100_000): Promise<unknown> {
  return parseJsonText(await readBodyText(request, maxBytes));
}

/** Validates a JSON body with the form's schema: a 400 with `message` and the field messages when it does not fit. */
export function parseBody<S extends z.ZodType | ZodMiniType>(schema: S, body: unknown, message: string): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new HttpError(400, message, zodFieldErrors(parsed.error));
  return parsed.data as z.output<S>;
}

// ---------------------------------------------------------------------------------------------------------
// Answers

/** 405 with the methods the route does answer. */
export function methodNotAllowed(allow: string[]): Response {
  const body: ApiError = { message: `Method not allowed. Use ${allow.join(' or ')}.` };
  return Response.json(body, { status: 405, headers: { Allow: allow.join(', ') } });
}

/** The loader of a POST-only resource route. */
export function postOnlyLoader(): Response {
  return methodNotAllowed(['POST']);
}

/** The action of a GET-only resource route (without it Remix would answer a POST with its own non-JSON 405). */
export function getOnlyAction(): Response {
  return methodNotAllowed(['GET']);
}

/** The empty answer of a successful DELETE. */
export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** For JSON routes: an expected failure becomes its `{ message, errors? }` answer; anything else is a defect (500). */
export async function apiHandler(fn: () => Promise<Response>): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response) return error;
    const failure = failureOf(error);
    if (failure) return apiError(failure.status, failure.message, failure.errors, failureInit(failure));
    console.error(error);
    return Response.json({ message: 'Something went wrong on our side.' } satisfies ApiError, { status: 500 });
  }
}

/**
 * For page loaders and actions: an expected failure is thrown as `data({ message, errors }, status)`, which the
 * route's error boundary shows; a bad id is then a 400 page and a missing record a 404 page, never a 500.
 */
export async function pageHandler<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const failure = failureOf(error);
    if (failure) throw data<ApiError>({ message: failure.message, errors: failure.errors }, failureInit(failure));
    throw error;
  }
}
