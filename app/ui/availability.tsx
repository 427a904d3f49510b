import { Form } from '@remix-run/react';
import { TOO_LATE } from '~/domain/availability-messages';
import { Button } from '~/ui/primitives/button';
import { useIsPending } from '~/ui/use-is-pending';

/**
 * The golfer's side of weekly availability (docs/product/availability-and-subs.md): the upcoming nights with In/Out,
 * and the 'I can sub' switch. Both post to /me/nights (so they work without JavaScript wherever they are shown: on
 * /me/nights and on /me), which redirects back to `back`.
 */

export type NightRow = {
  date: string;
  label: string;
  event: string;
  time: string | null;
  status: 'in' | 'out' | 'sub-found';
  open: boolean;
  cutoff: string;
  subName: string | null;
};

const ACTION = '/me/nights';

function statusText(night: NightRow): string {
  if (night.status === 'in') return 'In';
  if (night.status === 'out') return 'Out';
  return `Out: ${night.subName ?? 'a sub'} has your spot`;
}

export function UpcomingNights({
  nights,
  hasTeeTime,
  cutoffInWords,
  back = ACTION,
}: {
  nights: readonly NightRow[];
  hasTeeTime: boolean;
  cutoffInWords: string;
  back?: string;
}) {
  const pending = useIsPending();
  return (
    <section aria-labelledby="upcoming-nights" className="space-y-3">
      <h2 id="upcoming-nights" className="text-xl font-semibold text-emerald-800">
        Upcoming league nights
      </h2>
      {hasTeeTime ? (
        <p className="text-sm text-slate-700">
          You are In on every night of your standing tee time unless you mark it Out, until {cutoffInWords}.
        </p>
      ) : (
        <p className="text-sm text-slate-700">
          You have no standing tee time this season, so there is no night to mark In or Out.
        </p>
      )}
      {nights.length === 0 ? (
        <p className="text-sm text-slate-700">No upcoming league nights on the schedule.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {nights.map((night) => (
            <li
              key={night.date}
              className="flex flex-wrap items-center justify-between gap-2 p-3"
              data-night={night.date}
            >
              <div>
                <p className="font-medium text-slate-900">{night.label}</p>
                <p className="text-sm text-slate-600">
                  {night.event}
                  {night.time ? `, ${night.time}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <span
                  className={
                    night.status === 'in'
                      ? 'rounded bg-emerald-100 px-2 py-0.5 text-sm font-semibold text-emerald-900'
                      : 'rounded bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-900'
                  }
                >
                  {statusText(night)}
                </span>
                {!night.time ? null : night.open ? (
                  <Form method="post" action={ACTION}>
                    <input type="hidden" name="intent" value={night.status === 'in' ? 'out' : 'in'} />
                    <input type="hidden" name="date" value={night.date} />
                    <input type="hidden" name="back" value={back} />
                    <Button type="submit" size="sm" variant="secondary" disabled={pending}>
                      {night.status === 'in' ? `Mark Out for ${night.label}` : `Mark In for ${night.label}`}
                    </Button>
                  </Form>
                ) : (
                  <span className="text-sm text-slate-600">{TOO_LATE}</span>
                )}
              </div>
              {night.status === 'sub-found' && night.open ? (
                <p className="w-full text-sm text-slate-600">
                  A sub has taken your spot for this night, so you cannot mark In again online.
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CanSubSwitch({ canSub, back = ACTION }: { canSub: boolean; back?: string }) {
  const pending = useIsPending({ intent: 'can-sub' });
  return (
    <section aria-labelledby="can-sub" className="space-y-2">
      <h2 id="can-sub" className="text-xl font-semibold text-emerald-800">
        Subbing
      </h2>
      <p className="text-sm text-slate-700">
        {canSub
          ? 'You can sub: when a golfer is Out, we may email you a spot to take.'
          : 'Tick I can sub to be emailed when a spot opens on a league night.'}
      </p>
      <Form method="post" action={ACTION} className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="can-sub" />
        <input type="hidden" name="back" value={back} />
        <label className="flex items-center gap-2 text-slate-900">
          <input type="checkbox" name="canSub" defaultChecked={canSub} className="h-5 w-5" />I can sub
        </label>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : 'Save'}
        </Button>
      </Form>
    </section>
  );
}
