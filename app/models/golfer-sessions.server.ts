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

/**
 * The golfers of many live sessions, by token, in one query: game night's hole writes check the sessions of the
 * requests that arrive together in the batch that stores their holes (docs/decisions/128-scorecard-group-commit.md),
 * and `golferOfSession` batches the pages' lookups through it. A token of no live session is not in the answer.
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

/** Live sessions' golfers by token: golfers' requests that arrive together share one query. */
const liveSessions = batched(async (tokens: string[]) => {
  const golfers = await golfersOfSessions(db, tokens);
  return tokens.map((token) => golfers.get(token) ?? null);
});

/** The golfer of a live session, or null (unknown token, ended or expired). */
export async function golferOfSession(token: string): Promise<{ golferId: number } | null> {
  const golferId = await liveSessions(token);
  return golferId === null ? null : { golferId };
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
