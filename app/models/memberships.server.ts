import { recomputeHandicapsAndPoints } from '~/models/points.server';
import type { MembershipInput } from '~/schemas/membership';
import { containsText } from '~/models/golfers.server';
import { db, writeUnique, type Tx } from '~/db/db.server';
import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import { inTransaction } from '~/db/transaction.server';
import { auditCreated, auditDeleted, auditUpdated, recordAudit, type Actor } from '~/db/audit.server';

const golferFields = { id: true, firstName: true, lastName: true, nickname: true, fullName: true } as const;

export type MembershipRow = {
  id: number;
  golferId: number;
  season: number;
  registered: boolean;
  paid: boolean;
  registrationDatetime: Date | null;
  estimatedScore: number | null;
  /** The total refunded for the season, and when last (docs/product/payments.md#refunds). */
  refundedCents: number | null;
  refundedAt: Date | null;
  golfer: { id: number; firstName: string; lastName: string; nickname: string | null; fullName: string };
};

/**
 * docs/product/screens-admin.md#memberships: newest registration first, rows without a date last (then by golfer name,
 * for a stable order).
 */
function sortByRegistration<
  T extends { registrationDatetime: Date | null; golfer: { lastName: string; firstName: string } },
>(rows: T[]): T[] {
  return [...rows].sort((a, b) => {
    const at = a.registrationDatetime?.getTime() ?? null;
    const bt = b.registrationDatetime?.getTime() ?? null;
    if (at !== bt) {
      if (at === null) return 1;
      if (bt === null) return -1;
      return bt - at;
    }
    return a.golfer.lastName.localeCompare(b.golfer.lastName) || a.golfer.firstName.localeCompare(b.golfer.firstName);
  });
}

/** A season's memberships (every season when none is given) with their golfers' names, in one query. */
export async function listMemberships(season?: number | null, client: Tx = db): Promise<MembershipRow[]> {
  const rows = await client.membership.findMany({
    where: season ? { season } : {},
    include: { golfer: { select: golferFields } },
  });
  return sortByRegistration(rows);
}

const MEMBERSHIPS_PAGE_SIZE = 50;

