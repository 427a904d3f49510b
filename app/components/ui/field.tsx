import { cn } from '~/utils/cn';

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

/** A labelled input with its errors; `errorId` links the two for screen readers. */
export function Field({
  label,
  errors,
  errorId,
  hint,
  className,
  inputProps,
}: {
  label: React.ReactNode;
  errors?: string[] | null;
  errorId?: string;
  hint?: React.ReactNode;
  className?: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { id: string };
}) {
  const invalid = Boolean(errors?.length);
  return (
    <div className={cn('space-y-1', className)}>
      <label htmlFor={inputProps.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        {...inputProps}
        className={cn(inputClass, inputProps.className)}
      />
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
