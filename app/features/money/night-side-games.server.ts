import { db } from '~/db/db.server';
import { inTransaction } from '~/db/transaction.server';
import type { Actor } from '~/db/audit.server';
import { formatDollarsAndCents } from '~/domain/format';
import { golferDisplayName } from '~/domain/golfer-display';
import { GAME_LABELS, GAMES, type Game } from '~/domain/side-games';
import { requireNight } from '~/features/subs/night.server';
import { seasonGroupsOnNight } from '~/models/night-groups.server';
import { entriesOfNight, feesOf, getClosestToPin, getSideGames, setEntries } from '~/models/side-games.server';
import type { EntriesInput } from '~/schemas/side-games';

/*
 * The administrators' side of a night's side games (docs/product/money.md#entries): the entries on the night view
 * (/tee-times?date=) and the closest to the pin on /scores.
 */

/**
 * The night's players (who play its groups, subs included) with their entries, the season's games and the closest to
 * the pin; null for a date that is not a league night. A fixed number of queries.
 */
export async function nightSideGames(date: string) {
  const night = await requireNight(date).catch(() => null);
  if (!night) return null;
  const [games, groups, entries, closest] = await Promise.all([
    getSideGames(night.season),
    seasonGroupsOnNight(date),
    entriesOfNight(date),
    getClosestToPin(date),
  ]);
  const fees = feesOf(games);
  const ids = [...new Set([...groups.flatMap((g) => g.golferIds), ...entries.map((e) => e.golferId)])];
  const golfers = await db.golfer.findMany({
    where: { id: { in: ids } },
    select: { id: true, firstName: true, lastName: true, nickname: true, fullName: true },
  });
  const nameOf = new Map(golfers.map((g) => [g.id, golferDisplayName(g)]));
  return {
    date,
    season: night.season,
    games: GAMES.filter((g) => fees[g] !== null).map((g) => ({
      game: g,
      label: `${GAME_LABELS[g]} (${formatDollarsAndCents(fees[g]!)})`,
    })),
    hole: games.closestToPin?.hole ?? null,
    closest,
    players: ids.map((id) => ({
      golferId: id,
      name: nameOf.get(id) ?? `Golfer #${id}`,
      entered: Object.fromEntries(
        GAMES.map((g) => [g, entries.some((e) => e.golferId === id && e.game === g)]),
      ) as Record<Game, boolean>,
    })),
  };
}

/** 'Save entries' of the night view: every listed golfer's entries, in one transaction. */
export async function setNightEntries(
  date: string,
  rows: { golferId: number; entries: EntriesInput }[],
  actor: Actor,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    for (const row of rows) await setEntries(date, row.golferId, row.entries, actor, tx);
    return rows.length;
  });
}
