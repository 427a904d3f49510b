import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import { golferDisplayName } from '~/domain/golfer-display';
import { FLIGHT_NUMBERS } from '~/domain/league-rules';
import {
  flightRace,
  lastQualifierDate,
  nightResult,
  playoffNights,
  replacementFor,
  statusText,
  winnerRuleText,
  type NightEntry,
  type NightsLeft,
} from '~/domain/playoffs';
import { playoffNightDates } from '~/domain/schedule';
import { PLAYOFF_SPOTS, type Standing } from '~/domain/standings';
import { loadSchedules } from '~/models/handicaps.server';
import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { db, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';

/** One golfer of a flight's race to the playoffs, as the pages and the API show it. */
type RaceEntry = {
  golferId: number;
  name: string;
  points: number;
  qualified: boolean;
  /** 1 to 4 in the field (the provisional one, or the locked one), else null. */
  seed: number | null;
  status: string;
};

/** One seed of a flight's field, with the golfer's night when the flight playoff has been played. */
type FieldEntry = {
  seed: number;
  golferId: number;
  name: string;
  points: number;
  status: string;
  /** The net of the golfer's round on the flight playoff night; null before they have one. */
  net: number | null;
  /** 'Flight champion', or 'League champion {year}' for the Grand Championship's winner; null otherwise. */
  champion: string | null;
};

export type FlightRace = {
  flightNo: string;
  left: NightsLeft | null;
  rows: RaceEntry[];
  field: FieldEntry[];
  /** What decided the flight playoff ('The lowest net', 'The better seed', a card-off); null before it is played. */
  decidedBy: string | null;
};

/** The words of the audit log and the field's 'Status' for the golfer who holds a seed of a locked field. */
const IN_FIELD = 'In the field';
/** Who locked a field by itself. */
const AUTOMATIC = 'automatic';

const nameSelect = { firstName: true, lastName: true, nickname: true, fullName: true } as const;

/** The round's net on a playoff night: the stored net, else gross minus the handicap before that night. */
function netOf(round: { grossScore: number; netScore: number | null; hcpIndexBefore: number | null }): number {
  return round.netScore ?? round.grossScore - (round.hcpIndexBefore ?? 0);
}

/**
 * The playoffs of a season (docs/product/playoffs.md), per flight: every golfer of the flight in race order with
 * their status line, the field (the locked one when the season's field is locked, else the provisional one seeded 1
 * to 4 by the race), and the flight playoff's result. `flightNo` limits it to one flight (a golfer's page). Four
 * queries whatever the number of golfers.
 *
 * The seeding's handicap is the golfer's handicap after their last round of the season outside the playoff nights
 * (the handicap they take into the playoffs); the registration is the season's membership's registration date
 * (docs/decisions/118-playoff-race-and-field.md). Playoff nights are decided by net (decision 122).
 */
export async function playoffRace(season: number, flightNo: string | null = null, client: Tx = db) {
  return (await seasonPlayoffs(season, flightNo, client)).flights;
}

/** `playoffRace` with the lock and the schedule's playoff nights. */
export async function seasonPlayoffs(season: number, flightNo: string | null = null, client: Tx = db) {
  return (await seasonRace(season, flightNo, client)).playoffs;
}

/** A flight's golfers, as `seasonRace` read them for the race. */
type FlightGolfer = {
  golferId: number;
  golfer: { firstName: string; lastName: string; nickname: string | null; fullName: string };
};

/**
 * `seasonPlayoffs`, with what the race was worked out from that the season's standings are made of: each flight's
 * standings (app/domain/standings.ts, in standings order) and its golfers with their names. The standings page
 * (app/models/standings.server.ts) reads a season's rounds once this way, not once for the standings and once more
 * for the playoff race.
 */
export async function seasonRace(season: number, flightNo: string | null = null, client: Tx = db) {
  const inFlight = flightNo === null ? {} : { flights: { some: { season, flightNo } } };
  const [schedule, assignments, rounds, lock] = await Promise.all([
    loadSchedules(client, [season]),
    // With each golfer's membership of the season: its registration date is a tie rule.
    client.flightAssignment.findMany({
      where: { season, ...(flightNo === null ? {} : { flightNo }) },
      select: {
        golferId: true,
        flightNo: true,
        golfer: {
          select: {
            ...nameSelect,
            memberships: { where: { season }, select: { registrationDatetime: true } },
          },
        },
      },
    }),
    client.round.findMany({
      where: { season, golfer: inFlight },
      select: {
        id: true,
        golferId: true,
        date: true,
        points: true,
        grossScore: true,
        netScore: true,
        hcpIndexBefore: true,
        hcpIndexAfter: true,
      },
    }),
    client.playoffField.findUnique({
      where: { season },
      select: {
        lockedAt: true,
        lockedBy: true,
        seeds: {
          where: flightNo === null ? {} : { flightNo },
          select: { flightNo: true, seed: true, golferId: true, golfer: { select: nameSelect } },
          orderBy: [{ flightNo: 'asc' }, { seed: 'asc' }],
        },
      },
    }),
  ]);
  const nightDates = playoffNightDates(schedule);
  const nights = playoffNights(schedule);
  // The handicap after the golfer's last round before the playoffs (by date, then as recorded).
  const handicapOf = new Map<number, { date: string; id: number; handicap: number | null }>();
  for (const round of rounds) {
    if (nightDates.has(round.date)) continue;
    const seen = handicapOf.get(round.golferId);
    if (!seen || round.date > seen.date || (round.date === seen.date && round.id > seen.id))
      handicapOf.set(round.golferId, { date: round.date, id: round.id, handicap: round.hcpIndexAfter });
  }
  const registeredOf = new Map(
    assignments.map((a) => [a.golferId, a.golfer.memberships[0]?.registrationDatetime?.toISOString() ?? null]),
  );
  const flightOf = new Map(assignments.map((a) => [a.golferId, a.flightNo]));
  const nameOf = new Map(assignments.map((a) => [a.golferId, golferDisplayName(a.golfer)]));
  for (const seed of lock?.seeds ?? []) nameOf.set(seed.golferId, golferDisplayName(seed.golfer));
  const roundOn = (golferId: number, date: string | null) =>
    date === null ? undefined : rounds.find((r) => r.golferId === golferId && r.date === date);

  const standings = new Map<string, Standing[]>();
  const flights = FLIGHT_NUMBERS.filter((n) => flightNo === null || n === flightNo).map((n): FlightRace => {
    const golferIds = assignments.filter((a) => a.flightNo === n).map((a) => a.golferId);
    const race = flightRace({
      schedule,
      rounds: rounds.filter((r) => flightOf.get(r.golferId) === n),
      golfers: golferIds.map((golferId) => ({
        golferId,
        handicap: handicapOf.get(golferId)?.handicap ?? null,
        registeredAt: registeredOf.get(golferId) ?? null,
      })),
    });
    standings.set(n, race.standings);
    const pointsOf = new Map(race.rows.map((r) => [r.golferId, r.totalPoints]));
    // Locked: the stored seeds decide the field; the race only says where everyone else stands.
    const lockedSeeds = lock
      ? new Map(lock.seeds.filter((s) => s.flightNo === n).map((s) => [s.golferId, s.seed]))
      : null;
    const rows = race.rows.map((row): RaceEntry => {
      const seed = lockedSeeds ? (lockedSeeds.get(row.golferId) ?? null) : row.seed;
      return {
        golferId: row.golferId,
        name: nameOf.get(row.golferId) ?? `Golfer #${row.golferId}`,
        points: row.totalPoints,
        qualified: row.qualified,
        seed,
        status: lockedSeeds && seed !== null ? IN_FIELD : statusText(row.status),
      };
    });
    const seeds = lockedSeeds
      ? [...lockedSeeds].map(([golferId, seed]) => ({ golferId, seed })).sort((a, b) => a.seed - b.seed)
      : race.rows.filter((r) => r.seed !== null).map((r) => ({ golferId: r.golferId, seed: r.seed! }));
    const entries: NightEntry[] = seeds.map(({ golferId, seed }) => {
      const round = roundOn(golferId, nights.playoff);
      return {
        golferId,
        seed,
        handicap: round?.hcpIndexBefore ?? null,
        // Hole scores arrive with the scorecards; until then the card-off falls back to the seed.
        holes: null,
        net: round ? netOf(round) : null,
      };
    });
    const result = nightResult(entries);
    return {
      flightNo: n,
      left: race.left,
      rows,
      field: seeds.map(({ golferId, seed }) => ({
        seed,
        golferId,
        name: nameOf.get(golferId) ?? `Golfer #${golferId}`,
        points: pointsOf.get(golferId) ?? 0,
        status: lockedSeeds ? IN_FIELD : 'In the top 4',
        net: entries.find((e) => e.golferId === golferId)?.net ?? null,
        champion: result.winner?.golferId === golferId ? 'Flight champion' : null,
      })),
      decidedBy: result.winner ? winnerRuleText(result.winner.rule) : null,
    };
  });

  // The Grand Championship: the flight champions, each with their flight seed for a tie, on its own night.
  const entrants = flights.flatMap((f) => {
    const champion = f.field.find((e) => e.champion !== null);
    if (!champion) return [];
    const round = roundOn(champion.golferId, nights.grand);
    return [
      {
        flight: f.flightNo,
        golferId: champion.golferId,
        name: champion.name,
        seed: champion.seed,
        handicap: round?.hcpIndexBefore ?? null,
        holes: null,
        net: round ? netOf(round) : null,
      },
    ];
  });
  const grand = nightResult(entrants);
  const winner = grand.winner ? entrants.find((e) => e.golferId === grand.winner!.golferId)! : null;
  if (winner)
    for (const f of flights)
      for (const e of f.field) if (e.golferId === winner.golferId) e.champion = `League champion ${season}`;
  const playoffs = {
    season,
    lock: lock ? { lockedAt: lock.lockedAt, lockedBy: lock.lockedBy } : null,
    nights,
    flights,
    grandChampionship: {
      entrants: entrants.map(({ flight, golferId, name, seed, net }) => ({ flight, golferId, name, seed, net })),
      champion: winner
        ? {
            flight: winner.flight,
            golferId: winner.golferId,
            name: winner.name,
            net: winner.net!,
            decidedBy: winnerRuleText(grand.winner!.rule),
          }
        : null,
    },
  };
  const golfers: FlightGolfer[] = assignments;
  return { playoffs, standings, golfers };
}

// ---------------------------------------------------------------------------------------------------------------
// Locking and replacing

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
