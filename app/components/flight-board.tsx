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
import { Button, buttonClass } from '~/components/ui/button';
import { inputClass } from '~/components/ui/field';
import { FLIGHT_NUMBERS, isFlightNo, type FlightNo } from '~/domain/league-rules';
import { cn } from '~/utils/cn';
import { useHydrated } from '~/utils/use-hydrated';

export type FlightEntry = {
  id: number;
  golferId: number;
  golferName: string | null;
  flightNo: string;
  handicap: number | null;
  minHandicap: number | null;
  maxHandicap: number | null;
};

export function displayName(entry: { golferId: number; golferName: string | null }): string {
  return entry.golferName ?? `Golfer #${entry.golferId}`;
}

/** "HCP 12 · Range 9-14": the current handicap ('N/A' without one) and the season's range when both ends exist. */
export function HandicapLine({ entry }: { entry: Pick<FlightEntry, 'handicap' | 'minHandicap' | 'maxHandicap'> }) {
  return (
    <p className="text-xs text-slate-600">
      HCP {entry.handicap ?? 'N/A'}
      {entry.minHandicap !== null && entry.maxHandicap !== null ? (
        <>
          {' '}
          · Range {entry.minHandicap}-{entry.maxHandicap}
        </>
      ) : null}
    </p>
  );
}

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
 * another flight calls `onMove`. Without JavaScript each entry has a flight select and a Move button instead.
 */
export function FlightBoard({
  entries,
  season,
  onMove,
}: {
  entries: FlightEntry[];
  season: number;
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
    return entry ? displayName(entry) : 'Golfer';
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
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        {FLIGHT_NUMBERS.map((flightNo) => (
          <FlightCard
            key={flightNo}
            flightNo={flightNo}
            season={season}
            entries={entries.filter((e) => e.flightNo === flightNo)}
          />
        ))}
      </div>
      <DragOverlay>{active ? <EntryCard entry={active} overlay /> : null}</DragOverlay>
    </DndContext>
  );
}

function FlightCard({ flightNo, season, entries }: { flightNo: FlightNo; season: number; entries: FlightEntry[] }) {
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
        <span className="text-xs font-normal text-slate-500">{entries.length}</span>
      </h2>
      {entries.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-center text-sm text-slate-500">
          No golfers in Flight {flightNo}
        </p>
      ) : (
        <ul className="space-y-2">
          {entries.map((entry) => (
            <DraggableEntry key={entry.id} entry={entry} season={season} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DraggableEntry({ entry, season }: { entry: FlightEntry; season: number }) {
  const hydrated = useHydrated();
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: entry.id,
    data: { flightNo: entry.flightNo },
    disabled: !hydrated,
  });
  return (
    <li ref={setNodeRef} className={cn(isDragging && 'opacity-40')}>
      <EntryCard
        entry={entry}
        handle={
          hydrated ? (
            <button
              ref={setActivatorNodeRef}
              type="button"
              {...listeners}
              {...attributes}
              aria-label={`Drag ${displayName(entry)} to another flight`}
              className="cursor-grab touch-none rounded px-1 text-lg leading-none text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-emerald-700"
            >
              ⠿
            </button>
          ) : null
        }
        actions={
          <>
            <Link
              to={`/flights?season=${season}&edit=${entry.id}`}
              preventScrollReset
              className={buttonClass('ghost', 'sm')}
            >
              Edit<span className="sr-only"> flight assignment of {displayName(entry)}</span>
            </Link>
            <Link
              to={`/flights?season=${season}&delete=${entry.id}`}
              preventScrollReset
              className={cn(buttonClass('ghost', 'sm'), 'text-red-700')}
            >
              Delete<span className="sr-only"> flight assignment of {displayName(entry)}</span>
            </Link>
          </>
        }
        footer={hydrated ? null : <MoveForm entry={entry} />}
      />
    </li>
  );
}

function EntryCard({
  entry,
  handle,
  actions,
  footer,
  overlay,
}: {
  entry: FlightEntry;
  handle?: React.ReactNode;
  actions?: React.ReactNode;
  footer?: React.ReactNode;
  overlay?: boolean;
}) {
  return (
    <div className={cn('rounded-md border bg-white p-2', overlay && 'shadow-lg ring-2 ring-emerald-500')}>
      <div className="flex items-start gap-2">
        {handle}
        <div className="min-w-0 flex-1">
          <p className="break-words font-medium text-slate-900">{displayName(entry)}</p>
          <HandicapLine entry={entry} />
        </div>
      </div>
      {actions ? <div className="mt-1 flex justify-end gap-1">{actions}</div> : null}
      {footer}
    </div>
  );
}

/** Without JavaScript, a move is a plain form: choose the flight and press Move. */
function MoveForm({ entry }: { entry: FlightEntry }) {
  const selectId = `move-${entry.id}`;
  return (
    <Form method="post" preventScrollReset className="mt-2 flex items-center gap-2">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="flightId" value={entry.id} />
      <label htmlFor={selectId} className="sr-only">
        Flight for {displayName(entry)}
      </label>
      <select
        id={selectId}
        name="newFlightNo"
        defaultValue={entry.flightNo}
        className={cn(inputClass, 'min-w-0 flex-1 py-1')}
      >
        {FLIGHT_NUMBERS.map((n) => (
          <option key={n} value={n}>
            Flight {n}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" size="sm">
        Move<span className="sr-only"> {displayName(entry)}</span>
      </Button>
    </Form>
  );
}
