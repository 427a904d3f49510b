/**
 * The golfers' service worker (docs/product/my-league.md#the-phone-app, docs/decisions/160-golfers-phone-app.md),
 * built by scripts/build.mjs as a script of its own and served at /golfer-worker.js?v={release}, registered for the
 * scope /me by app/ui/golfer-app.tsx. It keeps the golfers' pages it sees (/me, /me/nights, tonight's card) and the
 * scripts and styles they load, so they open with no signal; it never sees an administrator's page (out of its
 * scope) and keeps no API answer. Signing out empties it. Each release has caches of its own: the worker of a new
 * release takes over at once and deletes the last release's.
 */
import { LEAGUE_TZ } from '~/domain/season';
import { sendStoredQueues } from '~/ui/scorecard-queue';
import { OFFLINE_COPY_ATTRIBUTE, SYNC_TAG, type KeepMessage } from '~/ui/golfer-app-messages';

// The few service-worker types used here: the project's TypeScript library is the DOM's, not the worker's.
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & {
  request: Request;
  clientId: string;
  respondWith(response: Promise<Response>): void;
};
type SyncEvent = ExtendableEvent & { tag: string };
type ExtendableMessageEvent = ExtendableEvent & { data: unknown; ports: readonly MessagePort[] };
type WorkerScope = {
  location: Location;
  registration: { scope: string; active: { scriptURL: string } | null };
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; get(id: string): Promise<{ url: string } | undefined> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
};
const worker = self as unknown as WorkerScope;

/** The release this worker belongs to: its script's address carries the build's version. */
const release = new URL(worker.location.href).searchParams.get('v') ?? 'dev';
const PAGES = `golfer-pages-${release}`;
const ASSETS = `golfer-assets-${release}`;
/** The header under which a kept page holds when it was kept. */
const KEPT_AT = 'X-Kept-At';
const CARD_PATH = /^\/me\/scorecard\/(\d{4}-\d{2}-\d{2})$/;

/** Detroit's date, today or `daysBack` days before (the card opens on its night and closes at the end of the next day). */
function leagueDate(daysBack = 0): string {
  const day = new Date(Date.now() - daysBack * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: LEAGUE_TZ }).format(day);
}

/** A card still open to golfers: tonight's, or last night's the next day (docs/product/scorecards.md#the-card). */
function isTonightsCard(date: string): boolean {
  return date === leagueDate(0) || date === leagueDate(1);
}

/** The golfers' pages the worker keeps: /me and below, but not signing in or out. */
function isGolferPage(pathname: string): boolean {
  if (pathname === '/me') return true;
  if (!pathname.startsWith('/me/')) return false;
  return !pathname.startsWith('/me/sign-in') && !pathname.startsWith('/me/sign-out');
}

worker.addEventListener('install', (event) => {
  // A new release replaces the last one at once: every golfers' page is loaded fresh from the network when online, so
  // no page runs old JavaScript against the new worker.
  event.waitUntil(worker.skipWaiting());
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await deleteOtherReleases();
      await worker.clients.claim();
    })(),
  );
});

/**
 * Whether this worker is still the release in charge: a page kept late by the last release's worker (its navigation
 * still being kept as the new one takes over) must not bring back the caches the new one deleted.
 */
function inCharge(): boolean {
  return worker.registration.active?.scriptURL === worker.location.href;
}

/** Deletes every other release's caches (on taking over, and again once a page asked to be kept). */
async function deleteOtherReleases(): Promise<void> {
  for (const name of await caches.keys())
    if (name.startsWith('golfer-') && name !== PAGES && name !== ASSETS) await caches.delete(name);
}

/** Everything the worker kept, gone: after 'Sign out', 'Sign out everywhere', or a session the server ended. */
async function forgetEverything(): Promise<void> {
  for (const name of await caches.keys()) if (name.startsWith('golfer-')) await caches.delete(name);
}

const pageKey = (url: URL | string) => new URL(new URL(url, worker.location.href).pathname, worker.location.href).href;

function isHtml(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').startsWith('text/html');
}

/**
 * The scripts and styles of the golfers' pages, from this build's manifest: scripts/build.mjs (`golferAssets`) writes the
 * list into the worker as it builds it.
 */
declare const GOLFER_ASSETS: string[];

async function keepAssets(): Promise<void> {
  if (!inCharge()) return;
  const cache = await caches.open(ASSETS);
  await Promise.all(
    GOLFER_ASSETS.map(async (path) => {
      if (await cache.match(path)) return;
      const response = await fetch(path);
      if (response.ok) await cache.put(path, response);
    }),
  );
}

/** Keeps a page's answer and the assets it loads; an old night's card goes. */
async function keepPage(url: string, response: Response): Promise<void> {
  const html = await response.clone().text();
  if (!inCharge()) return;
  const cache = await caches.open(PAGES);
  // When it was kept: the card lays over it what the phone sent after (app/ui/scorecard-queue.ts rememberSent).
  const headers = new Headers(response.headers);
  headers.set(KEPT_AT, String(Date.now()));
  for (const name of ['Content-Length', 'Content-Encoding']) headers.delete(name);
  await cache.put(pageKey(url), new Response(html, { status: response.status, headers }));
  await keepAssets();
  for (const request of await cache.keys()) {
    const date = CARD_PATH.exec(new URL(request.url).pathname)?.[1];
    if (date && !isTonightsCard(date)) await cache.delete(request);
  }
}

