import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is making the writes of a request: the signed-in user (docs/product/accounts.md#audit-log). */
export type Actor = { id: number; username: string };

/** `ended` is set once the response went out: work the request started and left running is no longer its user's. */
type RequestStore = { actor?: Actor; ended?: boolean };

/**
 * One store per HTTP request, entered by server.js around the whole Remix request. The store is mutable: resolving
 * the request's signed-in user (auth.server.ts getUser) marks the actor, and the database client's audit extension
 * (db.server.ts) reads it for every write made while the request runs, however deep in the models.
 *
 * server.js cannot import this TypeScript module, so the instance lives on globalThis under a registered symbol that
 * both look up (whichever loads first creates it). See docs/decisions/098-audit-log.md.
 */
const KEY = Symbol.for('golf-league.request-context');
const holder = globalThis as unknown as { [KEY]?: AsyncLocalStorage<RequestStore> };
const requestContext: AsyncLocalStorage<RequestStore> = (holder[KEY] ??= new AsyncLocalStorage<RequestStore>());

/** Runs `fn` as one request, as server.js does for every request (tests call route modules through this). */
export async function runInRequestContext<T>(fn: () => Promise<T>): Promise<T> {
  const store: RequestStore = {};
  try {
    // Awaited inside, so a lazy promise (Prisma's run when awaited) runs in the request too.
    return await requestContext.run(store, async () => await fn());
  } finally {
    store.ended = true;
  }
}

/** Marks the signed-in user as the actor of the current request's writes. Outside a request it does nothing. */
export function markActor(user: Actor): void {
  const store = requestContext.getStore();
  if (store && !store.ended) store.actor = { id: user.id, username: user.username };
}

/** The actor of the current request while it runs, if a user is signed in for it. */
export function currentActor(): Actor | undefined {
  const store = requestContext.getStore();
  return store && !store.ended ? store.actor : undefined;
}

/**
 * Runs `fn`, and everything it starts (timers included), outside any request: for background work a request only
 * kicks off (the email sender, a cache rebuild), whose writes are the system's, not the signed-in user's. `fn`'s
 * promise is awaited inside, so a Prisma query it returns unawaited (they run when awaited) runs outside too.
 */
export function outsideRequest<T>(fn: () => Promise<T>): Promise<T> {
  return requestContext.exit(async () => await fn());
}
