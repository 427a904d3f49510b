import { Link } from '@remix-run/react';
import { buttonClass } from '~/ui/primitives/button';
import { withParam } from '~/ui/list-url';

const ACTIONS = [
  { param: 'edit', text: 'Edit', variant: 'secondary' },
  { param: 'delete', text: 'Delete', variant: 'ghost' },
] as const;

/** A table row's Edit and Delete: links that open the URL-driven dialogs (?edit=ID / ?delete=ID), so no JS needed. */
export function RowActions({ base, id, label }: { base: string; id: number; label: string }) {
  return (
    <div className="flex gap-2">
      {ACTIONS.map(({ param, text, variant }) => (
        <Link
          key={param}
          to={withParam(base, param, id)}
          preventScrollReset
          className={buttonClass(variant, 'sm')}
          aria-label={`${text} ${label}`}
        >
          {text}
        </Link>
      ))}
    </div>
  );
}
