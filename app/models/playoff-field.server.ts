import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import { golferDisplayName } from '~/domain/golfer-display';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import { lastQualifierDate, replacementFor } from '~/domain/playoffs';
import { PLAYOFF_SPOTS } from '~/domain/standings';
import { loadSchedules } from '~/models/handicaps.server';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { db, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { AUTOMATIC, nameSelect, playoffRace } from '~/models/playoffs.server';

/*
 * A season's playoff field once it is locked (docs/product/playoffs.md): locking it (by itself when due, or by an
 * administrator), replacing a seed, and what the field's emails need. The race it is locked from is playoffs.server.ts.
 */

/** The seeds a lock stored, or null when the field was locked already (locking twice changes nothing). */
export type LockedField = { season: number; seeds: { flightNo: string; seed: number; golferId: number }[] } | null;

/**
 * Locks the season's playoff field (docs/product/playoffs.md#the-field): the provisional field of this moment is
 * stored, seed by seed. `actor` null is the lock by itself (the last qualifier night's points). Answers null when it
 * was locked already. One transaction (the caller's when given one), recorded in the audit log.
 */
export async function lockPlayoffField(season: number, actor: Actor | null, client: Tx = db): Promise<LockedField> {
  return inTransaction(client, async (tx) => {
    if (await tx.playoffField.findUnique({ where: { season }, select: { season: true } })) return null;
    const schedule = await loadSchedules(tx, [season]);
    if (!schedule.some((e) => e.kind === 'playoff-qualifier'))
      throw new ConflictError(`The ${season} schedule has no playoff-qualifier weeks: there is no field to lock`);
    const flights = await playoffRace(season, null, tx);
    const seeds = flights.flatMap((f) =>
      f.rows.filter((r) => r.seed !== null).map((r) => ({ flightNo: f.flightNo, seed: r.seed!, golferId: r.golferId })),
    );
    await tx.playoffField.create({ data: { season, lockedBy: actor?.username ?? AUTOMATIC } });
    if (seeds.length > 0) await tx.playoffSeed.createMany({ data: seeds.map((s) => ({ season, ...s })) });
    const sizes = flights
      .filter((f) => f.rows.length > 0)
      .map((f) => `Flight ${f.flightNo}: ${f.rows.filter((r) => r.seed !== null).length}`)
      .join(', ');
    await recordAudit(
      tx,
      actor,
      auditNote({
        action: 'lock',
        entity: 'playoff field',
        entityId: String(season),
        summary: `Locked the ${season} playoff field (${sizes || 'no golfers'})`,
      }),
    );
    return { season, seeds };
  });
}

/**
 * Whether the season's field is due to lock by itself: not locked yet, and the last playoff-qualifier night (not
 * rained out) has a round with points. Two small queries.
 */
export async function playoffLockDue(season: number, client: Tx = db): Promise<boolean> {
  const [field, schedule] = await Promise.all([
    client.playoffField.findUnique({ where: { season }, select: { season: true } }),
    loadSchedules(client, [season]),
  ]);
  const last = lastQualifierDate(schedule);
  if (field || last === null) return false;
  return (await client.round.count({ where: { season, date: last, points: { not: null } } })) > 0;
}

export type ReplaceInput = { flight: string; seed: number; reason: string; golferId?: number | null };

/**
 * 'Replace' (docs/product/playoffs.md#the-field): the golfer of a seed of the locked field cannot play; the golfer
 * named (when qualified, of that flight and outside the field) or else the next qualified golfer of the flight's race
 * takes the seed. A golfer replaced once does not come back by this. The seed's new holder, the replacement with its
 * reason, and the audit entry are one transaction. Answers who left and who came in.
 */
export async function replacePlayoffSeed(season: number, input: ReplaceInput, actor: Actor | null, client: Tx = db) {
  const reason = input.reason.trim();
  if (!reason) throw new InvalidError('Say why the golfer is replaced', { reason: ['A reason is required'] });
  if (!(FLIGHT_NUMBERS as readonly string[]).includes(input.flight))
    throw new InvalidError(`There is no Flight ${input.flight}`, { flight: ['No such flight'] });
  if (!Number.isInteger(input.seed) || input.seed < 1 || input.seed > PLAYOFF_SPOTS)
    throw new InvalidError(`A seed is 1 to ${PLAYOFF_SPOTS}`, { seed: [`A seed is 1 to ${PLAYOFF_SPOTS}`] });
  return inTransaction(client, async (tx) => {
    const field = await tx.playoffField.findUnique({ where: { season }, select: { season: true } });
    if (!field)
      throw new ConflictError(
        `The ${season} playoff field is not locked yet: it follows the standings, so there is no seed to replace`,
      );
    const held = await tx.playoffSeed.findUnique({
      where: { season_flightNo_seed: { season, flightNo: input.flight, seed: input.seed } },
      select: { id: true, golferId: true, golfer: { select: nameSelect } },
    });
    if (!held)
      throw new ConflictError(
        `Flight ${input.flight} has no seed ${input.seed} in the ${season} field: fewer golfers qualified`,
        { seed: ['No such seed in this field'] },
      );
    const [race] = await playoffRace(season, input.flight, tx);
    const [seeded, replaced] = await Promise.all([
      tx.playoffSeed.findMany({ where: { season }, select: { golferId: true } }),
      tx.playoffReplacement.findMany({ where: { season }, select: { outGolferId: true } }),
    ]);
    const unavailable = new Set([...seeded.map((s) => s.golferId), ...replaced.map((r) => r.outGolferId)]);
    const named = input.golferId ?? null;
    const next = replacementFor(race.rows, unavailable, named);
    if (next === null)
      throw new ConflictError(
        named === null
          ? `No other qualified golfer of Flight ${input.flight} can take seed ${input.seed}`
          : `${race.rows.find((r) => r.golferId === named)?.name ?? `Golfer #${named}`} is not a qualified golfer of Flight ${input.flight} outside the field`,
        named === null ? undefined : { golferId: ['Not a qualified golfer outside the field'] },
      );
    await tx.playoffSeed.update({ where: { id: held.id }, data: { golferId: next } });
    await tx.playoffReplacement.create({
      data: {
        season,
        flightNo: input.flight,
        seed: input.seed,
        outGolferId: held.golferId,
        inGolferId: next,
        reason,
        createdBy: actor?.username ?? AUTOMATIC,
      },
    });
    const outName = golferDisplayName(held.golfer);
    const inName = race.rows.find((r) => r.golferId === next)?.name ?? `Golfer #${next}`;
    await recordAudit(
      tx,
      actor,
      auditNote({
        action: 'replace',
        entity: 'playoff field',
        entityId: String(season),
        summary: `Flight ${input.flight}, seed ${input.seed}: ${inName} replaces ${outName} (${reason})`.slice(0, 500),
      }),
    );
    return {
      season,
      flightNo: input.flight,
      seed: input.seed,
      out: { golferId: held.golferId, name: outName },
      in: { golferId: next, name: inName },
    };
  });
}

/** The replacements of a season's field, oldest first (the admin page lists them with their reasons). */
export async function listPlayoffReplacements(season: number, client: Tx = db) {
  return client.playoffReplacement.findMany({
    where: { season },
    orderBy: { id: 'asc' },
    select: {
      flightNo: true,
      seed: true,
      outGolferId: true,
      inGolferId: true,
      reason: true,
      createdBy: true,
      createdAt: true,
    },
  });
}

/** The golfers of a locked field with what their email needs: address, first name, standing tee time. */
export async function fieldMailees(season: number, golferIds: readonly number[], client: Tx = db) {
  const [golfers, teeTimes] = await Promise.all([
    client.golfer.findMany({
      where: { id: { in: [...golferIds] } },
      select: { id: true, email: true, firstName: true },
    }),
    client.teeTime.findMany({
      where: {
        season,
        OR: [
          { golfer1Id: { in: [...golferIds] } },
          { golfer2Id: { in: [...golferIds] } },
          { golfer3Id: { in: [...golferIds] } },
          { golfer4Id: { in: [...golferIds] } },
        ],
      },
      select: { time: true, golfer1Id: true, golfer2Id: true, golfer3Id: true, golfer4Id: true },
    }),
  ]);
  const timeOf = new Map<number, string>();
  for (const t of teeTimes)
    for (const id of [t.golfer1Id, t.golfer2Id, t.golfer3Id, t.golfer4Id]) if (id !== null) timeOf.set(id, t.time);
  return new Map(
    golfers.map((g) => [g.id, { email: g.email, firstName: g.firstName, teeTime: timeOf.get(g.id) ?? null }]),
  );
}

/** The season's field when locked, else a 404 (the admin page and the API of a season without one). */
export async function requireSeasonForPlayoffs(season: number, client: Tx = db): Promise<void> {
  if (!(await client.season.findUnique({ where: { year: season }, select: { year: true } })))
    throw new NotFoundError('Season not found');
}
