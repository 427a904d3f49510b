import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { Form, Link } from '@remix-run/react';
import { useRef, useState } from 'react';
import { Button } from '~/ui/primitives/button';
import { FLIGHT_NUMBERS, isFlightNo, type FlightNo } from '~/domain/league-rules';
import { cn } from '~/ui/cn';
import { useHydrated } from '~/ui/use-hydrated';
import { orAbsent } from '~/domain/format';

/** A golfer on the board (the page's loader shapes it from app/models/flights.server.ts getFlightBoard). */
export type FlightEntry = {
  id: number;
  name: string;
  flightNo: string;
  /** The current handicap, and the season's lowest and highest. */
  hcp: number | null;
  low: number | null;
  high: number | null;
};

/** "HCP 12 · Range 9-14": the current handicap (ABSENT without one) and the season's range when both ends exist. */
export function handicapText(entry: Pick<FlightEntry, 'hcp' | 'low' | 'high'>): string {
  const range = entry.low !== null && entry.high !== null ? ` · Range ${entry.low}-${entry.high}` : '';
  return `HCP ${orAbsent(entry.hcp)}${range}`;
}

/**
 * The rows of a list of golfers (flight cards, Unassigned Members), styled from the list so that each of up to
 * hundreds of rows carries no classes of its own (decision 064): a name (b), the handicap line (small) on a line of
 * its own, and small links or controls at the end.
 */
export const golferRowsClass =
  'text-sm [&>li]:flex [&>li]:flex-wrap [&>li]:items-center [&>li]:gap-x-1 [&>li]:rounded-md [&>li]:border [&>li]:bg-white [&>li]:p-2 [&_b]:min-w-0 [&_b]:flex-1 [&_b]:break-words [&_b]:font-medium [&_b]:text-slate-900 [&_small]:order-last [&_small]:basis-full [&_small]:text-xs [&_small]:text-slate-600 [&_a]:rounded [&_a]:px-1.5 [&_a]:py-0.5 [&_a]:font-medium [&_a]:text-slate-700 [&_a:hover]:bg-slate-100 [&>li>a:last-of-type]:text-red-700';

const droppableId = (flightNo: string) => `flight-${flightNo}`;
const DROPPABLE_IDS = FLIGHT_NUMBERS.map(droppableId);

function flightOfDroppable(id: string | number | undefined): FlightNo | null {
  const n = typeof id === 'string' ? id.replace(/^flight-/, '') : null;
  return isFlightNo(n) ? n : null;
}

/**
 * Keyboard dragging jumps from flight card to flight card (arrow keys), rather than dnd-kit's default of
 * 25 pixels per key press, so a keyboard user reaches Flight 4 in three presses. The flight the keyboard is on is
 * kept in `target` as keys are pressed: dnd-kit's `over` is only updated when React next renders, so a quick
 * second key press (or a drop right after a move) would otherwise start from, or drop on, the previous flight.
 */
function flightKeyboardCoordinates(target: { current: number | null }): KeyboardCoordinateGetter {
  return (event, { context, currentCoordinates }) => {
    const steps: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    const step = steps[event.code];
    if (step === undefined) return undefined;
    event.preventDefault();
    const { active, droppableRects, collisionRect } = context;
    const origin = active?.data.current?.flightNo as string | undefined;
    const from = target.current ?? Math.max(0, origin ? DROPPABLE_IDS.indexOf(droppableId(origin)) : 0);
    const index = Math.min(DROPPABLE_IDS.length - 1, Math.max(0, from + step));
    const rect = droppableRects.get(DROPPABLE_IDS[index]);
    if (!rect || !collisionRect) return currentCoordinates;
    target.current = index;
    return {
      x: rect.left + Math.max(0, (rect.width - collisionRect.width) / 2),
      y: rect.top + Math.min(48, rect.height / 2),
    };
  };
}

/** With a pointer, only the card under the pointer counts (dropping outside a flight does nothing). */
const collisionDetection: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);

/**
 * The four flight cards. Entries drag between flights with the mouse, touch or keyboard (dnd-kit); a drop on
 * another flight calls `onMove`. Without JavaScript each card ends with one Move form instead: the golfer, the new
 * flight and a Move button (decision 064). `counts` are the season's (the board may show one page of each flight);
 * `base` is the board's URL, to which the Edit and Delete links add ?edit= and ?delete=.
 */
