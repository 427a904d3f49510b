import { currentHandicaps } from '~/models/handicaps.server';
import { calculatedNightsOf, recalculateNights } from '~/models/points.server';
import { auditCreated, auditDeleted, auditUpdated, recordAudit, type Actor } from '~/db/audit.server';
import { inTransaction, isForeignKeyViolation } from '~/db/transaction.server';
import type { FlightNo } from '~/domain/league-rules';
import type { FlightInput } from '~/schemas/flight';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';

/** A flight assignment as the API answers it (docs/product/data-model.md#flight-assignments). */
export type FlightAssignmentRecord = { id: number; golferId: number; season: number; flightNo: string };

type HandicapSummary = { handicap: number | null; minHandicap: number | null; maxHandicap: number | null };
type FlightDetail = FlightAssignmentRecord & { golferName: string | null } & HandicapSummary;
type UnassignedMember = { golferId: number; golferName: string | null } & HandicapSummary;
export type FlightDetails = { assigned: FlightDetail[]; unassigned: UnassignedMember[] };

const assignmentFields = { id: true, golferId: true, season: true, flightNo: true } as const;

/**
 * A membership is active when the golfer registered or paid for the season (either one: an administrator may mark
 * a golfer paid without the registration flag, or registered before payment). See docs/decisions.
 */
const activeMembershipWhere = (season: number) => ({ season, OR: [{ registered: true }, { paid: true }] });

/** The season's assignments (by flight, then name) and its active members without a flight (by name). */
async function seasonFlights(season: number, client: Tx) {
  const [assignments, members] = await Promise.all([
    client.flightAssignment.findMany({
      where: { season },
      select: { ...assignmentFields, golfer: { select: { fullName: true } } },
      orderBy: [{ flightNo: 'asc' }, { golfer: { lastName: 'asc' } }, { golfer: { firstName: 'asc' } }, { id: 'asc' }],
    }),
    client.membership.findMany({
      where: { ...activeMembershipWhere(season), golfer: { flights: { none: { season } } } },
      select: { golferId: true, golfer: { select: { fullName: true } } },
      orderBy: [{ golfer: { lastName: 'asc' } }, { golfer: { firstName: 'asc' } }, { golferId: 'asc' }],
    }),
  ]);
  return { assignments, members };
}

/**
 * The current handicap and the season's lowest and highest hcpIndexAfter of these golfers, in a fixed number of
 * queries (the range's, and those of `currentHandicaps()`).
 */
async function handicapSummaries(
  season: number,
  golfers: readonly { golferId: number }[],
  client: Tx,
): Promise<(golferId: number) => HandicapSummary> {
  const golferIds = golfers.map((g) => g.golferId);
  const [ranges, handicaps] = await Promise.all([
    golferIds.length === 0
      ? []
      : client.round.groupBy({
          by: ['golferId'],
          where: { season, golferId: { in: golferIds } },
          _min: { hcpIndexAfter: true },
          _max: { hcpIndexAfter: true },
        }),
    currentHandicaps(client, golferIds),
  ]);
  const rangeOf = new Map(
    ranges.map((r) => [r.golferId, { minHandicap: r._min.hcpIndexAfter, maxHandicap: r._max.hcpIndexAfter }]),
  );
  return (golferId) => ({
    handicap: handicaps.get(golferId) ?? null,
    minHandicap: rangeOf.get(golferId)?.minHandicap ?? null,
    maxHandicap: rangeOf.get(golferId)?.maxHandicap ?? null,
  });
}

/**
 * The /flights page and GET /api/flights/details: the season's assignments and the active members without a flight,
 * each with their current handicap and the lowest and highest hcpIndexAfter of the season. A fixed number of
 * queries whatever the number of golfers.
 */
export async function getFlightDetails(season: number, client: Tx = db): Promise<FlightDetails> {
  const { assignments, members } = await seasonFlights(season, client);
  const summary = await handicapSummaries(season, [...assignments, ...members], client);
  return {
    assigned: assignments.map(({ golfer, ...a }) => ({
      ...a,
      golferName: golfer?.fullName ?? null,
      ...summary(a.golferId),
    })),
    unassigned: members.map((m) => ({
      golferId: m.golferId,
      golferName: m.golfer?.fullName ?? null,
      ...summary(m.golferId),
    })),
  };
}

/** Golfers per flight (and in the Unassigned card) on one page of the /flights board (decision 064). */
const FLIGHT_PAGE_SIZE = 100;

/**
 * One golfer on the /flights board: `id` is the assignment's (the golfer's in the Unassigned card); the current
 * handicap and the season's lowest and highest hcpIndexAfter, under short names as the page carries hundreds.
 */
type BoardEntry = { id: number; name: string; hcp: number | null; low: number | null; high: number | null };

function boardEntry(id: number, name: string, { handicap, minHandicap, maxHandicap }: HandicapSummary): BoardEntry {
  return { id, name, hcp: handicap, low: minHandicap, high: maxHandicap };
}

