import { db, selectWhereIn, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';

/**
 * A golfer's texts (docs/product/my-league.md#texts, docs/decisions/175-texts-through-twilio.md): the number texts go
 * to, once its golfer typed the code texted to it; whether texts are on, and why not. STOP wins: a number that replied
 * STOP gets no text until it replies START, whatever else is written (the text sender asks `mayText` at the moment of
 * sending, not only when a text is queued).
 */

export type TextsRow = {
  golferId: number;
  phone: string | null;
  confirmedAt: Date | null;
  textsOn: boolean;
  /** Why texts are off: 'golfer' (Turn texts off on /me) or 'stop' (a STOP replied to a text). */
  offReason: string | null;
  pendingPhone: string | null;
  codeHash: string | null;
  codeExpiresAt: Date | null;
};

const rowSelect = {
  golferId: true,
  phone: true,
  confirmedAt: true,
  textsOn: true,
  offReason: true,
  pendingPhone: true,
  codeHash: true,
  codeExpiresAt: true,
} as const;

export function findTexts(golferId: number, client: Tx = db): Promise<TextsRow | null> {
  return client.golferTexts.findUnique({ where: { golferId }, select: rowSelect });
}

/** A number the golfer asked to confirm: the code's HMAC until `expiresAt`; the confirmed number is kept meanwhile. */
export async function startConfirming(
  tx: Tx,
  input: { golferId: number; phone: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  const pending = { pendingPhone: input.phone, codeHash: input.codeHash, codeExpiresAt: input.expiresAt };
  await tx.golferTexts.upsert({
    where: { golferId: input.golferId },
    create: { golferId: input.golferId, ...pending },
    update: pending,
  });
}

/**
 * The right code: the pending number becomes the golfer's, with texts on. Conditional on the code being the one
 * checked (`codeHash`), so two tries at once confirm once; false when it changed meanwhile.
 */
export async function confirmNumber(golferId: number, codeHash: string, now: Date, client: Tx = db): Promise<boolean> {
  return inTransaction(client, async (tx) => {
    const row = await tx.golferTexts.findUnique({ where: { golferId }, select: rowSelect });
    if (!row?.pendingPhone || row.codeHash !== codeHash) return false;
    const { count } = await tx.golferTexts.updateMany({
      where: { golferId, codeHash },
      data: {
        phone: row.pendingPhone,
        confirmedAt: now,
        textsOn: true,
        offReason: null,
        offAt: null,
        pendingPhone: null,
        codeHash: null,
        codeExpiresAt: null,
      },
    });
    return count === 1;
  });
}

/** 'Turn texts off' on /me: no text goes to the golfer from now on (a number being confirmed is dropped too). */
export async function turnTextsOff(golferId: number, now: Date, client: Tx = db): Promise<void> {
  await client.golferTexts.updateMany({
    where: { golferId },
    data: { textsOn: false, offReason: 'golfer', offAt: now, pendingPhone: null, codeHash: null, codeExpiresAt: null },
  });
}

/**
 * The number replied STOP (or a synonym), or Twilio refused a text because it had (error 21610): texts are off for
 * every golfer with that number, and a code being confirmed for it is dropped. Answers how many golfers.
 */
export async function stopNumber(phone: string, now: Date, client: Tx = db): Promise<number> {
  return inTransaction(client, async (tx) => {
    const stopped = await tx.golferTexts.updateMany({
      where: { phone, textsOn: true },
      data: { textsOn: false, offReason: 'stop', offAt: now },
    });
    await tx.golferTexts.updateMany({
      where: { pendingPhone: phone },
      data: { pendingPhone: null, codeHash: null, codeExpiresAt: null },
    });
    return stopped.count;
  });
}

/** The number replied START (or UNSTOP, YES): texts are on again for every golfer who confirmed it. */
export async function startNumber(phone: string, client: Tx = db): Promise<number> {
  const { count } = await client.golferTexts.updateMany({
    where: { phone, confirmedAt: { not: null }, textsOn: false },
    data: { textsOn: true, offReason: null, offAt: null },
  });
  return count;
}

/** Golfers with texts on among `golferIds`, with their numbers: one query whatever their number. */
export async function textNumbersOf(golferIds: Iterable<number>, client: Tx = db): Promise<Map<number, string>> {
  const rows = await selectWhereIn<{ golferId: number; phone: string | null; textsOn: boolean | number }>(
    client,
    'golfer_texts',
    ['golferId', 'phone', 'textsOn'],
    'golferId',
    [...new Set(golferIds)],
  );
  // SQLite answers a boolean as 0 or 1 through a raw query.
  return new Map(rows.flatMap((r) => (r.phone && Boolean(r.textsOn) ? [[Number(r.golferId), r.phone] as const] : [])));
}

/**
 * Whether a queued text may still go, at the moment it is sent: a code only to the number its golfer is confirming
 * now; anything else only to the golfer's confirmed number with texts on. Null when it may; else why not.
 */
export async function mayText(message: { golferId: number | null; toAddress: string; kind: string }) {
  if (message.golferId === null) return 'Not sent: a text goes only to a golfer who turned texts on';
  const row = await findTexts(message.golferId);
  if (message.kind === 'text-code')
    return row?.pendingPhone === message.toAddress ? null : 'Not sent: the number is no longer being confirmed';
  if (!row || row.phone !== message.toAddress) return 'Not sent: the golfer did not confirm this number';
  if (!row.textsOn)
    return row.offReason === 'stop' ? 'Not sent: the number replied STOP' : 'Not sent: the golfer turned texts off';
  return null;
}
