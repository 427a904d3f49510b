import { SelectField } from '~/components/ui/field';

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

export type GolferOption = { id: number; fullName: string };

type FieldLike = { errors?: string[] | null; errorId?: string };

/**
 * The golfer select of the round, flight and membership forms ('Loading golfers...', 'No golfers found':
 * docs/product/screens-admin.md#golfer-and-course-selects).
 */
export function GolferSelect({
  golfers,
  field,
  selectProps,
}: {
  golfers: GolferOption[] | null;
  field: FieldLike;
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { id: string };
}) {
  return (
    <RecordSelect
      label="Golfer"
      options={golfers?.map((g) => ({ value: String(g.id), label: g.fullName })) ?? null}
      placeholder="Select a golfer"
      loadingText="Loading golfers..."
      emptyText="No golfers found"
      errors={field.errors}
      errorId={field.errorId}
      selectProps={selectProps}
    />
  );
}
