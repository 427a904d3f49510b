import { useEffect, useState } from 'react';
import type { LiveRow } from '~/schemas/live-results';

/*
 * The live leaderboard in the browser (docs/decisions/124-live-results-and-skins.md): an EventSource on
 * /stats/results/{date}/live replaces the night's rows with each leaderboard the server sends, so the table updates
 * without a reload. No library: the browser reconnects by itself and sends the last event's id, and the server
 * answers with what was missed. Without JavaScript the page is the same table, current at each reload.
 */

type Board<S> = {
  date: string;
  version: string;
  status: S;
  inPlay: boolean;
  flights: { key: string; rows: LiveRow[] }[];
};

/** A flight's table as the page shows it: one page of its rows, with what the pager says. */
export type ShownFlight = {
  key: string;
  rows: LiveRow[];
  page: number;
  pageCount: number;
  first: number;
  total: number;
};

/** The page's tables from a whole leaderboard: every flight's first page, or the one flight asked for at its page. */
function shownFlights<S>(board: Board<S>, only: string | null, pages: ReadonlyMap<string, number>, pageSize: number) {
  return board.flights
    .filter((flight) => only === null || flight.key === only)
    .map((flight): ShownFlight => {
      const pageCount = Math.max(1, Math.ceil(flight.rows.length / pageSize));
      const page = Math.min(pages.get(flight.key) ?? 1, pageCount);
      const first = (page - 1) * pageSize;
      return {
        key: flight.key,
        rows: flight.rows.slice(first, first + pageSize),
        page,
        pageCount,
        first,
        total: flight.rows.length,
      };
    });
}

/**
 * The flights to draw: the loader's until the server sends a newer leaderboard, then that one's. `live` says the
 * stream is connected (the page says 'Live').
 */
export function useLiveResults<S extends string>(page: {
  date: string;
  version: string;
  status: S;
  inPlay: boolean;
  flight: string | null;
  pageSize: number;
  flights: ShownFlight[];
}): { flights: ShownFlight[]; status: S; inPlay: boolean; live: boolean } {
  const { date, version } = page;
  const [board, setBoard] = useState<Board<S> | null>(null);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`/stats/results/${date}/live?since=${encodeURIComponent(version)}`);
    source.onopen = () => setLive(true);
    source.onerror = () => setLive(false);
    source.addEventListener('leaderboard', (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as Board<S>;
      if (next.date === date) setBoard(next);
    });
    return () => {
      source.close();
      setBoard(null);
      setLive(false);
    };
  }, [date, version]);
  if (!board || board.version === version)
    return { flights: page.flights, status: page.status, inPlay: page.inPlay, live };
  const pages = new Map(page.flights.map((f) => [f.key, f.page]));
  const flights = shownFlights(board, page.flight, pages, page.pageSize);
  return { flights, status: board.status, inPlay: board.inPlay, live };
}