/** Loads a page as the phone would and keeps it: /me's tonight's card, a page kept before this release's worker. */
async function fetchAndKeep(url: string): Promise<void> {
  const response = await fetch(url, { credentials: 'same-origin', redirect: 'manual' });
  if (response.type === 'opaqueredirect') return forgetEverything();
  if (response.ok && isHtml(response)) await keepPage(url, response);
}

/** A kept page, marked as the last copy (app/ui/golfer-app.tsx shows 'Offline: showing what this phone last saw'). */
async function offlineCopy(cached: Response): Promise<Response> {
  const keptAt = Number(cached.headers.get(KEPT_AT)) || 0;
  const html = (await cached.text()).replace('<html', `<html ${OFFLINE_COPY_ATTRIBUTE}="${keptAt}"`);
  const headers = new Headers(cached.headers);
  // The body is the decoded text: its old length and encoding no longer describe it.
  for (const name of ['Content-Length', 'Content-Encoding', 'ETag', KEPT_AT]) headers.delete(name);
  return new Response(html, { status: 200, headers });
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** What the phone shows for a golfers' page it has no copy of, with no signal. */
function cannotShowOffline(message: string): Response {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Offline</title></head><body style="font-family:system-ui,sans-serif;margin:1.5rem;line-height:1.5"><main><h1 style="font-size:1.25rem">No signal</h1><p>${escapeHtml(message)}</p><p><a href="/me">My league</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

function cardDateLabel(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T12:00Z`));
}

/**
 * A golfers' page: from the network when there is one (kept as it passes, while the page already draws), else the last
 * copy the phone saw.
 */
async function golferPage(event: FetchEvent): Promise<Response> {
  const request = event.request;
  const url = new URL(request.url);
  const cardDate = CARD_PATH.exec(url.pathname)?.[1];
  try {
    const response = await fetch(request);
    // The server sends a golfer whose session ended to /me/sign-in: what was kept for them goes.
    if (response.type === 'opaqueredirect') await forgetEverything();
    else if (response.ok && isHtml(response) && (!cardDate || isTonightsCard(cardDate)))
      event.waitUntil(keepPage(url.href, response.clone()));
    return response;
  } catch {
    if (cardDate && !isTonightsCard(cardDate))
      return cannotShowOffline(
        `The card of ${cardDateLabel(cardDate)} cannot be shown offline: this phone keeps only tonight's card.`,
      );
    const cached = await (await caches.open(PAGES)).match(pageKey(url));
    if (cached) return offlineCopy(cached);
    return cannotShowOffline(
      'This page cannot be shown offline: open it once with a signal, then it stays on this phone.',
    );
  }
}

/** Whether the page that asked for `clientId`'s request is a golfers' page (not /me/sign-in, say, after signing out). */
async function askedByGolferPage(clientId: string): Promise<boolean> {
  if (!inCharge()) return false;
  const client = clientId ? await worker.clients.get(clientId) : undefined;
  return client !== undefined && isGolferPage(new URL(client.url).pathname);
}

/**
 * A script or style: its address changes with its content, so a kept copy is always right. Kept for golfers' pages
 * only, so the sign-in page shown after 'Sign out' keeps nothing.
 */
async function asset(request: Request, clientId: string): Promise<Response> {
  const cache = await caches.open(ASSETS);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && (await askedByGolferPage(clientId))) await cache.put(request, response.clone());
  return response;
}

/** The league's icon, the manifest: from the network when there is one, else the kept copy. */
async function networkFirst(request: Request, clientId: string): Promise<Response> {
  const cache = await caches.open(ASSETS);
  try {
    const response = await fetch(request);
    if (response.ok && (await askedByGolferPage(clientId))) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  // 'Sign out' and 'Sign out everywhere' post here (with and without JavaScript): the copies go before the answer.
  if (request.method === 'POST' && url.pathname === '/me/sign-out') {
    event.respondWith(forgetEverything().then(() => fetch(request)));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    if (isGolferPage(url.pathname)) event.respondWith(golferPage(event));
    return;
  }
  // Never an API answer, a page's data (single fetch's `<path>.data`), the route list (`/__manifest`) or anything
  // else: only what a kept page needs to draw.
  if (url.pathname.startsWith('/api/') || url.pathname.endsWith('.data') || url.pathname === '/__manifest') return;
  if (request.destination === 'script' || request.destination === 'style')
    event.respondWith(asset(request, event.clientId));
  else if (request.destination === 'image' || request.destination === 'manifest')
    event.respondWith(networkFirst(request, event.clientId));
});

worker.addEventListener('message', (event) => {
  const message = event.data as KeepMessage | null;
  if (message?.type !== 'keep') return;
  event.waitUntil(
    (async () => {
      try {
        const pages = await caches.open(PAGES);
        // The page that asked was loaded before this release's worker took over: load it once more and keep it.
        if (!(await pages.match(pageKey(message.page)))) await fetchAndKeep(message.page);
        // Tonight's card, as it is now (the card itself was just kept as it loaded); with none, no card stays.
        if (message.card && message.card !== message.page) await fetchAndKeep(message.card);
        for (const request of await pages.keys()) {
          const path = new URL(request.url).pathname;
          if (CARD_PATH.test(path) && (!message.card || pageKey(message.card) !== request.url))
            await pages.delete(request);
        }
        await deleteOtherReleases();
      } finally {
        event.ports[0]?.postMessage({ release });
      }
    })(),
  );
});

// Background Sync (where the browser has it): the card's queue goes out when the signal returns, even with the card
// closed. The page sends it on 'online' as well; the server stores an entry sent twice once (decision 121).
worker.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(sendStoredQueues());
});
