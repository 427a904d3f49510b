import { currentHandicaps } from '~/models/handicaps.server';
import { inTransaction, isForeignKeyViolation } from '~/models/transaction.server';
import type { FlightNo } from '~/domain/league-rules';
import type { FlightInput } from '~/schemas/flight';
import { db, isUniqueViolation, type Tx } from '~/utils/db.server';
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

/**
 * The /flights page and GET /api/flights/details: the season's assignments and the active members without a flight,
 * each with their current handicap and the lowest and highest hcpIndexAfter of the season. A fixed number of
 * queries whatever the number of golfers.
 */
export async function getFlightDetails(season: number, client: Tx = db): Promise<FlightDetails> {
  const [assignments, members, ranges] = await Promise.all([
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
    client.round.groupBy({
      by: ['golferId'],
      where: { season },
      _min: { hcpIndexAfter: true },
      _max: { hcpIndexAfter: true },
    }),
  ]);
  const golferIds = [...assignments.map((a) => a.golferId), ...members.map((m) => m.golferId)];
  const handicaps = await currentHandicaps(client, golferIds);
  const rangeOf = new Map(
    ranges.map((r) => [r.golferId, { minHandicap: r._min.hcpIndexAfter, maxHandicap: r._max.hcpIndexAfter }]),
  );
  const summary = (golferId: number): HandicapSummary => ({
    handicap: handicaps.get(golferId) ?? null,
    minHandicap: rangeOf.get(golferId)?.minHandicap ?? null,
    maxHandicap: rangeOf.get(golferId)?.maxHandicap ?? null,
  });
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

/** Assigns a golfer to a flight for a season; one assignment per golfer and season (a ConflictError otherwise). */
export async function createFlightAssignment(input: FlightInput, client: Tx = db): Promise<NamedAssignment> {
  return inTransaction(client, async (tx) => {
    const name = await golferName(tx, input.golferId);
    await assertNoOtherAssignment(tx, input, name);
    const created = await tx.flightAssignment
      .create({
        data: { golferId: input.golferId, season: input.season, flightNo: input.flightNo },
        select: assignmentFields,
      })
      .catch(writeFailed(name, input));
    return { ...created, golferName: name };
  });
}

/** For imports: the golfer's assignment for that season is created, or moved to the given flight. */
export async function upsertFlightAssignment(input: FlightInput, client: Tx = db): Promise<NamedAssignment> {
  return inTransaction(client, async (tx) => {
    const name = await golferName(tx, input.golferId);
    const saved = await tx.flightAssignment.upsert({
      where: { golferId_season: { golferId: input.golferId, season: input.season } },
      create: { golferId: input.golferId, season: input.season, flightNo: input.flightNo },
      update: { flightNo: input.flightNo },
      select: assignmentFields,
    });
    return { ...saved, golferName: name };
  });
}

/** Edit Flight Assignment / PUT /api/flights/:id: golfer, season and flight may all change. */
export async function updateFlightAssignment(
  id: number,
  input: FlightInput,
  client: Tx = db,
): Promise<NamedAssignment> {
  return inTransaction(client, async (tx) => {
    const existing = await tx.flightAssignment.findUnique({ where: { id }, select: { id: true } });
    if (!existing) throw new NotFoundError('Flight assignment not found');
    const name = await golferName(tx, input.golferId);
    await assertNoOtherAssignment(tx, input, name, id);
    const updated = await tx.flightAssignment
      .update({
        where: { id },
        data: { golferId: input.golferId, season: input.season, flightNo: input.flightNo },
        select: assignmentFields,
      })
      .catch(writeFailed(name, input));
    return { ...updated, golferName: name };
  });
}

/** A drag move (POST /api/flights/reorder and the page's move): only the flight changes. */
export async function moveFlightAssignment(
  id: number,
  newFlightNo: FlightNo,
  client: Tx = db,
): Promise<NamedAssignment> {
  return inTransaction(client, async (tx) => {
    const existing = await tx.flightAssignment.findUnique({
      where: { id },
      select: { golfer: { select: { fullName: true } } },
    });
    if (!existing) throw new NotFoundError('Flight assignment not found');
    const moved = await tx.flightAssignment.update({
      where: { id },
      data: { flightNo: newFlightNo },
      select: assignmentFields,
    });
    return { ...moved, golferName: existing.golfer.fullName };
  });
}

export async function deleteFlightAssignment(id: number, client: Tx = db): Promise<void> {
  const { count } = await client.flightAssignment.deleteMany({ where: { id } });
  if (count === 0) throw new NotFoundError('Flight assignment not found');
}
