import { cn } from '~/ui/cn';
import { nonCountingName, type NonCountingDate } from '~/ui/round-form';

/**
 * After a round's date in the table, when the schedule says rounds on it do not count: 'Special event' or 'Rain-out',
 * with what that means as its title and for screen readers.
 */
export function NonCountingBadge({ entry }: { entry: NonCountingDate | undefined }) {
  if (!entry) return null;
  const meaning = `${nonCountingName(entry)}: does not count toward handicap or standings`;
  return (
    <span
      title={meaning}
      className={cn(
        'ml-2 rounded-full px-2 py-0.5 text-xs font-medium text-white',
        entry.rainOut ? 'bg-amber-600' : 'bg-emerald-700',
      )}
    >
      <span aria-hidden="true">{entry.rainOut ? 'Rain-out' : 'Special event'}</span>
      <span className="sr-only">{meaning}</span>
    </span>
  );
}
