import { db, type Tx } from '~/db/db.server';
import { golferDisplayName } from '~/domain/golfer-display';
import { flightSkins, holeStats, skinsWon, type SkinsCard, type SkinsHole, type SkinsOutcome } from '~/domain/skins';
import { handicapsOn, seasonOfDate } from '~/models/handicaps.server';
import { subsOnDates } from '~/models/nights-out.server';
import { golferHoles, nightHoleCards } from '~/models/night-scores.server';
import { getSettings } from '~/models/settings.server';

/*
 * Skins and hole stats as the results page, the golfer page and their JSON twins show them (SPEC-3 §D4,
 * docs/decisions/124-live-results-and-skins.md), from the pure rules of app/domain/skins.ts and the scorecards' hole
 * scores (app/models/night-scores.server.ts). A night or golfer without attested hole scores shows nothing of skins or
 * hole stats (never an empty table).
 */

/** A night's holes and each flight's attested cards (flight number), as skins are worked out from them. */
type NightCards = { holes: SkinsHole[]; flights: { key: string; cards: SkinsCard[] }[] };

/**
 * The night's attested cards by flight, or null when there are none. The night's course is the one its attested
 * cards are played on (every card of a night is on one course; a card on another is left out). Skins are played
 * within a flight by the golfers who play for its places: a sub, or a golfer without a flight, wins none. Each card
 * carries the handicap the night's net is worked with (the golfer's handicap on that date). A fixed number of
 * queries.
 */
async function nightCards(date: string, client: Tx): Promise<NightCards | null> {
  const { cards, holesOf } = await nightHoleCards(date, client);
  const attested = cards.filter((card) => card.attested && card.courseId !== null);
  if (attested.length === 0) return null;
  const courseId = attested[0].courseId!;
  const holes = holesOf.get(courseId) ?? [];
  const played = attested.filter((card) => card.courseId === courseId);
  const ids = played.map((card) => card.golferId);
  const [assignments, subs, handicaps] = await Promise.all([
    client.flightAssignment.findMany({
      where: { season: seasonOfDate(date)!, golferId: { in: ids } },
      select: { golferId: true, flightNo: true },
    }),
    subsOnDates([date], client),
    handicapsOn(client, ids, date),
  ]);
  const flightOf = new Map(assignments.map((a) => [a.golferId, a.flightNo]));
  const subsOfNight = subs.get(date) ?? new Set<number>();
  const flights = new Map<string, SkinsCard[]>();
  for (const card of played) {
    const flight = flightOf.get(card.golferId);
    if (flight === undefined || subsOfNight.has(card.golferId)) continue;
    const list = flights.get(flight) ?? [];
    list.push({
      golferId: card.golferId,
      handicap: handicaps.get(card.golferId) ?? null,
      attested: true,
      strokes: card.strokes,
    });
    flights.set(flight, list);
  }
  return {
    holes,
    flights: [...flights.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
      .map(([key, flightCards]) => ({ key, cards: flightCards })),
  };
}

type SkinsView = {
  /** Skins won per golfer, most first. */
  won: { golferId: number; name: string; skins: number; holes: number[] }[];
  /** Tied holes whose skins carried to the end of the round unclaimed ('Skins carry over' on). */
  unclaimed: number[];
};

export type FlightSkinsView = { flight: string; gross: SkinsView; net: SkinsView };

/**
 * The night's skins per flight, or null when there are none to show: 'Skins' off, no hole scores, or no flight with
 * an attested card. One query for the winners' names, whatever the number of golfers.
 */
export async function nightSkins(date: string, client: Tx = db): Promise<FlightSkinsView[] | null> {
  const [settings, cards] = await Promise.all([getSettings(), nightCards(date, client)]);
  if (!cards) return null;
  const flights = cards.flights.flatMap((f) => {
    const skins = flightSkins(cards.holes, f.cards, settings);
    return skins ? [{ flight: f.key, skins }] : [];
  });
  if (flights.length === 0) return null;
  const ids = [
    ...new Set(flights.flatMap((f) => [...f.skins.gross.skins, ...f.skins.net.skins].map((s) => s.golferId))),
  ];
  const golfers = await client.golfer.findMany({
    where: { id: { in: ids } },
    select: { id: true, firstName: true, lastName: true, nickname: true, fullName: true },
  });
  const nameOf = new Map(golfers.map((g) => [g.id, golferDisplayName(g)]));
  const view = (outcome: SkinsOutcome): SkinsView => ({
    won: skinsWon(outcome).map((w) => ({ ...w, name: nameOf.get(w.golferId) ?? `Golfer #${w.golferId}` })),
    unclaimed: outcome.unclaimed,
  });
  return flights.map((f) => ({ flight: f.flight, gross: view(f.skins.gross), net: view(f.skins.net) }));
}

/** A golfer's hole averages and score counts in a season, or null without hole scores. */
export async function golferHoleStats(golferId: number, season: number, client: Tx = db) {
  return holeStats(await golferHoles(golferId, season, client));
}
