import { db, type Tx } from '~/db/db.server';
import { golferDisplayName } from '~/domain/golfer-display';
import {
  flightSkins,
  holeStats,
  skinsWon,
  type PlayedHole,
  type SkinsCard,
  type SkinsHole,
  type SkinsOutcome,
} from '~/domain/skins';
import { getSettings } from '~/models/settings.server';

/*
 * Skins and hole stats as the results page, the golfer page and their JSON twins show them (SPEC-3 §D4,
 * docs/decisions/124-live-results-and-skins.md), from the pure rules of app/domain/skins.ts. The hole scores come from
 * the scorecards (issue 25), which the lead connects with `setHoleScoresSource`; until then no night has any, and the
 * pages show nothing of skins or hole stats (never an empty table).
 */

/** A night's holes and each flight's cards (flight number, or 'none'), as the scorecards keep them. */
export type NightCards = { holes: SkinsHole[]; flights: { key: string; cards: SkinsCard[] }[] };

export type HoleScoresSource = {
  /** The night's course holes and cards; null: no hole scores that night. */
  nightCards: (date: string, client: Tx) => Promise<NightCards | null>;
  /** Every hole the golfer played in the season, with its par (attested cards only). */
  golferHoles: (golferId: number, season: number, client: Tx) => Promise<PlayedHole[]>;
};

const noHoleScores: HoleScoresSource = {
  nightCards: () => Promise.resolve(null),
  golferHoles: () => Promise.resolve([]),
};
let source: HoleScoresSource = noHoleScores;

/** Where hole scores come from (the scorecards); null: none (the default until the scorecards exist). */
export function setHoleScoresSource(next: HoleScoresSource | null): void {
  source = next ?? noHoleScores;
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
  const [settings, cards] = await Promise.all([getSettings(), source.nightCards(date, client)]);
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
  return holeStats(await source.golferHoles(golferId, season, client));
}
