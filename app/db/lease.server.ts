import type { Db, Prisma, Tx } from './db.server';

/*
 * Claim and lease (docs/decisions/191-one-claim-and-lease.md): work that must be done once across every process (an
 * outbox message sent, a night's scheduled job run) is taken by writing a lease on its row, `lockedUntil`. Taking
 * it is one conditional update (the row as the claimant saw it, and its lease free), so of any number of claimants,
 * in one process or several, on SQLite or PostgreSQL, the database lets exactly one through; a holder that dies
 * stops renewing, its lease runs out, and another claimant takes the work over. The outbox
 * (app/models/outbox.server.ts) and the scheduled jobs' runs (app/models/automation-jobs.server.ts) both claim here.
 */

/** The models whose rows are claimed with a lease, with what a claim may say of a row and write with it. */
type Leased = {
  outboxMessage: { where: Prisma.OutboxMessageWhereInput; data: Prisma.OutboxMessageUpdateManyMutationInput };
  automationRun: { where: Prisma.AutomationRunWhereInput; data: Prisma.AutomationRunUpdateManyMutationInput };
};
type LeasedModel = keyof Leased;

/** Prisma's updateMany as both leased models have it (their generic signatures do not unite). */
type UpdateMany = { updateMany(args: { where: object; data: object }): Promise<{ count: number }> };
const rowsOf = (client: Tx | Db, model: LeasedModel) => client[model] as unknown as UpdateMany;

/** Where a row's lease is free at `now`: never taken, given back, or run out (its holder stopped renewing it). */
export function leaseFree(now: Date) {
  return { OR: [{ lockedUntil: null }, { lockedUntil: { lte: now } }] };
}

/** Where a row is still under the lease its holder took (until `lockedUntil`): nobody has taken it over since. */
export function leaseHeld(lockedUntil: Date) {
  return { lockedUntil };
}

/**
 * Takes the lease of the row `where` names until `until`, if it is free at `now`, writing `data` with it in the same
 * statement. True when this caller holds it now; false when another holds it or `where` no longer describes the row.
 */
export async function claimLease<M extends LeasedModel>(
  client: Tx | Db,
  model: M,
  where: Leased[M]['where'],
  now: Date,
  until: Date,
  data: Leased[M]['data'] = {},
): Promise<boolean> {
  const { count } = await rowsOf(client, model).updateMany({
    where: { AND: [where, leaseFree(now)] },
    data: { ...data, lockedUntil: until },
  });
  return count === 1;
}

/**
 * Holds the lease taken until `held` longer, until `until`, while the work goes on. False when it was lost (it ran out
 * and another claimant took the row over, or `where` no longer describes it): the holder stops then.
 */
export async function renewLease<M extends LeasedModel>(
  client: Tx | Db,
  model: M,
  where: Leased[M]['where'],
  held: Date,
  until: Date,
): Promise<boolean> {
  const { count } = await rowsOf(client, model).updateMany({
    where: { AND: [where, leaseHeld(held)] },
    data: { lockedUntil: until },
  });
  return count === 1;
}