export function FlightBoard({
  entries,
  counts,
  base,
  onMove,
}: {
  entries: FlightEntry[];
  counts: Record<string, number>;
  base: string;
  onMove: (entry: FlightEntry, flightNo: FlightNo) => void;
}) {
  const [activeId, setActiveId] = useState<number | null>(null);
  // The flight index a keyboard drag is on (null for pointer drags, which drop where the pointer is).
  const keyboardTarget = useRef<number | null>(null);
  const [coordinateGetter] = useState(() => flightKeyboardCoordinates(keyboardTarget));
  const sensors = useSensors(
    // A short distance before a drag starts keeps clicks on the handle from being drags.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const byId = new Map(entries.map((e) => [e.id, e]));
  const nameOf = (id: string | number) => {
    const entry = byId.get(Number(id));
    return entry ? entry.name : 'Golfer';
  };
  const flightName = (id: string | number | undefined) => `Flight ${flightOfDroppable(id) ?? ''}`.trim();
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over ${flightName(over.id)}.` : `${nameOf(active.id)} is not over a flight.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped on ${flightName(over.id)}.`
        : `${nameOf(active.id)} was dropped outside the flights.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  function onDragStart({ active: a, activatorEvent }: DragStartEvent) {
    keyboardTarget.current = null;
    if (activatorEvent instanceof KeyboardEvent) {
      const origin = DROPPABLE_IDS.indexOf(droppableId(String(a.data.current?.flightNo)));
      keyboardTarget.current = origin >= 0 ? origin : null;
    }
    setActiveId(Number(a.id));
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setActiveId(null);
    const entry = byId.get(Number(active.id));
    const keyboardIndex = keyboardTarget.current;
    keyboardTarget.current = null;
    const target =
      keyboardIndex !== null ? flightOfDroppable(DROPPABLE_IDS[keyboardIndex]) : flightOfDroppable(over?.id);
    if (!entry || !target || target === entry.flightNo) return;
    onMove(entry, target);
  }

  const active = activeId === null ? null : (byId.get(activeId) ?? null);
  return (
    <DndContext
      id="flight-board"
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        keyboardTarget.current = null;
        setActiveId(null);
      }}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move a golfer to another flight, press Space or Enter, use the arrow keys to go from flight to flight, then press Space or Enter to drop, or Escape to cancel.',
        },
      }}
    >
      {/* The start of every Edit and Delete link's accessible name: "Edit flight assignment of {name}". */}
      <span id="fe" hidden>
        Edit flight assignment of
      </span>
      <span id="fd" hidden>
        Delete flight assignment of
      </span>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {FLIGHT_NUMBERS.map((flightNo) => (
          <FlightCard
            key={flightNo}
            flightNo={flightNo}
            count={counts[flightNo] ?? 0}
            base={base}
            entries={entries.filter((e) => e.flightNo === flightNo)}
          />
        ))}
      </div>
      <DragOverlay>{active ? <EntryCard entry={active} /> : null}</DragOverlay>
    </DndContext>
  );
}

/**
 * Where scripts run, each row keeps a gutter for the drag handle from the first paint (and the Move form is never
 * shown): the page looks the same before and after hydration, so nothing shifts (decision 063).
 */
const flightRowsClass = cn(golferRowsClass, 'space-y-2 [&>li]:relative [@media(scripting:enabled)]:[&>li]:pl-8');