export type FlightBoardPage = {
  /** The page's golfers of every flight, by flight then name. */
  assigned: (BoardEntry & { flightNo: string })[];
  /** The whole season's number of golfers per flight ('1' to '4'). */
  counts: Record<string, number>;
  unassigned: BoardEntry[];
  unassignedCount: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/**
 * One page of the /flights board (decision 064): the `page`-th FLIGHT_PAGE_SIZE golfers of each flight and of the
 * Unassigned card, with the season's counts. Handicaps are read for the golfers shown only. A fixed number of
 * queries whatever the number of golfers.
 */
export async function getFlightBoard(season: number, page: number, client: Tx = db): Promise<FlightBoardPage> {
  const { assignments, members } = await seasonFlights(season, client);
  const byFlight = new Map<string, typeof assignments>();
  for (const a of assignments) {
    const list = byFlight.get(a.flightNo);
    if (list) list.push(a);
    else byFlight.set(a.flightNo, [a]);
  }
  const largest = Math.max(members.length, ...[...byFlight.values()].map((list) => list.length));
  const pageCount = Math.max(1, Math.ceil(largest / FLIGHT_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const slice = <T>(list: readonly T[]) => list.slice((current - 1) * FLIGHT_PAGE_SIZE, current * FLIGHT_PAGE_SIZE);
  const shown = [...byFlight.values()].flatMap(slice);
  const shownMembers = slice(members);
  const summary = await handicapSummaries(season, [...shown, ...shownMembers], client);
  return {
    assigned: shown.map((a) => ({ ...boardEntry(a.id, a.golfer.fullName, summary(a.golferId)), flightNo: a.flightNo })),
    counts: Object.fromEntries([...byFlight].map(([flightNo, list]) => [flightNo, list.length])),
    unassigned: shownMembers.map((m) => boardEntry(m.golferId, m.golfer.fullName, summary(m.golferId))),
    unassignedCount: members.length,
    page: current,
    pageCount,
    pageSize: FLIGHT_PAGE_SIZE,
  };
}

export function listFlightAssignments(season: number, client: Tx = db): Promise<FlightAssignmentRecord[]> {
  return client.flightAssignment.findMany({
    where: { season },
    select: assignmentFields,
    orderBy: [{ flightNo: 'asc' }, { id: 'asc' }],
  });
}

export function getFlightAssignment(id: number, client: Tx = db) {
  return client.flightAssignment.findUnique({
    where: { id },
    select: { ...assignmentFields, golfer: { select: { fullName: true } } },
  });
}

/** One assignment, or a NotFoundError. */
export async function requireFlightAssignment(id: number, client: Tx = db): Promise<FlightAssignmentRecord> {
  const found = await client.flightAssignment.findUnique({ where: { id }, select: assignmentFields });
  if (!found) throw new NotFoundError('Flight assignment not found');
  return found;
}

async function golferName(tx: Tx, golferId: number): Promise<string> {
  const golfer = await tx.golfer.findUnique({ where: { id: golferId }, select: { fullName: true } });
  if (!golfer)
    throw new InvalidError(`Golfer #${golferId} does not exist`, {
      golferId: [`Golfer #${golferId} does not exist`],
    });
  return golfer.fullName;
}

async function assertNoOtherAssignment(tx: Tx, input: FlightInput, name: string, exceptId?: number): Promise<void> {
  const other = await tx.flightAssignment.findUnique({
    where: { golferId_season: { golferId: input.golferId, season: input.season } },
    select: { id: true, flightNo: true },
  });
  if (other && other.id !== exceptId) throw alreadyAssigned(name, input.season, other.flightNo);
}

function alreadyAssigned(name: string, season: number, flightNo?: string): ConflictError {
  const where = flightNo ? `Flight ${flightNo}` : 'a flight';
  const message = `${name} is already assigned to ${where} for the ${season} season`;
  return new ConflictError(message, { golferId: [message] });
}

function writeFailed(name: string, input: FlightInput) {
  return (error: unknown): never => {
    // Two people assigning the same golfer at once: the unique constraint decides, the loser gets a clear message.
    if (isUniqueViolation(error)) throw alreadyAssigned(name, input.season);
    if (isForeignKeyViolation(error)) throw new InvalidError(`Golfer #${input.golferId} does not exist`);
    throw error;
  };
}

export type NamedAssignment = FlightAssignmentRecord & { golferName: string };

const flightTarget = (id: number, golferName: string) => ({ entity: 'flight', id, label: golferName });
const flightFields = ({ golferId, season, flightNo }: FlightAssignmentRecord) => ({ golferId, season, flightNo });

/**
 * Assigns a golfer to a flight for a season; one assignment per golfer and season (a ConflictError otherwise). Every
 * write of an assignment recalculates the nights of the golfer's season that held calculated points, in its
 * transaction (docs/decisions/117-points-never-stale.md).
 */
export async function createFlightAssignment(
  input: FlightInput,
  actor: Actor | null,
  client: Tx = db,
): Promise<NamedAssignment> {
  return inTransaction(client, async (tx) => {
    const name = await golferName(tx, input.golferId);
    await assertNoOtherAssignment(tx, input, name);
    const nights = await calculatedNightsOf(tx, [input]);
    const created = await tx.flightAssignment
      .create({
        data: { golferId: input.golferId, season: input.season, flightNo: input.flightNo },
        select: assignmentFields,
      })
      .catch(writeFailed(name, input));
    await recordAudit(tx, actor, auditCreated(flightTarget(created.id, name), flightFields(created)));
    await recalculateNights(tx, nights);
    return { ...created, golferName: name };
  });
}

/**
 * For imports: the golfer's assignment for that season is created, or moved to the given flight. `recalculate: false`
 * leaves the nights to the caller, which reads them (calculatedNightsOf) before its first write and recalculates
 * them once after its last.
 */
export async function upsertFlightAssignment(
  input: FlightInput,
  actor: Actor | null,
  client: Tx = db,
  options: { recalculate?: boolean } = {},
): Promise<NamedAssignment> {
  return inTransaction(client, async (tx) => {
    const name = await golferName(tx, input.golferId);
    const nights = options.recalculate === false ? new Set<string>() : await calculatedNightsOf(tx, [input]);
    const before = await tx.flightAssignment.findUnique({
      where: { golferId_season: { golferId: input.golferId, season: input.season } },
      select: assignmentFields,
    });
    const saved = await tx.flightAssignment.upsert({
      where: { golferId_season: { golferId: input.golferId, season: input.season } },
      create: { golferId: input.golferId, season: input.season, flightNo: input.flightNo },
      update: { flightNo: input.flightNo },
      select: assignmentFields,
    });
    const target = flightTarget(saved.id, name);
    await recordAudit(
      tx,
      actor,
      before
        ? auditUpdated(target, flightFields(before), flightFields(saved))
        : auditCreated(target, flightFields(saved)),
    );
    await recalculateNights(tx, nights);
    return { ...saved, golferName: name };
  });
}

/** Edit Flight Assignment / PUT /api/flights/:id: golfer, season and flight may all change. */
export async function updateFlightAssignment(
  id: number,
  input: FlightInput,
  actor: Actor | null,
  client: Tx = db,
): Promise<NamedAssignment> {
  return inTransaction(client, async (tx) => {
    const existing = await tx.flightAssignment.findUnique({ where: { id }, select: assignmentFields });
    if (!existing) throw new NotFoundError('Flight assignment not found');
    const name = await golferName(tx, input.golferId);
    await assertNoOtherAssignment(tx, input, name, id);
    const nights = await calculatedNightsOf(tx, [existing, input]);
    const updated = await tx.flightAssignment
      .update({
        where: { id },
        data: { golferId: input.golferId, season: input.season, flightNo: input.flightNo },
        select: assignmentFields,
      })
      .catch(writeFailed(name, input));
    await recordAudit(tx, actor, auditUpdated(flightTarget(id, name), flightFields(existing), flightFields(updated)));
    await recalculateNights(tx, nights);
    return { ...updated, golferName: name };
  });
}

/** A drag move (POST /api/flights/reorder and the page's move): only the flight changes. */
export async function moveFlightAssignment(
  id: number,
  newFlightNo: FlightNo,
  actor: Actor | null,
  client: Tx = db,
): Promise<NamedAssignment> {
  return inTransaction(client, async (tx) => {
    const existing = await tx.flightAssignment.findUnique({
      where: { id },
      select: { ...assignmentFields, golfer: { select: { fullName: true } } },
    });
    if (!existing) throw new NotFoundError('Flight assignment not found');
    const nights = await calculatedNightsOf(tx, [existing]);
    const moved = await tx.flightAssignment.update({
      where: { id },
      data: { flightNo: newFlightNo },
      select: assignmentFields,
    });
    const target = flightTarget(id, existing.golfer.fullName);
    await recordAudit(tx, actor, auditUpdated(target, flightFields(existing), flightFields(moved)));
    await recalculateNights(tx, nights);
    return { ...moved, golferName: existing.golfer.fullName };
  });
}

export function deleteFlightAssignment(id: number, actor: Actor | null, client: Tx = db): Promise<void> {
  return inTransaction(client, async (tx) => {
    const existing = await getFlightAssignment(id, tx);
    const nights = await calculatedNightsOf(tx, existing ? [existing] : []);
    const { count } = await tx.flightAssignment.deleteMany({ where: { id } });
    if (!existing || count === 0) throw new NotFoundError('Flight assignment not found');
    const { golfer, ...row } = existing;
    await recordAudit(tx, actor, auditDeleted(flightTarget(id, golfer.fullName), flightFields(row)));
    await recalculateNights(tx, nights);
  });
}