export type MembershipPage = {
  rows: MembershipRow[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
  /** The season's tiles, whatever the search. */
  totals: { total: number; registered: number; paid: number };
};

/**
 * The memberships page at any size (docs/product/performance.md): one season's memberships, 50 a page in the order
 * of sortByRegistration (newest registration first, undated last, then by name), searched on the server by the
 * golfer's name (`q`, the full name or nickname, any case). A fixed number of queries whatever the season's size.
 */
export async function pageMemberships(
  season: number,
  q: string,
  page: number,
  client: Tx = db,
): Promise<MembershipPage> {
  const text = q.trim();
  const where = {
    season,
    ...(text ? { golfer: { OR: [{ fullName: containsText(text) }, { nickname: containsText(text) }] } } : {}),
  };
  const [total, seasonTotal, registered, paid] = await Promise.all([
    client.membership.count({ where }),
    client.membership.count({ where: { season } }),
    client.membership.count({ where: { season, registered: true } }),
    client.membership.count({ where: { season, paid: true } }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / MEMBERSHIPS_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await client.membership.findMany({
    where,
    include: { golfer: { select: golferFields } },
    orderBy: [
      { registrationDatetime: { sort: 'desc', nulls: 'last' } },
      { golfer: { lastName: 'asc' } },
      { golfer: { firstName: 'asc' } },
      { id: 'asc' },
    ],
    skip: (current - 1) * MEMBERSHIPS_PAGE_SIZE,
    take: MEMBERSHIPS_PAGE_SIZE,
  });
  return {
    rows,
    total,
    page: current,
    pageCount,
    pageSize: MEMBERSHIPS_PAGE_SIZE,
    totals: { total: seasonTotal, registered, paid },
  };
}

/** The three tiles: how many memberships, how many registered, how many paid. */
export function membershipTotals(rows: readonly { registered: boolean; paid: boolean }[]) {
  return {
    total: rows.length,
    registered: rows.filter((m) => m.registered).length,
    paid: rows.filter((m) => m.paid).length,
  };
}

export async function requireMembership(id: number, client: Tx = db): Promise<MembershipRow> {
  const membership = await client.membership.findUnique({
    where: { id },
    include: { golfer: { select: golferFields } },
  });
  if (!membership) throw new NotFoundError('Membership not found');
  return membership;
}

async function golferFor(golferId: number, tx: Tx) {
  const golfer = await tx.golfer.findUnique({ where: { id: golferId }, select: { id: true, fullName: true } });
  if (!golfer) throw new InvalidError(`Golfer #${golferId} does not exist`, { golferId: ['Please select a golfer'] });
  return golfer;
}

function duplicate(fullName: string, season: number): ConflictError {
  return new ConflictError(`${fullName} already has a membership for the ${season} season`, {
    golferId: [`${fullName} already has a membership for the ${season} season`],
  });
}

/**
 * When a membership is marked registered and has no registration datetime, it is "now"; un-marking registered
 * clears it. An explicit datetime (imports) wins (docs/decisions/013-membership-registration-date.md).
 */
function registrationDatetimeFor(input: MembershipInput, current: Date | null, now: Date): Date | null {
  if (input.registrationDatetime) return input.registrationDatetime;
  if (!input.registered) return null;
  return current ?? now;
}

/** What is stored for a membership's input, given the registration datetime on file; batch imports use it too. */
export function membershipData(input: MembershipInput, current: Date | null) {
  return {
    golferId: input.golferId,
    season: input.season,
    registered: input.registered,
    paid: input.paid,
    estimatedScore: input.estimatedScore ?? null,
    registrationDatetime: registrationDatetimeFor(input, current, new Date()),
  };
}

const membershipTarget = (id: number, golferName: string) => ({ entity: 'membership', id, label: golferName });

/**
 * Creates a membership. One per golfer and season: a second is a ConflictError with the golfer's name. An estimated score
 * seeds the golfer's handicap, so it is recomputed in the same transaction, with the calculated points of the nights
 * where a net score moved (docs/decisions/117-points-never-stale.md); so are updates and deletes that change it.
 */
export function createMembership(input: MembershipInput, actor: Actor | null, client: Tx = db): Promise<MembershipRow> {
  return inTransaction(client, async (tx) => {
    const golfer = await golferFor(input.golferId, tx);
    const existing = await tx.membership.findUnique({
      where: { golferId_season: { golferId: input.golferId, season: input.season } },
      select: { id: true },
    });
    if (existing) throw duplicate(golfer.fullName, input.season);
    const data = membershipData(input, null);
    const created = await writeUnique(
      () => tx.membership.create({ data, include: { golfer: { select: golferFields } } }),
      () => duplicate(golfer.fullName, input.season),
    );
    await recordAudit(tx, actor, auditCreated(membershipTarget(created.id, golfer.fullName), data));
    if (created.estimatedScore !== null) await recomputeHandicapsAndPoints(tx, [created.golferId]);
    return created;
  });
}

/** Replaces a membership's fields (PUT semantics: an absent toggle is false, an absent estimate is none). */
export function updateMembership(
  id: number,
  input: MembershipInput,
  actor: Actor | null,
  client: Tx = db,
): Promise<MembershipRow> {
  return inTransaction(client, async (tx) => {
    const current = await requireMembership(id, tx);
    const golfer = await golferFor(input.golferId, tx);
    if (current.golferId !== input.golferId || current.season !== input.season) {
      const clash = await tx.membership.findUnique({
        where: { golferId_season: { golferId: input.golferId, season: input.season } },
        select: { id: true },
      });
      if (clash && clash.id !== id) throw duplicate(golfer.fullName, input.season);
    }
    const data = membershipData(input, current.registrationDatetime);
    const updated = await writeUnique(
      () => tx.membership.update({ where: { id }, data, include: { golfer: { select: golferFields } } }),
      () => duplicate(golfer.fullName, input.season),
    );
    await recordAudit(tx, actor, auditUpdated(membershipTarget(id, current.golfer.fullName), current, data));
    if (current.estimatedScore !== updated.estimatedScore || current.golferId !== updated.golferId) {
      await recomputeHandicapsAndPoints(tx, [current.golferId, updated.golferId]);
    }
    return updated;
  });
}

/**
 * Creates or updates the golfer's membership for the season (imports). The registration datetime is kept unless
 * the input gives one. Toggles and the estimate are replaced, except that with `present` (the fields a file row
 * actually had) an existing membership keeps the values of the fields the row left out.
 */
export function upsertMembership(
  input: MembershipInput,
  actor: Actor | null,
  client: Tx = db,
  present?: ReadonlySet<string>,
): Promise<MembershipRow> {
  return inTransaction(client, async (tx) => {
    const existing = await tx.membership.findUnique({
      where: { golferId_season: { golferId: input.golferId, season: input.season } },
    });
    if (!existing) return createMembership(input, actor, tx);
    const given = (field: string) => !present || present.has(field);
    return updateMembership(
      existing.id,
      {
        ...input,
        registered: given('registered') ? input.registered : existing.registered,
        paid: given('paid') ? input.paid : existing.paid,
        estimatedScore: given('estimatedScore') ? input.estimatedScore : (existing.estimatedScore ?? undefined),
      },
      actor,
      tx,
    );
  });
}

/** Deletes a membership; an estimate it carried no longer seeds the golfer's handicap. */
export function deleteMembership(id: number, actor: Actor | null, client: Tx = db): Promise<void> {
  return inTransaction(client, async (tx) => {
    const current = await requireMembership(id, tx);
    await tx.membership.delete({ where: { id } });
    const { golfer, ...row } = current;
    await recordAudit(tx, actor, auditDeleted(membershipTarget(id, golfer.fullName), row));
    if (current.estimatedScore !== null) await recomputeHandicapsAndPoints(tx, [current.golferId]);
  });
}

/** The API's view of a membership: its fields plus the golfer's name. */
export function membershipJson(m: MembershipRow) {
  return {
    id: m.id,
    golferId: m.golferId,
    golferName: m.golfer.fullName,
    season: m.season,
    registered: m.registered,
    paid: m.paid,
    registrationDatetime: m.registrationDatetime,
    estimatedScore: m.estimatedScore,
  };
}
