import { formatTeeTime, type TeeTimeRow } from '~/domain/tee-times';
import { ColumnHeaders } from '~/ui/data-table';
import { POSITIONS } from '~/schemas/tee-time';
import { cn } from '~/ui/cn';

function slotValue(teeTimeId: number, position: number): string {
  return `${teeTimeId}:${position}`;
}

/**
 * "Choose Your Standing Tee Time": one row per slot, four positions. Open positions are choices — buttons
 * that show 'Selected' (one at a time) when `interactive` (JavaScript), otherwise radios named `slot` that
 * a plain form posts. Taken positions show the golfer's name, or 'Reserved' when the name is unknown.
 */
export function TeeTimePicker({
  slots,
  selected,
  onSelect,
  interactive,
  ownGolferId,
}: {
  slots: TeeTimeRow[];
  selected: string | null;
  onSelect: (value: string) => void;
  interactive: boolean;
  ownGolferId: number;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            <ColumnHeaders
              labels={['Time', 'Golfer 1', 'Golfer 2', 'Golfer 3', 'Golfer 4']}
              className="whitespace-nowrap px-3 py-2 text-left font-semibold text-slate-700"
            />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {slots.map((slot) => {
            const time = formatTeeTime(slot.time, 'compact');
            return (
              <tr key={slot.id}>
                <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium text-slate-900">
                  {time}
                </th>
                {POSITIONS.map((p) => {
                  const golferId = slot[`golfer${p}Id`];
                  const name = slot[`golfer${p}Name`];
                  const value = slotValue(slot.id, p);
                  if (golferId !== null) {
                    return (
                      <td
                        key={p}
                        className={cn(
                          'whitespace-nowrap px-3 py-2',
                          golferId === ownGolferId ? 'font-semibold text-emerald-800' : 'text-slate-600',
                        )}
                      >
                        {name ?? 'Reserved'}
                        {golferId === ownGolferId ? ' (you)' : ''}
                      </td>
                    );
                  }
                  const isSelected = selected === value;
                  const label = `${time} Golfer ${p}`;
                  return (
                    <td key={p} className="px-3 py-2">
                      {interactive ? (
                        <button
                          type="button"
                          aria-pressed={isSelected}
                          aria-label={`${label}: ${isSelected ? 'Selected' : 'Available'}`}
                          onClick={() => onSelect(value)}
                          className={cn(
                            'w-full rounded-md border px-2 py-1 text-xs font-medium',
                            isSelected
                              ? 'border-emerald-700 bg-emerald-700 text-white'
                              : 'border-slate-300 bg-white text-slate-700 hover:bg-emerald-50',
                          )}
                        >
                          {isSelected ? 'Selected' : 'Available'}
                        </button>
                      ) : (
                        <label className="flex cursor-pointer items-center gap-1 text-xs text-slate-700">
                          <input
                            type="radio"
                            name="slot"
                            value={value}
                            defaultChecked={isSelected}
                            aria-label={label}
                            className="accent-emerald-700"
                          />
                          Available
                        </label>
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
