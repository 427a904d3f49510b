import { Form, Link } from '@remix-run/react';
import { Button, buttonClass } from '~/ui/primitives/button';
import { useIsPending } from '~/ui/use-is-pending';
import { cn } from '~/ui/cn';
import { orAbsent } from '~/domain/format';

/**
 * The administrators' night view (/tee-times?date=; docs/product/availability-and-subs.md): every group of the
 * standing tee times with each golfer In, Out or replaced by a sub, 'Offer spot to subs' for a golfer who is Out,
 * and the available subs with their handicaps. Groups are cards, so the page fits a phone without scrolling sideways.
 */

export type NightSlotView = {
  position: number;
  golferId: number | null;
  name: string | null;
  status: 'in' | 'out' | 'sub-found' | null;
  subId: number | null;
  subName: string | null;
  offered: boolean;
};

export type NightViewData = {
  date: string;
  label: string;
  event: string;
  past: boolean;
  open: boolean;
  cutoff: string;
  groups: { teeTimeId: number; label: string; slots: NightSlotView[] }[];
  subs: { id: number; name: string; handicap: number | null; hasEmail: boolean }[];
};

export function SlotStatus({ slot }: { slot: NightSlotView }) {
  if (!slot.golferId) return <span className="text-slate-500">Open</span>;
  return (
    <span>
      <span className={cn(slot.status !== 'in' && 'line-through decoration-slate-400')}>{slot.name}</span>{' '}
      {slot.status === 'in' ? (
        <span className="text-xs font-semibold text-emerald-800">In</span>
      ) : slot.status === 'out' ? (
        <span className="text-xs font-semibold text-amber-800">Out</span>
      ) : (
        <>
          <span className="text-xs font-semibold text-amber-800">Out</span> →{' '}
          <span className="font-semibold">{slot.subName}</span>{' '}
          <span className="rounded bg-slate-100 px-1 text-xs font-semibold text-slate-700">Sub</span>
        </>
      )}
    </span>
  );
}

export function NightView({ night, isAdmin }: { night: NightViewData; isAdmin: boolean }) {
  const offering = useIsPending({ intent: 'offer' });
  const canOffer = isAdmin && night.open && !night.past;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold text-slate-800">League night: {night.label}</h2>
          <p className="text-sm text-slate-600">
            {night.event}. Golfers change In or Out online until {night.cutoff}.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/tee-times" className={buttonClass('secondary', 'sm')}>
            Standing tee times
          </Link>
          <Link to={`/tee-sheet/${night.date}`} className={buttonClass('primary', 'sm')}>
            Print tee sheet
          </Link>
        </div>
      </div>
      {night.groups.length === 0 ? (
        <p className="text-slate-700">No standing tee times for this season.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Groups">
          {night.groups.map((group) => (
            <li key={group.teeTimeId} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
              <h3 className="font-semibold text-slate-900">{group.label}</h3>
              <ol className="mt-1 space-y-1 text-sm">
                {group.slots.map((slot) => (
                  <li key={slot.position} className="flex flex-wrap items-center justify-between gap-2">
                    <SlotStatus slot={slot} />
                    {canOffer && slot.status === 'out' && slot.golferId ? (
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="offer" />
                        <input type="hidden" name="date" value={night.date} />
                        <input type="hidden" name="golferId" value={slot.golferId} />
                        <Button type="submit" size="sm" variant="secondary" disabled={offering}>
                          {slot.offered ? 'Offer spot to subs again' : 'Offer spot to subs'}
                          <span className="sr-only"> ({slot.name})</span>
                        </Button>
                      </Form>
                    ) : null}
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="available-subs" className="space-y-2">
        <h2 id="available-subs" className="text-lg font-semibold text-slate-800">
          Available subs
        </h2>
        {night.subs.length === 0 ? (
          <p className="text-sm text-slate-700">No golfer who ticked I can sub is free that night.</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
            {night.subs.map((sub) => (
              <li key={sub.id} className="flex justify-between gap-2 p-2">
                <span>
                  {sub.name}
                  {sub.hasEmail ? null : <span className="text-slate-500"> (no email)</span>}
                </span>
                <span>Handicap {orAbsent(sub.handicap)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
