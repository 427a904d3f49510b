import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Form } from '@remix-run/react';
import { Button } from '~/ui/primitives/button';
import { useHydrated } from '~/ui/use-hydrated';
import { CardTableHead } from '~/ui/card-table-head';
import { NoticeLine } from '~/ui/notice';
import { askForBackgroundSync } from '~/ui/golfer-app';
import {
  dequeue,
  enqueue,
  newClientId,
  readQueue,
  readSentSince,
  rememberSent,
  sendQueue,
  type QueuedEntry,
} from '~/ui/scorecard-queue';
import { HOLE_STROKES, holeStrokesSchema, NO_STROKES, readHoleForm, strokesHeld } from '~/schemas/hole-strokes';
import type { HoleWriteResult } from '~/schemas/scorecard';
import { cardLine, runningTotalLabel, thruLabel, type HoleSpec } from '~/domain/scorecard';

/** What the board needs of a card (the loader's ScorecardView as JSON). */
export type BoardCard = {
  date: string;
  teeTimeId: number;
  state: string;
  holes: HoleSpec[];
  golfers: { golferId: number; name: string; handicap: number | null; didNotFinish: boolean }[];
  scores: { golferId: number; hole: number; strokes: number }[];
  closedMessage: string | null;
};

const NOT_SENT = 'Saved on this phone, not sent yet';

type Cell = { strokes: number; pending: boolean; note: string | null };
const keyOf = (golferId: number, hole: number) => `${golferId}-${hole}`;

/** The first hole someone of the group has not finished, else the last. */
function firstOpenHole(card: BoardCard, cells: Map<string, Cell>): number {
  const open = card.holes.find((h) =>
    card.golfers.some((g) => !g.didNotFinish && !cells.has(keyOf(g.golferId, h.number))),
  );
  return open?.number ?? card.holes.at(-1)?.number ?? 1;
}

/**
 * The card on the phone (docs/product/scorecards.md): one hole at a time, every golfer of the group, then the table of holes with
 * running gross, net and Thru. Without JavaScript each hole is a form post. With it, an entry is kept on the phone
 * first (IndexedDB), shown as 'Saved on this phone, not sent yet', and sent in order whenever the network is there.
 */
