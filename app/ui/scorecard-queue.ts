import { get, set } from 'idb-keyval';
import type { HoleWriteResult } from '~/schemas/scorecard';

/**
 * The phone's queue of hole entries not yet taken by the server (SPEC-3 §D2, docs/decisions/121-scorecards.md):
 * kept in IndexedDB (idb-keyval), so entries made with no signal survive a closed tab, and sent in the order they
 * were made when the network returns. Each entry has the id the phone made for it, so sending it twice stores it once.
 */
export type QueuedEntry = { clientId: string; golferId: number; hole: number; strokes: number; enteredAt: number };

/** What a send gave: the server's answers, or why nothing was taken (no network: null message; a refusal: its text). */
export type SendOutcome =
  | { kind: 'sent'; results: HoleWriteResult[] }
  | { kind: 'offline' }
  | { kind: 'refused'; status: number; message: string };

const keyOf = (date: string, golferId: number) => `scorecard-queue:${date}:${golferId}`;

export async function readQueue(date: string, golferId: number): Promise<QueuedEntry[]> {
  try {
    return (await get<QueuedEntry[]>(keyOf(date, golferId))) ?? [];
  } catch {
    // No IndexedDB (a private window that refuses it): the entries live in the page only.
    return [];
  }
}

async function writeQueue(date: string, golferId: number, entries: QueuedEntry[]): Promise<void> {
  try {
    await set(keyOf(date, golferId), entries);
  } catch {
    // As above: nothing more to keep them in.
  }
}

export async function enqueue(date: string, golferId: number, entries: QueuedEntry[]): Promise<QueuedEntry[]> {
  const queue = [...(await readQueue(date, golferId)), ...entries];
  await writeQueue(date, golferId, queue);
  return queue;
}

/** Takes the entries the server answered for off the queue (entries made meanwhile stay). */
export async function dequeue(date: string, golferId: number, clientIds: Set<string>): Promise<QueuedEntry[]> {
  const queue = (await readQueue(date, golferId)).filter((e) => !clientIds.has(e.clientId));
  await writeQueue(date, golferId, queue);
  return queue;
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
