import crypto from 'node:crypto';
import { batched } from '~/db/batch.server';
import { db, selectWhereIn, type Tx } from '~/db/db.server';
import { sessionRowId } from '~/models/sessions.server';

/**
 * A golfer's sign-in to 'My league' (docs/decisions/120-golfer-sessions.md): the same shape as administrators'
 * sessions (a random token in the cookie, its SHA-256 as the row's id) in a table of its own, so nothing that reads
 * a golfer session can find an administrator and the other way round.
 */
export const GOLFER_SESSION_DAYS = 30;

/** Starts a 30-day session for the golfer: the token for the cookie. Expired rows of anyone are cleared on the way. */
export async function createGolferSession(golferId: number, now = new Date()): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + GOLFER_SESSION_DAYS * 24 * 60 * 60 * 1000);
  await db.golferSession.create({ data: { id: sessionRowId(token), golferId, createdAt: now, expiresAt } });
  await db.golferSession.deleteMany({ where: { expiresAt: { lte: now } } });
  return token;
}

/** Session rows by id: the requests that arrive together (a game night's phones) share one query. */
const sessionRows = batched(async (ids: string[]) => {
  const rows = await selectWhereIn<{ id: string; golferId: number; expiresAt: Date }>(
    db,
    'golfer_sessions',
    ['id', 'golferId', 'expiresAt'],
    'id',
    ids,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id) ?? null);
});

/**
 * The golfers of many live sessions, by token, in one query: for game night's hole writes, which check the sessions of
 * the requests that arrive together as they store their holes (docs/decisions/128-scorecard-group-commit.md). A token
 * of no live session is not in the answer.
 */
export async function golfersOfSessions(
  client: Tx,
  tokens: readonly string[],
  now = new Date(),
): Promise<Map<string, number>> {
  const idOf = new Map(tokens.map((token) => [sessionRowId(token), token]));
  const rows = await selectWhereIn<{ id: string; golferId: number; expiresAt: Date }>(
    client,
    'golfer_sessions',
    ['id', 'golferId', 'expiresAt'],
    'id',
    [...idOf.keys()],
  );
  const golfers = new Map<string, number>();
  for (const row of rows) if (row.expiresAt > now) golfers.set(idOf.get(row.id)!, row.golferId);
  return golfers;
}

/** The golfer of a live session, or null (unknown token, ended or expired). */
export async function golferOfSession(token: string, now = new Date()): Promise<{ golferId: number } | null> {
  const row = await sessionRows(sessionRowId(token));
  if (!row || row.expiresAt <= now) return null;
  return { golferId: row.golferId };
}

/** 'Sign out': ends one session. */
export async function endGolferSessionRow(token: string): Promise<void> {
  await db.golferSession.deleteMany({ where: { id: sessionRowId(token) } });
}

/** 'Sign out everywhere': ends every session of the golfer; the number ended. */
export async function endAllGolferSessions(client: Tx, golferId: number): Promise<number> {
  const { count } = await client.golferSession.deleteMany({ where: { golferId } });
  return count;
}
