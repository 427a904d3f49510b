import { describe, expect, it } from 'vitest';
import type { Db } from '~/db/db.server';
import { appModule as app, runInChild, startingGate, type StartingGate } from './child-module';
import { withPostgres } from './pg-server';
import { golferWith, leagueWithNights, offerTokens, SPOT_TAKEN, subsCases } from './subs-cases';

// Weekly availability and subs on a real PostgreSQL server: the SQLite cases, and the 'Take the spot' race split
// across two processes sharing the database, as two app servers behind one address would be
// (docs/decisions/060-several-processes.md). Each process has its own Prisma client and pool.

let db: Db;
withPostgres((ready) => (db = ready));

describe('availability and subs (PostgreSQL)', () => {
  subsCases(2090, () => db);

  it('50 subs taking one spot at once through two processes: one gets it, 49 are told it is taken', async () => {
    // The cases really ran on the server: this statement is PostgreSQL's alone.
    const [{ version }] = await db.$queryRawUnsafe<{ version: string }[]>('SELECT version() AS version');
    expect(version).toMatch(/^PostgreSQL/);
    const y = 2099;
    await leagueWithNights(y, [`${y}-06-01`]);
    const absent = await golferWith(db, { season: y, time: '15:00' });
    await db.nightOut.create({
      data: { golferId: absent.id, date: `${y}-06-01`, season: y, teeTime: '15:00', position: 1 },
    });
    const subs = [];
    for (let i = 0; i < 50; i++) subs.push(await golferWith(db, { canSub: true }));
    const { offerSpot } = await import('~/features/subs/offers.server');
    await offerSpot({ golferId: absent.id, date: `${y}-06-01`, actor: null, origin: 'http://x' });
    const tokens = [
      ...(
        await offerTokens(
          db,
          subs.map((s) => s.id),
        )
      ).values(),
    ];
    expect(tokens).toHaveLength(50);

    // Both processes load the app first, then take their 25 spots at the same moment.
    const gate = startingGate(2);
    const halves = [tokens.slice(0, 25), tokens.slice(25)];
    const outcomes = await Promise.all(halves.map((half) => takeInChild(half, gate)));
    const statuses = outcomes.flat();
    expect(statuses.filter((s) => s.status === 200)).toHaveLength(1);
    const refused = statuses.filter((s) => s.status === 409);
    expect(refused).toHaveLength(49);
    for (const r of refused) expect(r.message).toBe(SPOT_TAKEN);
    const row = await db.nightOut.findFirstOrThrow({ where: { golferId: absent.id } });
    expect(subs.map((s) => s.id)).toContain(row.subGolferId);
    expect(await db.outboxMessage.count({ where: { kind: 'sub-spot', key: `sub-spot:${row.id}` } })).toBe(1);
  }, 120_000);
});

/**
 * Takes the spot with each token at once in a fresh Node process, when the gate's other processes are ready too: each
 * answer's status and message.
 */
async function takeInChild(tokens: string[], gate: StartingGate): Promise<{ status: number; message: string }[]> {
  const code = `
    const { takeSpot } = await import(${app('features/subs/take-spot.server.ts')});
    const { failureOf } = await import(${app('web/http.server.ts')});
    const { db } = await import(${app('db/db.server.ts')});
    await db.$queryRawUnsafe('SELECT 1');
    await together();
    const answers = await Promise.all(${JSON.stringify(tokens)}.map((token) =>
      takeSpot({ token, origin: 'http://x' }).then(
        (taken) => ({ status: 200, message: taken.message }),
        (error) => { const f = failureOf(error); if (!f) throw error; return { status: f.status, message: f.message }; },
      )));
    await db.$disconnect();
    console.log(JSON.stringify(answers));
  `;
  const { code: exit, stdout, stderr } = await runInChild(code, {}, gate);
  if (exit !== 0) throw new Error(`child failed (${exit}):\n${stderr}\n${stdout}`);
  return JSON.parse(stdout.trim().split('\n').pop()!) as { status: number; message: string }[];
}