export function ScorecardBoard({
  card,
  me,
  formId,
  initialHole,
  keptAt = null,
}: {
  card: BoardCard;
  me: { golferId: number; name: string };
  formId: string;
  initialHole: number | null;
  /** When the golfers' worker kept this copy of the card, if the page is that copy (no signal: decision 160). */
  keptAt?: number | null;
}) {
  const hydrated = useHydrated();
  const [cells, setCells] = useState(() => {
    const map = new Map<string, Cell>();
    for (const s of card.scores) map.set(keyOf(s.golferId, s.hole), { strokes: s.strokes, pending: false, note: null });
    return map;
  });
  const [hole, setHole] = useState(() => initialHole ?? firstOpenHole(card, cells));
  const [problem, setProblem] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const sending = useRef(false);
  const sendAgain = useRef(false);
  const movedToOpenHole = useRef(false);
  const writable = !card.closedMessage && card.holes.length > 0;

  // The server's strokes are what the loader brought; entries still queued on this phone are laid over them.
  useEffect(() => {
    setCells((current) => {
      const next = new Map(current);
      for (const s of card.scores) {
        const cell = next.get(keyOf(s.golferId, s.hole));
        if (!cell?.pending)
          next.set(keyOf(s.golferId, s.hole), { strokes: s.strokes, pending: false, note: cell?.note ?? null });
      }
      return next;
    });
  }, [card.scores]);

  const apply = useCallback(
    (queued: QueuedEntry[], results: HoleWriteResult[]) => {
      setCells((current) => {
        const next = new Map(current);
        for (const e of queued) {
          const key = keyOf(e.golferId, e.hole);
          const par = card.holes.find((h) => h.number === e.hole)?.par ?? 4;
          const { strokes, capped } = strokesHeld(e.strokes, par);
          next.set(key, { strokes, pending: true, note: capped });
        }
        for (const r of results) {
          next.set(keyOf(r.golferId, r.hole), { strokes: r.strokes, pending: false, note: r.changed ?? r.capped });
        }
        // Entries still queued after a send keep their mark.
        for (const e of queued) {
          if (results.some((r) => r.clientId === e.clientId)) continue;
          const cell = next.get(keyOf(e.golferId, e.hole));
          if (cell) next.set(keyOf(e.golferId, e.hole), { ...cell, pending: true });
        }
        // `queued` is the whole queue: a mark with no entry left was sent by another hand (the golfers' worker's
        // Background Sync, decision 160), so it is no longer 'not sent yet'.
        const stillQueued = new Set(queued.map((e) => keyOf(e.golferId, e.hole)));
        for (const [key, cell] of next)
          if (cell.pending && !stillQueued.has(key)) next.set(key, { ...cell, pending: false });
        return next;
      });
    },
    [card.holes],
  );

  /** Sends what the phone holds, in order, until the queue is empty or the network or the server says no. */
  const sendAll = useCallback(async () => {
    for (;;) {
      const queue = await readQueue(card.date, me.golferId);
      if (queue.length === 0) {
        apply([], []); // the worker may have sent what this page still marks
        return;
      }
      const outcome = await sendQueue(card.date, card.teeTimeId, queue);
      if (outcome.kind === 'offline') return;
      if (outcome.kind === 'refused') {
        // Kept on the phone: nothing is lost, and an administrator can still type them in.
        setRefusal(outcome.message);
        return;
      }
      setRefusal(null);
      await rememberSent(card.date, me.golferId, outcome.results);
      const taken = new Set(outcome.results.map((r) => r.clientId));
      const left = await dequeue(card.date, me.golferId, taken);
      apply(left, outcome.results);
    }
  }, [apply, card.date, card.teeTimeId, me.golferId]);

  /**
   * `sendAll`, one at a time. A call while a send is under way (the network came back while a send made without it
   * was still failing) is not dropped: the send runs once more when the one under way ends.
   */
  const flush = useCallback(async () => {
    if (sending.current) {
      sendAgain.current = true;
      return;
    }
    sending.current = true;
    try {
      do {
        sendAgain.current = false;
        await sendAll();
      } while (sendAgain.current);
    } finally {
      sending.current = false;
    }
  }, [sendAll]);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      // A copy kept before this phone sent some holes: what the server answered for them goes over it.
      const sent = keptAt === null ? [] : await readSentSince(card.date, me.golferId, keptAt);
      const queue = await readQueue(card.date, me.golferId);
      if (stopped) return;
      if (sent.length > 0)
        setCells((current) => {
          const next = new Map(current);
          for (const s of sent) next.set(keyOf(s.golferId, s.hole), { strokes: s.strokes, pending: false, note: null });
          return next;
        });
      apply(queue, []);
      // The copy opens at the first hole this phone has not filled, as the server's page would have.
      if (keptAt !== null && initialHole === null && !movedToOpenHole.current) {
        movedToOpenHole.current = true;
        const known = new Map<string, Cell>();
        for (const c of [...card.scores, ...sent, ...queue])
          known.set(keyOf(c.golferId, c.hole), { strokes: c.strokes, pending: false, note: null });
        setHole(firstOpenHole(card, known));
      }
      void flush();
    })();
    const online = () => void flush();
    window.addEventListener('online', online);
    // A phone that never says it is back online (a captive portal, a weak signal) is tried again now and then.
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush();
    }, 15_000);
    return () => {
      stopped = true;
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [apply, card, flush, initialHole, keptAt, me.golferId]);

  async function saveHole(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The form the page's action reads without JavaScript, read and checked here the same way (the one strokes rule).
    const entries: QueuedEntry[] = [];
    for (const field of readHoleForm(new FormData(event.currentTarget)).strokes) {
      const g = card.golfers.find((golfer) => String(golfer.golferId) === field.golferId);
      if (!g) continue;
      const strokes = holeStrokesSchema.safeParse(field.text);
      if (!strokes.success) {
        setProblem(`${g.name}: ${strokes.error.issues[0].message}`);
        return;
      }
      entries.push({
        clientId: newClientId(),
        golferId: g.golferId,
        hole,
        strokes: strokes.data,
        enteredAt: Date.now(),
      });
    }
    if (entries.length === 0) {
      setProblem(NO_STROKES);
      return;
    }
    setProblem(null);
    const queue = await enqueue(card.date, me.golferId, card.teeTimeId, entries);
    apply(queue, []);
    askForBackgroundSync();
    const next = card.holes.find((h) => h.number === hole + 1);
    if (next) setHole(next.number);
    void flush();
  }

  const current = card.holes.find((h) => h.number === hole) ?? card.holes[0];
  const pendingCount = [...cells.values()].filter((c) => c.pending).length;

  return (
    <div className="space-y-4">
      {refusal ? <NoticeLine tone="error">{refusal}. Your entries are kept on this phone.</NoticeLine> : null}
      {pendingCount > 0 ? (
        <NoticeLine>
          {pendingCount} {pendingCount === 1 ? 'entry' : 'entries'}: {NOT_SENT}
        </NoticeLine>
      ) : null}
      {current && writable ? (
        <Form method="post" onSubmit={hydrated ? saveHole : undefined} className="space-y-3 rounded-md border p-3">
          <input type="hidden" name="intent" value="hole" />
          <input type="hidden" name="formId" value={formId} />
          <input type="hidden" name="hole" value={current.number} />
          <h2 className="text-lg font-semibold">
            Hole {current.number} · Par {current.par} · Stroke index {current.strokeIndex}
          </h2>
          {problem ? (
            <p role="alert" className="text-sm text-red-800">
              {problem}
            </p>
          ) : null}
          {card.golfers
            .filter((g) => !g.didNotFinish)
            .map((g) => {
              const cell = cells.get(keyOf(g.golferId, current.number));
              return (
                <div key={`${g.golferId}-${current.number}`} className="flex items-center justify-between gap-2">
                  <label htmlFor={`s-${g.golferId}`} className="text-sm">
                    {g.name}
                    {g.golferId === me.golferId ? ' (you)' : ''}
                  </label>
                  <input
                    id={`s-${g.golferId}`}
                    name={`s-${g.golferId}`}
                    type="number"
                    inputMode="numeric"
                    min={HOLE_STROKES.min}
                    max={HOLE_STROKES.max}
                    defaultValue={cell?.strokes ?? ''}
                    className="w-20 rounded border px-2 py-2 text-lg"
                  />
                </div>
              );
            })}
          <Button type="submit" className="w-full">
            Save hole {current.number}
          </Button>
        </Form>
      ) : null}
      <nav aria-label="Holes" className="flex flex-wrap gap-1">
        {card.holes.map((h) => (
          <a
            key={h.number}
            href={`?hole=${h.number}`}
            aria-current={h.number === hole ? 'true' : undefined}
            onClick={(event) => {
              if (!hydrated) return;
              // With JavaScript the card moves between holes on the phone, with or without a signal.
              event.preventDefault();
              setHole(h.number);
            }}
            className={`rounded border px-3 py-2 text-sm ${h.number === hole ? 'bg-emerald-100 font-semibold' : ''}`}
          >
            {h.number}
          </a>
        ))}
      </nav>
      <CardTable card={card} cells={cells} />
    </div>
  );
}

