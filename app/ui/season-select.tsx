import { ErrorList, inputClass } from '~/ui/primitives/field';

/**
 * The season field of the round, flight and membership forms ('Season {year}'): the picker's seasons plus, when
 * editing an older record, that record's own season so it stays selectable.
 */
export function SeasonSelect({
  seasons,
  recordSeason,
  selectProps,
  errors,
  errorId,
}: {
  seasons: readonly number[];
  recordSeason?: number;
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { id: string };
  errors?: string[];
  errorId: string;
}) {
  const options = recordSeason !== undefined && !seasons.includes(recordSeason) ? [...seasons, recordSeason] : seasons;
  return (
    <div className="space-y-1">
      <label htmlFor={selectProps.id} className="block text-sm font-medium text-slate-700">
        Season
      </label>
      {/* Never empty (no blank option), so not `required`: HTML wants a required select to start with a blank one. */}
      <select {...selectProps} required={false} className={inputClass}>
        {options.map((s) => (
          <option key={s} value={s}>
            Season {s}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
