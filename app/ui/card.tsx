import { useId } from 'react';
import { cn } from '~/ui/cn';

/** A white panel with a heading (a labelled region), as the import guidelines and export boxes use. */
export function Card({
  title,
  description,
  children,
  className,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('rounded-lg border bg-white p-5 shadow-sm', className)}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
