import { Link } from '@remix-run/react';
import { buttonClass } from '~/ui/primitives/button';
import { withParam } from '~/ui/list-url';

/** A table row's Edit and Delete: links that open the URL-driven dialogs (?edit=ID / ?delete=ID), so no JS needed. */
export function RowActions({ base, id, label }: { base: string; id: number; label: string }) {
  return (
    <div className="flex gap-2">
      <Link
        to={withParam(base, 'edit', id)}
        preventScrollReset
        className={buttonClass('secondary', 'sm')}
        aria-label={`Edit ${label}`}
      >
        Edit
      </Link>
      <Link
        to={withParam(base, 'delete', id)}
        preventScrollReset
        className={buttonClass('ghost', 'sm')}
        aria-label={`Delete ${label}`}
      >
        Delete
      </Link>
    </div>
  );
}