function FlightCard({
  flightNo,
  count,
  base,
  entries,
}: {
  flightNo: FlightNo;
  count: number;
  base: string;
  entries: FlightEntry[];
}) {
  const hydrated = useHydrated();
  const { setNodeRef, isOver } = useDroppable({ id: droppableId(flightNo), data: { flightNo } });
  const headingId = `flight-card-${flightNo}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-testid={`flight-card-${flightNo}`}
      className={cn(
        'min-h-40 rounded-lg border bg-white p-4 shadow-sm transition-colors',
        isOver && 'border-emerald-500 bg-emerald-50',
      )}
    >
      <h2 id={headingId} className="mb-3 flex items-center justify-between font-semibold text-slate-900">
        Flight {flightNo}
        <span className="text-xs font-normal text-slate-500">{count}</span>
      </h2>
      {entries.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-slate-500">
          {count === 0 ? `No golfers in Flight ${flightNo}` : `No more golfers in Flight ${flightNo} on this page`}
        </p>
      ) : (
        <ul className={flightRowsClass}>
          {entries.map((entry) => (
            <DraggableEntry key={entry.id} entry={entry} base={base} hydrated={hydrated} />
          ))}
        </ul>
      )}
      {hydrated || entries.length === 0 ? null : <MoveForm flightNo={flightNo} entries={entries} />}
    </section>
  );
}

/** `base` with one more parameter: '/flights?season=2026&edit=12'. */
function linkTo(base: string, key: string, id: number): string {
  return `${base}${base.includes('?') ? '&' : '?'}${key}=${id}`;
}

/**
 * One golfer of a flight card: name, handicap line, Edit and Delete. The links' accessible names ("Edit flight
 * assignment of {name}") are put together from the hidden labels and the name (aria-labelledby), so the name is
 * not repeated in every row's markup. With JavaScript a drag handle comes first.
 */
function DraggableEntry({ entry, base, hydrated }: { entry: FlightEntry; base: string; hydrated: boolean }) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: entry.id,
    data: { flightNo: entry.flightNo },
    disabled: !hydrated,
  });
  const nameId = `n${entry.id}`;
  return (
    <li ref={setNodeRef} className={isDragging ? 'opacity-40' : undefined}>
      {hydrated ? (
        <button
          ref={setActivatorNodeRef}
          type="button"
          {...listeners}
          {...attributes}
          aria-label={`Drag ${entry.name} to another flight`}
          className="absolute left-1.5 top-1.5 cursor-grab touch-none rounded px-1 text-lg leading-none text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          ⠿
        </button>
      ) : null}
      <b id={nameId}>{entry.name}</b>
      <small>{handicapText(entry)}</small>
      {/* discover="none": the links lead to this page, known already; no data-discover in every row. */}
      <Link to={linkTo(base, 'edit', entry.id)} preventScrollReset discover="none" aria-labelledby={`fe ${nameId}`}>
        Edit
      </Link>
      <Link to={linkTo(base, 'delete', entry.id)} preventScrollReset discover="none" aria-labelledby={`fd ${nameId}`}>
        Delete
      </Link>
    </li>
  );
}

/** The entry being dragged, following the pointer. */
function EntryCard({ entry }: { entry: FlightEntry }) {
  return (
    <div className="rounded-md border bg-white p-2 text-sm shadow-lg ring-2 ring-emerald-500">
      <p className="break-words font-medium text-slate-900">{entry.name}</p>
      <p className="text-xs text-slate-600">{handicapText(entry)}</p>
    </div>
  );
}

/** The compact selects of the board's and the Unassigned card's forms. */
const smallSelectClass =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm focus:border-emerald-600 focus:outline-none focus:ring-1 focus:ring-emerald-600 disabled:opacity-60';

/**
 * Without JavaScript, one form per flight moves a golfer: choose the golfer (this page's golfers of the flight),
 * the new flight, and press Move.
 */
function MoveForm({ flightNo, entries }: { flightNo: FlightNo; entries: FlightEntry[] }) {
  return (
    <Form
      method="post"
      preventScrollReset
      className="mt-3 flex flex-wrap items-center gap-2 border-t pt-3 text-sm [@media(scripting:enabled)]:hidden"
    >
      <input type="hidden" name="intent" value="move" />
      <label className="min-w-0 flex-1">
        <span className="sr-only">Golfer to move from Flight {flightNo}</span>
        <select name="flightId" className={cn(smallSelectClass, 'w-full')}>
          {entries.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-2">
        <span aria-hidden="true">to</span>
        <span className="sr-only">New flight for the golfer from Flight {flightNo}</span>
        <select name="newFlightNo" className={smallSelectClass}>
          {FLIGHT_NUMBERS.filter((n) => n !== flightNo).map((n) => (
            <option key={n} value={n}>
              {`Flight ${n}`}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="secondary" size="sm">
        Move
      </Button>
    </Form>
  );
}
