import { auditNote, recordAudit, type Actor } from '~/db/audit.server';
import { db, type Tx } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import { ConflictError, InvalidError, NotFoundError } from '~/domain/errors';
import { formatDollarsAndCents } from '~/domain/format';
import { golferDisplayName } from '~/domain/golfer-display';
import { cents, type Cents } from '~/domain/money';
import { formatRoundDate } from '~/domain/season';
import { GAME_LABELS, GAMES, type Game } from '~/domain/side-games';
import { seasonOfDate } from '~/models/handicaps.server';
import { findTeeTimeNight } from '~/models/nights-out.server';
import { recomputePayouts, recomputeSeasonPayouts } from '~/models/payouts.server';
import type { EntriesInput, SideGamesInput } from '~/schemas/side-games';

/*
 * A season's side games, the golfers' entries of a night and the night's closest to the pin
 * (docs/product/money.md, docs/decisions/181-side-games-and-payouts.md). Every write is audited and recomputes the
 * payouts it touches in its transaction (app/models/payouts.server.ts).
 */

export type SideGames = SideGamesInput;

const NONE: SideGames = { skins: null, closestToPin: null, lowNet: null };

type SideGamesRow = {
  skinsFeeCents: number | null;
  skinsNet: boolean;
  closestToPinFeeCents: number | null;
  closestToPinHole: number | null;
  lowNetFeeCents: number | null;
};

function gamesOf(row: SideGamesRow | null): SideGames {
  if (!row) return NONE;
  return {
    skins: row.skinsFeeCents === null ? null : { net: row.skinsNet, feeCents: cents(row.skinsFeeCents) },
    closestToPin:
      row.closestToPinFeeCents === null || row.closestToPinHole === null
        ? null
        : { hole: row.closestToPinHole, feeCents: cents(row.closestToPinFeeCents) },
    lowNet: row.lowNetFeeCents === null ? null : { feeCents: cents(row.lowNetFeeCents) },
  };
}

/** A season's side games (all null: none played). */
export async function getSideGames(season: number, client: Tx = db): Promise<SideGames> {
  return gamesOf(await client.sideGames.findUnique({ where: { season } }));
}

/** The fee of each game played (null: not played). */
export function feesOf(games: SideGames): Record<Game, Cents | null> {
  return {
    skins: games.skins?.feeCents ?? null,
    closestToPin: games.closestToPin?.feeCents ?? null,
    lowNet: games.lowNet?.feeCents ?? null,
  };
}

/** How a season's games read on its screen and in the audit log: 'Skins (net): $5.00 a night'. */
export function describeGames(games: SideGames): string[] {
  const a = (fee: Cents) => `${formatDollarsAndCents(fee)} a night`;
  return [
    ...(games.skins ? [`Skins (${games.skins.net ? 'net' : 'gross'}): ${a(games.skins.feeCents)}`] : []),
    ...(games.closestToPin
      ? [`Closest to the pin (hole ${games.closestToPin.hole}): ${a(games.closestToPin.feeCents)}`]
      : []),
    ...(games.lowNet ? [`Low net: ${a(games.lowNet.feeCents)}`] : []),
  ];
}

/**
 * Sets a season's side games. A game golfers entered that season cannot be turned off (409); changing skins between
 * net and gross recomputes the season's payouts. Fees apply to entries made from now on.
 */
export async function saveSideGames(
  season: number,
  input: SideGamesInput,
  actor: Actor | null,
  client: Tx = db,
): Promise<SideGames> {
  return inTransaction(client, async (tx) => {
    if (!(await tx.season.findUnique({ where: { year: season }, select: { year: true } })))
      throw new NotFoundError('Season not found');
    const before = await getSideGames(season, tx);
    for (const game of GAMES) {
      if (input[game] !== null || before[game] === null) continue;
      const nights = await tx.sideGameEntry.findMany({
        where: { season, game },
        select: { date: true },
        distinct: ['date'],
      });
      if (nights.length > 0)
        throw new ConflictError(
          `${GAME_LABELS[game]} cannot be turned off: golfers entered it on ${nights.length} night${nights.length === 1 ? '' : 's'} of the ${season} season. Take their entries off first.`,
        );
    }
    const data = {
      skinsFeeCents: input.skins?.feeCents ?? null,
      skinsNet: input.skins?.net ?? true,
      closestToPinFeeCents: input.closestToPin?.feeCents ?? null,
      closestToPinHole: input.closestToPin?.hole ?? null,
      lowNetFeeCents: input.lowNet?.feeCents ?? null,
    };
    const after = gamesOf(await tx.sideGames.upsert({ where: { season }, create: { season, ...data }, update: data }));
    const was = describeGames(before).join('; ') || 'none';
    const now = describeGames(after).join('; ') || 'none';
    if (was !== now)
      await recordAudit(
        tx,
        actor,
        auditNote({
          action: 'update',
          entity: 'side games',
          entityId: String(season),
          summary: `Side games of ${season}: ${was} → ${now}`,
        }),
      );
    if ((before.skins?.net ?? null) !== (after.skins?.net ?? null)) await recomputeSeasonPayouts(tx, season);
    return after;
  });
}

/** A league night of a season with side games, or a 404; its season's games. */
async function requireGameNight(date: string, tx: Tx) {
  const night = await findTeeTimeNight(date, tx);
  if (!night) throw new NotFoundError(`There is no league night on ${formatRoundDate(date, 'EEEE, MMMM d, yyyy')}`);
  return { season: night.season, games: await getSideGames(night.season, tx) };
}

