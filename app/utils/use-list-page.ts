import type { SubmissionResult } from '@conform-to/react';
import { useLocation, useNavigation, useSearchParams } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { listUrl } from './list-url';

type CrudActionData = { intent: string | null; result: SubmissionResult<string[]> | null } | undefined;

/**
 * The state every admin list page with URL dialogs shares (golfers, courses, memberships): the list's own URL
 * (`base`, keeping `keep` params such as ?q and ?season), the row a ?edit=ID / ?delete=ID dialog is about
 * (undefined: no dialog; null: no such row), whether the list itself is reloading, and the action's result
 * for the form of one intent.
 */
export function useListPage<Row extends { id: number }>(
  rows: readonly Row[],
  actionData: CrudActionData,
  keep: readonly string[] = [],
) {
  const navigation = useNavigation();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const rowFor = (param: string) => {
    if (!searchParams.has(param)) return undefined;
    const id = Number(searchParams.get(param));
    return rows.find((r) => r.id === id) ?? null;
  };
  return {
    base: listUrl(new URL(location.pathname + location.search, 'http://x'), keep),
    editing: rowFor('edit'),
    deleting: rowFor('delete'),
    loading: navigation.state === 'loading' && navigation.location.pathname === location.pathname,
    resultFor: (intent: string) => (actionData?.intent === intent ? (actionData.result ?? undefined) : undefined),
  };
}

/**
 * The search box's text: follows ?q when a link or the back button changes it, but not while the box is being
 * typed in (with JavaScript the list filters as you type).
 */
export function useSearchQuery(q: string): [string, (value: string) => void] {
  const [query, setQuery] = useState(q);
  useEffect(() => {
    if (typeof document === 'undefined' || document.activeElement?.getAttribute('name') !== 'q') setQuery(q);
  }, [q]);
  return [query, setQuery];
}
