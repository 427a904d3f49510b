import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { cn } from '~/ui/cn';

export const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-emerald-600 focus:outline-none focus:ring-1 focus:ring-emerald-600 aria-[invalid=true]:border-red-500';

/** The messages under a field; the id is what the input's aria-describedby points to. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-600">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

type FieldErrors = { errors?: string[] | null; errorId?: string };

/** A control's aria-invalid and aria-describedby, pointing at its ErrorList while it has errors. */
function ariaFor({ errors, errorId }: FieldErrors) {
  const invalid = Boolean(errors?.length);
  return { 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? errorId : undefined };
}

/** The frame of every field: the label, the control, an optional hint, then the control's errors. */
function Labelled({
  htmlFor,
  label,
  hint,
  errors,
  errorId,
  className,
  children,
}: FieldErrors & {
  htmlFor: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A labelled input with its errors; `errorId` links the two for screen readers. */
export function Field({
  label,
  errors,
  errorId,
  hint,
  className,
  inputProps,
}: FieldErrors & {
  label: React.ReactNode;
  hint?: React.ReactNode;
  className?: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { id: string };
}) {
  return (
    <Labelled htmlFor={inputProps.id} label={label} hint={hint} errors={errors} errorId={errorId} className={className}>
      <input {...ariaFor({ errors, errorId })} {...inputProps} className={cn(inputClass, inputProps.className)} />
    </Labelled>
  );
}

/**
 * A Field of a form without conform (a golfer's own pages): its name is also the input's id, and `{name}-error` the
 * id of its errors. The other props go on the input.
 */
export function NamedField({
  name,
  label,
  hint,
  errors,
  ...input
}: {
  name: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  errors?: string[] | null;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'>) {
  return (
    <Field
      label={label}
      hint={hint}
      errors={errors}
      errorId={`${name}-error`}
      inputProps={{ id: name, name, ...input }}
    />
  );
}

/** A labelled select with its errors; the options are its children. */
export function SelectField({
  label,
  errors,
  errorId,
  selectProps,
  children,
}: FieldErrors & {
  label: React.ReactNode;
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { id: string };
  children: React.ReactNode;
}) {
  return (
    <Labelled htmlFor={selectProps.id} label={label} errors={errors} errorId={errorId}>
      <select {...ariaFor({ errors, errorId })} {...selectProps} className={cn(inputClass, selectProps.className)}>
        {children}
      </select>
    </Labelled>
  );
}

type InputType = 'text' | 'email' | 'password' | 'tel' | 'number' | 'time';

type FormFieldProps<Schema, FormSchema extends Record<string, unknown>> = {
  field: FieldMetadata<Schema, FormSchema, string[]>;
  /** The input's type; text, as in HTML, unless it says otherwise. */
  type?: InputType;
  label: React.ReactNode;
  hint?: React.ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'id' | 'name'>;

/**
 * A Field for one field of a conform form: its id, name, default value, constraints and errors come from the
 * field's metadata; the other props (autoComplete, placeholder, min…) go on the input.
 */
export function FormField<Schema, FormSchema extends Record<string, unknown>>({
  field,
  type = 'text',
  label,
  hint,
  ...input
}: FormFieldProps<Schema, FormSchema>) {
  return (
    <Field
      label={label}
      hint={hint}
      errors={field.errors}
      errorId={field.errorId}
      inputProps={{ ...getInputProps(field, { type }), ...input }}
    />
  );
}

/** A FormField for a whole number within the limits its schema checks (the browser's arrows and checks use them). */
export function WholeNumberField<Schema, FormSchema extends Record<string, unknown>>({
  limits,
  ...props
}: Omit<FormFieldProps<Schema, FormSchema>, 'type' | 'min' | 'max' | 'step'> & {
  limits: { min: number; max: number };
}) {
  return <FormField {...props} type="number" min={limits.min} max={limits.max} step={1} />;
}

/** A checkbox for one field of a conform form, its label beside it and an optional hint under it. */
export function CheckboxField<Schema, FormSchema extends Record<string, unknown>>({
  field,
  label,
  hint,
}: {
  field: FieldMetadata<Schema, FormSchema, string[]>;
  label: React.ReactNode;
  hint?: React.ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
        <input {...getInputProps(field, { type: 'checkbox' })} className="h-4 w-4" />
        {label}
      </label>
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </div>
  );
}
