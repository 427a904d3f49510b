import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { db, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { NotFoundError } from '~/domain/errors';
import { formatDollarsAndCents } from '~/domain/format';
import { golferDisplayName } from '~/domain/golfer-display';
import { cents, negateCents, type Cents } from '~/domain/money';
import { todayInLeague } from '~/domain/season';
import {
  balanceOf,
  GAME_LABELS,
  isGame,
  seasonLedger,
  type Balance,
  type Game,
  type LedgerNight,
  type MoneyLine,
  type Payout,
  type Pots,
} from '~/domain/side-games';

/*
 * The league's money as /money, 'My money' and their JSON twins show it (docs/product/money.md): per night the pots,
 * entries and payouts, per golfer the balance and the lines behind it; and the payments that settle it. Reads are a
 * fixed number of queries whatever the nights and golfers.
 */

type EntryRow = { date: string; golferId: number; game: Game; feeCents: Cents };
type PayoutRow = Payout & { date: string };
type PaymentRow = {
  id: number;
  golferId: number;
  method: string;
  amountCents: Cents;
  note: string | null;
  paidAt: Date;
};

/** A season's entries (those of rained-out nights are not owed), payouts and payments made: four queries. */
async function seasonRows(season: number, where: { golferId?: number }, client: Tx) {
  const rainedOut = new Set(
    (await client.scheduleEntry.findMany({ where: { season, rainOut: true }, select: { date: true } })).map(
      (e) => e.date,
    ),
  );
  const entries: EntryRow[] = (
    await client.sideGameEntry.findMany({
      where: { season, ...where },
      select: { date: true, golferId: true, game: true, feeCents: true },
    })
  ).flatMap((e) =>
    isGame(e.game) && !rainedOut.has(e.date) ? [{ ...e, game: e.game, feeCents: cents(e.feeCents) }] : [],
  );
  const payouts: PayoutRow[] = (
    await client.payout.findMany({
      where: { season, ...where },
      select: { date: true, game: true, golferId: true, cents: true },
      orderBy: [{ date: 'asc' }, { id: 'asc' }],
    })
  ).flatMap((p) => (isGame(p.game) ? [{ ...p, game: p.game, cents: cents(p.cents) }] : []));
  const payments: PaymentRow[] = (
    await client.moneyPayment.findMany({
      where: { season, paidAt: { not: null }, ...where },
      select: { id: true, golferId: true, method: true, amountCents: true, note: true, paidAt: true },
      orderBy: { paidAt: 'asc' },
    })
  ).map((p) => ({ ...p, amountCents: cents(p.amountCents), paidAt: p.paidAt! }));
  return { entries, payouts, payments };
}

type MoneyNight = {
  date: string;
  pots: Pots;
  carriedOver: Cents;
  entries: number;
  final: boolean;
  payouts: { golferId: number; name: string; game: Game; cents: Cents }[];
};

type GolferBalance = Balance & { golferId: number; name: string };

/** /money and GET /api/money: the season's nights and every golfer with money that season. Five queries. */
export async function seasonMoney(season: number, client: Tx = db) {
  const { entries, payouts, payments } = await seasonRows(season, {}, client);
  const ids = [
    ...new Set([
      ...entries.map((e) => e.golferId),
      ...payouts.flatMap((p) => (p.golferId === null ? [] : [p.golferId])),
      ...payments.map((p) => p.golferId),
    ]),
  ];
  const golfers = await client.golfer.findMany({
    where: { id: { in: ids } },
    select: { id: true, firstName: true, lastName: true, nickname: true, fullName: true },
  });
  const nameOf = new Map(golfers.map((g) => [g.id, golferDisplayName(g)]));
  const name = (id: number) => nameOf.get(id) ?? `Golfer #${id}`;
  const dates = [...new Set([...entries.map((e) => e.date), ...payouts.map((p) => p.date)])];
  const ledgerNights: LedgerNight[] = dates.map((date) => ({
    date,
    entries: entries.filter((e) => e.date === date),
    payouts: payouts.filter((p) => p.date === date),
  }));
  const nights: MoneyNight[] = seasonLedger(ledgerNights).map((night) => {
    const own = ledgerNights.find((n) => n.date === night.date)!;
    return {
      ...night,
      entries: own.entries.length,
      final: own.payouts.length > 0,
      payouts: own.payouts.flatMap((p) =>
        p.golferId === null ? [] : [{ golferId: p.golferId, name: name(p.golferId), game: p.game, cents: p.cents }],
      ),
    };
  });
  const balances: GolferBalance[] = ids
    .map((golferId) => ({
      golferId,
      name: name(golferId),
      ...balanceOf({
        owed: entries.filter((e) => e.golferId === golferId).map((e) => e.feeCents),
        won: payouts.filter((p) => p.golferId === golferId).map((p) => p.cents),
        paid: payments.filter((p) => p.golferId === golferId).map((p) => p.amountCents),
      }),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.golferId - b.golferId);
  return { season, nights, golfers: balances };
}

/**
 * 'My money' and GET /api/me/money: a golfer's lines of a season in date order (entries owed positive, winnings and
 * payments negative) and their sum, the balance. Four queries.
 */
export async function golferMoney(golferId: number, season: number, client: Tx = db) {
  const { entries, payouts, payments } = await seasonRows(season, { golferId }, client);
  const lines: MoneyLine[] = [
    ...entries.map((e) => ({ date: e.date, what: `${GAME_LABELS[e.game]} entry`, cents: e.feeCents })),
    ...payouts.map((p) => ({ date: p.date, what: `${GAME_LABELS[p.game]} winnings`, cents: negateCents(p.cents) })),
    ...payments.map((p) => ({
      date: todayInLeague(p.paidAt),
      what: p.method === 'cash' ? 'Paid in cash' : 'Paid by card',
      cents: negateCents(p.amountCents),
    })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const balance = balanceOf({
    owed: entries.map((e) => e.feeCents),
    won: payouts.map((p) => p.cents),
    paid: payments.map((p) => p.amountCents),
  });
  return { season, ...balance, lines };
}

export type CashPayment = { id: number; golferId: number; season: number; amountCents: Cents; note: string | null };

/** 'Paid in cash' (docs/product/money.md#balances): an administrator records cash a golfer handed over. Audited. */
export async function recordCash(
  input: { golferId: number; season: number; amountCents: Cents; note?: string },
  actor: Actor | null,
  client: Tx = db,
): Promise<CashPayment> {
  return inTransaction(client, async (tx) => {
    const golfer = await tx.golfer.findUnique({ where: { id: input.golferId }, select: { fullName: true } });
    if (!golfer) throw new NotFoundError('Golfer not found');
    const row = await tx.moneyPayment.create({
      data: {
        golferId: input.golferId,
        season: input.season,
        method: 'cash',
        amountCents: input.amountCents,
        note: input.note?.trim() || null,
        paidAt: new Date(),
        createdBy: actor?.username ?? 'system',
      },
      select: { id: true, golferId: true, season: true, amountCents: true, note: true },
    });
    await recordAudit(
      tx,
      actor,
      auditNote({
        action: 'create',
        entity: 'cash payment',
        entityId: String(row.id),
        summary: `Paid in cash: ${formatDollarsAndCents(input.amountCents)} from ${golfer.fullName} (${input.season})${row.note ? `: '${row.note}'` : ''}`,
      }),
    );
    return { ...row, amountCents: cents(row.amountCents) };
  });
}

/** A card checkout for a balance, written when it starts; paid once by `claimCardPayment`. */
export async function createCardPayment(
  input: { golferId: number; season: number; amountCents: Cents; checkoutSessionId: string },
  client: Tx = db,
): Promise<void> {
  await client.moneyPayment.create({
    data: { ...input, method: 'card', createdBy: 'golfer' },
  });
}

export function findCardPayment(checkoutSessionId: string, client: Tx = db) {
  return client.moneyPayment.findUnique({ where: { checkoutSessionId } });
}

/**
 * Marks a card checkout paid, once: the conditional update is the claim, so the webhook and the return (or a replayed
 * webhook) race harmlessly and only the first records. True for the call that recorded it.
 */
export async function claimCardPayment(checkoutSessionId: string, client: Tx = db): Promise<boolean> {
  const { count } = await client.moneyPayment.updateMany({
    where: { checkoutSessionId, paidAt: null },
    data: { paidAt: new Date() },
  });
  return count === 1;
}
