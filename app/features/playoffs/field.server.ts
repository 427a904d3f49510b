import { formatRoundDate } from '~/domain/season';
import { formatTeeTime } from '~/domain/tee-times';
import { mailOrigin } from '~/features/notifications/messages.server';
import {
  fieldMailees,
  lockPlayoffField,
  playoffLockDue,
  replacePlayoffSeed,
  type ReplaceInput,
} from '~/models/playoff-field.server';
import { enqueueMessage } from '~/models/outbox.server';
import { loadSchedules } from '~/models/handicaps.server';
import { getSettings } from '~/models/settings.server';
import type { Actor } from '~/db/audit.server';
import { db, isUniqueViolation, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { playoffNights } from '~/domain/playoffs';
import { renderHtml, renderText, type EmailBlock } from '~/integrations/mail/layout';

/**
 * The playoff field's writes with their email (docs/product/playoffs.md#the-field): locking it (by an administrator,
 * or by itself once the last qualifier night has points) and replacing a golfer. Each golfer who gets a seed is sent
 * 'You're in the {year} playoffs: Flight {n}, seed {s}' through the outbox, in the transaction of the lock or the
 * replacement, under the key `playoffs:{year}:{golfer}`: once a season whatever happens after. It is transactional
 * (sent to golfers who opted out of league messages too), like the receipt.
 */

type Seeded = { flightNo: string; seed: number; golferId: number };
type MailContext = { leagueName: string; origin: string };

async function mailContext(origin?: string | null): Promise<MailContext> {
  const { leagueName } = await getSettings();
  return { leagueName, origin: mailOrigin(origin) };
}

/** Queues each seeded golfer's 'You're in the playoffs' email, inside the caller's transaction. */
async function enqueueFieldMail(tx: Tx, season: number, seeds: readonly Seeded[], context: MailContext) {
  if (seeds.length === 0) return 0;
  const [mailees, schedule] = await Promise.all([
    fieldMailees(
      season,
      seeds.map((s) => s.golferId),
      tx,
    ),
    loadSchedules(tx, [season]),
  ]);
  const night = playoffNights(schedule).playoff;
  let queued = 0;
  for (const { flightNo, seed, golferId } of seeds) {
    const golfer = mailees.get(golferId);
    // A golfer without an address cannot be written to; the field page still names them.
    if (!golfer?.email) continue;
    const subject = `You're in the ${season} playoffs: Flight ${flightNo}, seed ${seed}`;
    const date = night ? formatRoundDate(night, 'EEEE, MMMM d, yyyy') : 'To be announced';
    const teeTime = golfer.teeTime ? formatTeeTime(golfer.teeTime, 'table') : 'To be announced';
    const blocks: EmailBlock[] = [
      { kind: 'paragraph', text: golfer.firstName.trim() ? `Hello ${golfer.firstName.trim()},` : 'Hello,' },
      {
        kind: 'paragraph',
        text: `Congratulations: you're in the ${season} ${context.leagueName} playoffs, seed ${seed} of Flight ${flightNo}. The lowest net score of the flight playoff wins the flight, and the four flight champions play the Grand Championship.`,
      },
      {
        kind: 'details',
        rows: [
          ['Flight', flightNo],
          ['Seed', String(seed)],
          ['Flight playoff', date],
          ['Tee time', teeTime],
        ],
      },
      { kind: 'link', label: 'The playoffs', href: `${context.origin}/stats/playoffs?season=${season}` },
    ];
    const sent = await enqueueMessage(tx, {
      key: `playoffs:${season}:${golferId}`,
      kind: 'playoffs',
      to: golfer.email,
      golferId,
      subject,
      text: renderText(blocks, context.leagueName),
      html: renderHtml(subject, blocks, context.leagueName),
    });
    if (sent) queued += 1;
  }
  return queued;
}

/**
 * Locks the season's field and queues its emails, in one transaction. `locked` false: it was locked already, and
 * nothing changed (locking twice is harmless, even when two requests race: the loser finds it locked).
 */
export async function lockField(
  season: number,
  actor: Actor | null,
  options: { origin?: string | null } = {},
): Promise<{ locked: boolean; seeds: number; emails: number }> {
  const context = await mailContext(options.origin);
  try {
    return await inTransaction(db, async (tx) => {
      const stored = await lockPlayoffField(season, actor, tx);
      if (!stored) return { locked: false, seeds: 0, emails: 0 };
      const emails = await enqueueFieldMail(tx, season, stored.seeds, context);
      return { locked: true, seeds: stored.seeds.length, emails };
    });
  } catch (error) {
    // Two locks at once on PostgreSQL: the second insert of the season's row fails; the first one stands.
    if (isUniqueViolation(error)) return { locked: false, seeds: 0, emails: 0 };
    throw error;
  }
}

/**
 * The lock by itself (docs/product/playoffs.md#the-field): called after rounds or points are written; locks when the
 * last qualifier night of the season has points and the field is not locked yet. Never fails the write that called it.
 */
export async function lockFieldWhenDue(season: number): Promise<void> {
  try {
    if (await playoffLockDue(season)) await lockField(season, null);
  } catch (error) {
    // The write before it has committed; a lock that fails here is tried again by the next write, or done by hand.
    console.error(`Could not lock the ${season} playoff field by itself`, error);
  }
}

/** 'Replace' a golfer of the locked field, and email the golfer who takes the seed; one transaction. */
export async function replaceInField(
  season: number,
  input: ReplaceInput,
  actor: Actor,
  options: { origin?: string | null } = {},
) {
  const context = await mailContext(options.origin);
  return inTransaction(db, async (tx) => {
    const replaced = await replacePlayoffSeed(season, input, actor, tx);
    await enqueueFieldMail(
      tx,
      season,
      [{ flightNo: replaced.flightNo, seed: replaced.seed, golferId: replaced.in.golferId }],
      context,
    );
    return replaced;
  });
}