export type NightEntries = { date: string; golferId: number } & Record<Game, boolean>;

const label = (date: string) => formatRoundDate(date, 'EEEE, MMMM d');

/**
 * Sets a golfer's entries of one night: each game ticked is entered at the season's fee (an entry already made keeps
 * its fee), each not ticked is taken off. A game the season does not play is refused (400). The night's payouts follow.
 */
export async function setEntries(
  date: string,
  golferId: number,
  input: EntriesInput,
  actor: Actor | null,
  client: Tx = db,
): Promise<NightEntries> {
  return inTransaction(client, async (tx) => {
    const { season, games } = await requireGameNight(date, tx);
    const golfer = await tx.golfer.findUnique({ where: { id: golferId }, select: { id: true, fullName: true } });
    if (!golfer) throw new NotFoundError('Golfer not found');
    const fees = feesOf(games);
    for (const game of GAMES)
      if (input[game] && fees[game] === null)
        throw new InvalidError(`${GAME_LABELS[game]} is not played in the ${season} season`, {
          [game]: [`${GAME_LABELS[game]} is not played in the ${season} season`],
        });
    const stored = await tx.sideGameEntry.findMany({ where: { date, golferId }, select: { game: true } });
    const had = new Set(stored.map((e) => e.game));
    const add = GAMES.filter((g) => input[g] && !had.has(g));
    const drop = GAMES.filter((g) => !input[g] && had.has(g));
    if (drop.length > 0) await tx.sideGameEntry.deleteMany({ where: { date, golferId, game: { in: drop } } });
    if (add.length > 0)
      await tx.sideGameEntry.createMany({
        data: add.map((game) => ({ date, season, golferId, game, feeCents: fees[game]! })),
      });
    if (add.length + drop.length > 0) {
      const playing = GAMES.filter((g) => input[g]).map((g) => GAME_LABELS[g].toLowerCase());
      await recordAudit(
        tx,
        actor,
        auditNote({
          action: 'update',
          entity: 'side game entry',
          entityId: `${date}/${golferId}`,
          summary: `Side games of ${golfer.fullName} on ${date}: ${playing.join(', ') || 'none'}`,
        }),
      );
      await recomputePayouts(tx, [date]);
    }
    return { date, golferId, ...(Object.fromEntries(GAMES.map((g) => [g, input[g]])) as Record<Game, boolean>) };
  });
}

/** Every entry of one night: golfer and game. */
export function entriesOfNight(date: string, client: Tx = db) {
  return client.sideGameEntry.findMany({ where: { date }, select: { golferId: true, game: true } });
}

/** Whether the golfer played that night: a round, or hole scores on a card. */
async function playedOn(tx: Tx, golferId: number, date: string): Promise<boolean> {
  if (await tx.round.findFirst({ where: { golferId, date }, select: { id: true } })) return true;
  return (await tx.holeScore.count({ where: { golferId, scorecard: { date } } })) > 0;
}

export type ClosestToPinResult = { date: string; golferId: number; feet: number; inches: number };

/**
 * The night's closest to the pin (docs/product/money.md#payouts): the winner must have played that night and entered
 * the game (400 otherwise, nothing saved). The night's payouts follow.
 */
export async function setClosestToPin(
  date: string,
  input: { golferId: number; feet: number; inches: number },
  actor: Actor | null,
  client: Tx = db,
): Promise<ClosestToPinResult> {
  return inTransaction(client, async (tx) => {
    const { season, games } = await requireGameNight(date, tx);
    if (!games.closestToPin) throw new InvalidError(`Closest to the pin is not played in the ${season} season`);
    const golfer = await tx.golfer.findUnique({
      where: { id: input.golferId },
      select: { id: true, firstName: true, lastName: true, nickname: true, fullName: true },
    });
    if (!golfer)
      throw new InvalidError(`Golfer #${input.golferId} does not exist`, {
        golferId: [`Golfer #${input.golferId} does not exist`],
      });
    const name = golferDisplayName(golfer);
    if (!(await playedOn(tx, golfer.id, date)))
      throw new InvalidError(`${name} did not play on ${label(date)}`, {
        golferId: [`${name} did not play on ${label(date)}`],
      });
    const entered = await tx.sideGameEntry.findFirst({
      where: { date, golferId: golfer.id, game: 'closestToPin' },
      select: { id: true },
    });
    if (!entered)
      throw new InvalidError(`${name} did not enter closest to the pin on ${label(date)}`, {
        golferId: [`${name} did not enter closest to the pin on ${label(date)}`],
      });
    const data = { season: seasonOfDate(date)!, golferId: golfer.id, feet: input.feet, inches: input.inches };
    await tx.closestToPin.upsert({ where: { date }, create: { date, ...data }, update: data });
    await recordAudit(
      tx,
      actor,
      auditNote({
        action: 'update',
        entity: 'closest to the pin',
        entityId: date,
        summary: `Closest to the pin on ${date}: ${golfer.fullName}, ${input.feet} ft ${input.inches} in`,
      }),
    );
    await recomputePayouts(tx, [date]);
    return { date, golferId: golfer.id, feet: input.feet, inches: input.inches };
  });
}

/** The night's closest to the pin with the winner's name, or null. */
export async function getClosestToPin(date: string, client: Tx = db) {
  const row = await client.closestToPin.findUnique({
    where: { date },
    select: { golferId: true, feet: true, inches: true, golfer: { select: { fullName: true } } },
  });
  return row && { golferId: row.golferId, name: row.golfer.fullName, feet: row.feet, inches: row.inches };
}
