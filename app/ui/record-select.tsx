import { SelectField } from '~/ui/primitives/field';

export type SelectOption = { value: string; label: string };

/**
 * A labelled select of records (golfers, courses…) with the list's states: options still loading (null), no
 * options, or a placeholder asking to choose.
 */
export function RecordSelect({
  label,
  options,
  placeholder,
  loadingText,
  emptyText,
  errors,
  errorId,
  selectProps,
}: {
  label: string;
  options: SelectOption[] | null;
  placeholder: string;
  loadingText: string;
  emptyText: string;
  errors?: string[] | null;
  errorId?: string;
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { id: string };
}) {
  const state = options === null ? loadingText : options.length === 0 ? emptyText : null;
  return (
    <SelectField
      label={label}
      errors={errors}
      errorId={errorId}
      selectProps={{ ...selectProps, disabled: options === null || selectProps.disabled }}
    >
      {state ? (
        <option value="">{state}</option>
      ) : (
        <>
          <option value="">{placeholder}</option>
          {options!.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </>
      )}
    </SelectField>
  );
}
