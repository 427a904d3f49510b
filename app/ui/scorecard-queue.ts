import { del, entries as storedEntries, get, keys, set, update } from 'idb-keyval';
import type { HoleWriteResult } from '~/schemas/scorecard';

/**
 * The phone's queue of hole entries not yet taken by the server (SPEC-3 §D2, docs/decisions/121-scorecards.md):
 * kept in IndexedDB (idb-keyval), so entries made with no signal survive a closed tab, and sent in the order they
 * were made when the network returns. Each entry has the id the phone made for it, so sending it twice stores it once.
 */
export type QueuedEntry = { clientId: string; golferId: number; hole: number; strokes: number; enteredAt: number };

/** What the server answered this phone a hole holds, and when: laid over an older copy of the card (decision 160). */
export type SentScore = { golferId: number; hole: number; strokes: number; sentAt: number };

/** What a send gave: the server's answers, or why nothing was taken (no network: null message; a refusal: its text). */
export type SendOutcome =
  | { kind: 'sent'; results: HoleWriteResult[] }
  | { kind: 'offline' }
  | { kind: 'refused'; status: number; message: string };

const QUEUE = 'scorecard-queue:';
const keyOf = (date: string, golferId: number) => `${QUEUE}${date}:${golferId}`;
/** The group (tee time) of a queue's card: the golfers' service worker sends a queue with it (Background Sync). */
const groupKeyOf = (date: string, golferId: number) => `scorecard-group:${date}:${golferId}`;
const SENT = 'scorecard-sent:';
const sentKeyOf = (date: string, golferId: number) => `${SENT}${date}:${golferId}`;

export async function readQueue(date: string, golferId: number): Promise<QueuedEntry[]> {
  try {
    return (await get<QueuedEntry[]>(keyOf(date, golferId))) ?? [];
  } catch {
    // No IndexedDB (a private window that refuses it): the entries live in the page only.
    return [];
  }
}

/**
 * Changes a queue in one IndexedDB transaction: the card's page and the service worker (Background Sync) may both
 * take entries off it, and neither may drop an entry the other just added.
 */
async function updateQueue(
  date: string,
  golferId: number,
  change: (queue: QueuedEntry[]) => QueuedEntry[],
): Promise<QueuedEntry[]> {
  try {
    await update<QueuedEntry[]>(keyOf(date, golferId), (queue) => change(queue ?? []));
    return await readQueue(date, golferId);
  } catch {
    // As above: nothing more to keep them in.
    return change([]);
  }
}

export async function enqueue(
  date: string,
  golferId: number,
  teeTimeId: number,
  entries: QueuedEntry[],
): Promise<QueuedEntry[]> {
  await set(groupKeyOf(date, golferId), teeTimeId).catch(() => undefined);
  return updateQueue(date, golferId, (queue) => [...queue, ...entries]);
}

/** Takes the entries the server answered for off the queue (entries made meanwhile stay). */
export function dequeue(date: string, golferId: number, clientIds: Set<string>): Promise<QueuedEntry[]> {
  return updateQueue(date, golferId, (queue) => queue.filter((e) => !clientIds.has(e.clientId)));
}

/**
 * Remembers what the server answered for the entries this phone sent: a copy of the card the golfers' worker kept
 * before them (shown with no signal) would not have them (docs/decisions/160-golfers-phone-app.md). Other nights' are
 * dropped.
 */
export async function rememberSent(date: string, golferId: number, results: HoleWriteResult[]): Promise<void> {
  const sentAt = Date.now();
  try {
    await update<SentScore[]>(sentKeyOf(date, golferId), (sent) => {
      const kept = (sent ?? []).filter((s) => !results.some((r) => r.golferId === s.golferId && r.hole === s.hole));
      return [...kept, ...results.map((r) => ({ golferId: r.golferId, hole: r.hole, strokes: r.strokes, sentAt }))];
    });
    for (const key of await keys())
      if (typeof key === 'string' && key.startsWith(SENT) && key !== sentKeyOf(date, golferId)) await del(key);
  } catch {
    // No IndexedDB: nothing to lay over a kept copy either.
  }
}

/** What this phone sent to the night's card after `since` (ms), for a copy of the card made at `since`. */
export async function readSentSince(date: string, golferId: number, since: number): Promise<SentScore[]> {
  try {
    return ((await get<SentScore[]>(sentKeyOf(date, golferId))) ?? []).filter((s) => s.sentAt > since);
  } catch {
    return [];
  }
}

/** Sends the queue's first entries (at most 200, the server's limit) to the night's card. */
export async function sendQueue(date: string, teeTimeId: number, entries: QueuedEntry[]): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await fetch(`/api/me/scorecard/${date}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ teeTimeId, entries: entries.slice(0, 200) }),
    });
  } catch {
    return { kind: 'offline' };
  }
  const body = (await res.json().catch(() => ({}))) as { results?: HoleWriteResult[]; message?: string };
  if (res.ok && body.results) return { kind: 'sent', results: body.results };
  // A server error or a proxy's page: try again later, as with no signal.
  if (res.status >= 500) return { kind: 'offline' };
  return { kind: 'refused', status: res.status, message: body.message ?? `Not sent (${res.status})` };
}

/** An id for an entry, unique on every phone: 128 random bits (getRandomValues works without HTTPS too). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Sends every queue kept on this phone, each to its card, until each is empty (the golfers' service worker, on
 * Background Sync: docs/decisions/160-golfers-phone-app.md). Rejects while there is no network, so the browser tries
 * again later; a card that refuses (closed, signed out) keeps its entries for the page to show.
 */
export async function sendStoredQueues(): Promise<void> {
  const stored = await storedEntries<IDBValidKey, unknown>();
  for (const [key] of stored) {
    if (typeof key !== 'string' || !key.startsWith(QUEUE)) continue;
    const [date, golfer] = key.slice(QUEUE.length).split(':');
    const golferId = Number(golfer);
    const teeTimeId = await get<number>(groupKeyOf(date, golferId));
    if (teeTimeId === undefined) continue;
    for (let queue = await readQueue(date, golferId); queue.length > 0;) {
      const outcome = await sendQueue(date, teeTimeId, queue);
      if (outcome.kind === 'offline') throw new Error('No network: the queue waits for the next sync');
      if (outcome.kind === 'refused') break;
      await rememberSent(date, golferId, outcome.results);
      queue = await dequeue(date, golferId, new Set(outcome.results.map((r) => r.clientId)));
    }
  }
}
