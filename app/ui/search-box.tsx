import { Form, useSearchParams } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { Button } from '~/ui/primitives/button';
import { inputClass } from '~/ui/primitives/field';
import { useHydrated } from '~/ui/use-hydrated';

/**
 * A list's search box. Without JavaScript it is a GET form (`?q=`) that the loader applies. With JavaScript the
 * page filters its rows as the user types (`onQueryChange`), and the URL follows a moment later so a reload or a
 * shared link shows the same list (and a list paged on the server asks the server for the matches).
 */
export function SearchBox({
  query,
  onQueryChange,
  placeholder,
  keep = {},
}: {
  query: string;
  onQueryChange: (query: string) => void;
  placeholder: string;
  keep?: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const [, setSearchParams] = useSearchParams();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  function change(value: string) {
    onQueryChange(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          // A new search starts at its first page (lists paged on the server).
          next.delete('page');
          if (value.trim()) next.set('q', value);
          else next.delete('q');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, 300);
  }

  return (
    <Form
      method="get"
      role="search"
      className="flex w-full max-w-md items-center gap-2"
      onSubmit={(e) => hydrated && e.preventDefault()}
    >
      {Object.entries(keep).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <input
        type="search"
        name="q"
        aria-label={placeholder.replace(/\.\.\.$/, '')}
        placeholder={placeholder}
        value={query}
        onChange={(e) => change(e.target.value)}
        className={inputClass}
      />
      <Button type="submit" variant="secondary" className={hydrated ? 'sr-only' : undefined}>
        Search
      </Button>
    </Form>
  );
}
