import { useState } from 'react';
import { Form } from '@remix-run/react';
import { Button } from '~/ui/primitives/button';
import { useHydrated } from '~/ui/use-hydrated';
import { useIsPending } from '~/ui/use-is-pending';

/**
 * 'Add my nights to my calendar' on /me (docs/product/my-league.md#my-calendar): the golfer's private calendar
 * address to copy, the webcal:// link that opens the device's calendar app, and 'New calendar link', a plain post to
 * /me/calendar (so it works without JavaScript) that ends the old address.
 */
export function MyCalendar({ url, webcal }: { url: string; webcal: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const busy = useIsPending({ state: 'non-idle' });
  return (
    <section
      aria-labelledby="my-calendar-heading"
      className="space-y-3 rounded-lg border bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="my-calendar-heading" className="text-lg font-semibold text-emerald-800">
        Add my nights to my calendar
      </h2>
      <p className="text-sm text-slate-700">
        Your league nights at your tee time, In or Out, and the nights you sub, in your phone&apos;s calendar. It keeps
        itself up to date. The address is private: anyone who has it sees your nights.
      </p>
      <div className="space-y-1">
        <label htmlFor="my-calendar-url" className="block text-sm font-medium text-slate-700">
          My calendar address
        </label>
        <input
          id="my-calendar-url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="w-full rounded-md border border-slate-300 px-3 py-2 font-mono text-xs text-slate-800"
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <a href={webcal} className="text-emerald-800 underline">
          Open in my calendar app
        </a>
        {hydrated ? (
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              navigator.clipboard.writeText(url).then(
                () => setCopied(true),
                () => document.getElementById('my-calendar-url')?.focus(),
              );
            }}
          >
            {copied ? 'Copied' : 'Copy address'}
          </Button>
        ) : null}
      </div>
      <Form method="post" action="/me/calendar" className="space-y-1">
        <Button type="submit" variant="secondary" disabled={busy}>
          New calendar link
        </Button>
        <p className="text-sm text-slate-600">
          A new link ends this one: calendars that use the old address stop getting your nights.
        </p>
      </Form>
    </section>
  );
}