/** Tight cells: a 9-hole card of a group, with its running totals and 'Thru {n}' on one line, fits a 375 px phone. */
const CELL = 'px-0.5';

function CardTable({ card, cells }: { card: BoardCard; cells: Map<string, Cell> }) {
  const notes = [...cells.entries()].filter(([, c]) => c.note);
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto" role="region" aria-label="Card by hole" tabIndex={0}>
        <table className="text-sm">
          <caption className="sr-only">Strokes by hole, with running gross, net and Thru</caption>
          <CardTableHead holes={card.holes} cellPadding={CELL} />
          <tbody>
            {card.golfers.map((g) => {
              const strokes = card.holes.map((h) => cells.get(keyOf(g.golferId, h.number))?.strokes ?? null);
              const line = cardLine(card.holes, strokes, g.handicap);
              return (
                <tr key={g.golferId} data-golfer={g.golferId}>
                  <th scope="row" className={`${CELL} text-left font-normal`}>
                    {g.name}
                    {g.didNotFinish ? ' (Did not finish)' : ''}
                  </th>
                  {card.holes.map((h) => {
                    const cell = cells.get(keyOf(g.golferId, h.number));
                    return (
                      <td
                        key={h.number}
                        className={`${CELL} text-center ${cell?.pending ? 'italic text-sky-800' : ''}`}
                        title={cell?.pending ? NOT_SENT : undefined}
                      >
                        {cell ? cell.strokes : ''}
                      </td>
                    );
                  })}
                  <td className={`${CELL} text-center`}>{runningTotalLabel(line.gross, line.thru)}</td>
                  <td className={`${CELL} text-center`}>{runningTotalLabel(line.net, line.thru)}</td>
                  <td className={`${CELL} whitespace-nowrap text-center`}>{thruLabel(line.thru)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {notes.length > 0 ? (
        <ul className="text-sm">
          {notes.map(([key, c]) => {
            const [golferId, hole] = key.split('-').map(Number);
            const name = card.golfers.find((g) => g.golferId === golferId)?.name ?? '';
            return (
              <li key={key}>
                {name}, hole {hole}: {c.note}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
