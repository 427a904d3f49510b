import type { SubmissionResult } from '@conform-to/react';
import { useFormAction, useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { listUrl } from './list-url';

/** The action's answer, as `adminAction` shapes it (app/web/admin-page.server.ts). */
type ActionData = { intent: string | null; result?: SubmissionResult<string[]>; message?: string } | undefined;
type Identified = { id: number };

type Options = {
  actionData: ActionData;
  /** The parameters that shape the list and survive opening and closing a dialog (?q, ?season). */
  keep?: readonly string[];
};

export type ListPage<E, D> = {
  /** The list's own URL (dialogs closed), keeping the `keep` parameters: where Cancel and a saved form go. */
  base: string;
  /** The URL's parameters that open dialogs; while a link to this page is loading, those of the link already. */
  params: URLSearchParams;
  /** The ?action=… dialog: 'new' is the create form. */
  dialog: string | null;
  /** The ?edit=ID record: undefined without the parameter, null when there is no such record. */
  editing: E | null | undefined;
  /** The ?delete=ID record, likewise. */
  deleting: D | null | undefined;
  /** The record for another ?param=ID dialog (settings' ?reset=ID), from `rows`. */
  rowFor: (param: string) => E | null | undefined;
  /** A dialog's record is on its way from the loader (its link is loading): show 'Loading…', not 'not found'. */
  waiting: boolean;
  /** The list itself is reloading (a spinner). */
  loading: boolean;
  /** The form's messages from the action, for the form of this intent only. */
  resultFor: (intent: string) => SubmissionResult<string[]> | undefined;
  /** The action's failure text for this intent (the delete dialog's, a notice's). */
  messageFor: (intent: string) => string | null;
};

/**
 * The state every admin list page with URL dialogs shares (?action=new, ?edit=ID, ?delete=ID). The dialog's
 * record comes from `rows` when the page holds the whole list (golfers, courses, memberships), or from the
 * loader's `editing` / `deleting` when it looks the record up (rounds, flights: null when there is none).
 */
export function useListPage<Row extends Identified>(options: Options & { rows: readonly Row[] }): ListPage<Row, Row>;
export function useListPage<E extends Identified, D extends Identified>(
  options: Options & { editing: E | null; deleting: D | null },
): ListPage<E, D>;
export function useListPage(
  options: Options & { rows?: readonly Identified[]; editing?: Identified | null; deleting?: Identified | null },
): ListPage<Identified, Identified> {
  const { actionData, keep = [], rows } = options;
  const navigation = useNavigation();
  const location = useLocation();
  const pendingHere = usePendingHere();
  const params = new URLSearchParams((pendingHere ?? location).search);
  // The loader's records belong to the location it answered for, not yet to the one being loaded.
  const waiting = !rows && pendingHere !== null && pendingHere.search !== location.search;
  const loaded: Record<string, Identified | null | undefined> = { edit: options.editing, delete: options.deleting };

  const rowFor = (param: string) => {
    const raw = params.get(param);
    if (raw === null) return undefined;
    const id = Number(raw);
    const row = rows ? rows.find((r) => r.id === id) : loaded[param]?.id === id ? loaded[param] : undefined;
    return row ?? null;
  };
  return {
    base: listUrl(new URL(location.pathname + location.search, 'http://x'), keep),
    params,
    dialog: params.get('action'),
    editing: rowFor('edit'),
    deleting: rowFor('delete'),
    rowFor,
    waiting,
    loading: navigation.state === 'loading' && navigation.location.pathname === location.pathname,
    resultFor: (intent) => (actionData?.intent === intent ? actionData.result : undefined),
    messageFor: (intent) => (actionData?.intent === intent ? (actionData.message ?? null) : null),
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

/** The address being loaded on this page (a dialog's link just followed: ?delete=ID), or null. */
function usePendingHere() {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state === 'loading' && navigation.location.pathname === location.pathname
    ? navigation.location
    : null;
}

/**
 * Where a form in a URL dialog posts: its route's action at the dialog's own address. A dialog opens as soon as its
 * link is followed (useListPage reads the address being loaded), so a quick press of its button would otherwise post
 * to the address being left (`/seasons` instead of `/seasons?delete=2012`) and land there: the dialog would close,
 * and a refusal's message with it.
 */
export function useDialogFormAction(): string {
  const action = useFormAction();
  const pending = usePendingHere();
  if (!pending) return action;
  const url = new URL(action, 'http://x');
  const params = new URLSearchParams(pending.search);
  if (url.searchParams.has('index')) params.set('index', '');
  const search = params.toString();
  return search ? `${url.pathname}?${search}` : url.pathname;
}
