import { Link } from '@remix-run/react';
import { buttonClass } from '~/ui/primitives/button';

export function PageHeader({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children ? <div className="flex flex-wrap items-center gap-2">{children}</div> : null}
    </div>
  );
}

/**
 * A section's heading (an h2 whose `id` labels the section) with, for those who may add, its Add link (a URL
 * dialog, so it works without JavaScript).
 */
export function SectionHeader({
  id,
  title,
  add,
}: {
  id: string;
  title: string;
  add?: { to: string; label: string } | null;
}) {
  return (
    <div className="flex items-center justify-between">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {add ? (
        <Link to={add.to} preventScrollReset className={buttonClass()}>
          {add.label}
        </Link>
      ) : null}
    </div>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return <p className="rounded-lg border border-dashed bg-white p-8 text-center text-slate-600">{children}</p>;
}
