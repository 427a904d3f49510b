import type { ShouldRevalidateFunction } from '@remix-run/react';

/** The list page's own URL with only the parameters that shape the list (dialogs closed): '/golfers?q=smith'. */
export function listUrl(url: URL | string, keep: readonly string[]): string {
  const u = typeof url === 'string' ? new URL(url, 'http://x') : url;
  const params = new URLSearchParams();
  for (const key of keep) {
    const value = u.searchParams.get(key);
    if (value) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${u.pathname}?${search}` : u.pathname;
}

/** The same list URL with one dialog parameter added: '/golfers?q=smith&edit=3'. */
export function withParam(base: string, key: string, value: string | number): string {
  const [path, search = ''] = base.split('?');
  const params = new URLSearchParams(search);
  params.set(key, String(value));
  return `${path}?${params.toString()}`;
}

const DIALOG_PARAMS = ['action', 'edit', 'delete'];

/**
 * Opening or closing a URL dialog changes only ?action/?edit/?delete: the list data is the same, so the loader is
 * not asked again and the dialog opens at once. `alsoIgnore` names other parameters the page applies itself (the
 * search ?q, which the page filters its whole list by). Form submissions and every other change revalidate.
 */
function onlyDialogChanged(currentUrl: URL, nextUrl: URL, alsoIgnore: readonly string[] = []): boolean {
  if (currentUrl.pathname !== nextUrl.pathname) return false;
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search);
    for (const key of [...DIALOG_PARAMS, ...alsoIgnore]) p.delete(key);
    p.sort();
    return p.toString();
  };
  return strip(currentUrl) === strip(nextUrl);
}

/**
 * A list page's `shouldRevalidate`: the loader is not asked again when only the dialog (or a parameter of
 * `alsoIgnore`) changed, as onlyDialogChanged says; a form submission and any other change revalidate as usual.
 */
export function revalidateUnlessDialog(alsoIgnore: readonly string[] = []): ShouldRevalidateFunction {
  return ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
    !formMethod && onlyDialogChanged(currentUrl, nextUrl, alsoIgnore) ? false : defaultShouldRevalidate;
}
