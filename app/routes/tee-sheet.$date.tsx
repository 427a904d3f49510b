import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ColumnHeaders } from '~/ui/data-table';
import { Link, useLoaderData } from '@remix-run/react';
import { nightView } from '~/features/subs/night-view.server';
import { SlotStatus, type NightSlotView } from '~/ui/night-view';
import { buttonClass } from '~/ui/primitives/button';
import { RouteError } from '~/ui/route-error';
import { requireUser } from '~/web/auth.server';
import { pageHandler } from '~/web/http.server';
import { ABSENT } from '~/domain/format';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Tee sheet: ${data.label}` : 'Tee sheet' },
  { name: 'robots', content: 'noindex' },
];

/**
 * 'Print tee sheet' (docs/product/availability-and-subs.md): the night view as the starter takes it to the first tee,
 * every group with who plays (a sub in place of a golfer who is Out), on one printed page. Outside the admin shell, so
 * nothing but the sheet prints; the print stylesheet (app/tailwind.css) sets the page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUser(request);
  return pageHandler(() => nightView(params.date ?? ''));
}

export default function TeeSheetPage() {
  const night = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-4xl bg-white p-4 text-sm print:max-w-none print:p-0 print:text-[8.5pt] print:leading-tight">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={`/tee-times?date=${night.date}`} className={buttonClass('secondary', 'sm')}>
          Back to the night view
        </Link>
        <p className="text-slate-600">Print this page with your browser (Ctrl+P or ⌘P): it fits one page.</p>
      </div>
      <h1 className="text-xl font-bold print:text-[13pt]">Tee sheet: {night.label}</h1>
      <p className="mb-2 text-slate-700">{night.event}</p>
      {/* On a phone the table scrolls inside its box; on paper it is the page's width. */}
      <div className="overflow-x-auto print:overflow-visible" role="group" aria-label="Tee sheet" tabIndex={0}>
        <table className="w-full border-collapse print:table-fixed">
          <thead>
            <tr className="border-b border-slate-400 text-left">
              <th scope="col" className="w-20 py-0.5 pr-2 print:w-[4.2rem]">
                Time
              </th>
              <ColumnHeaders labels={['Golfer 1', 'Golfer 2', 'Golfer 3', 'Golfer 4']} className="py-0.5 pr-2" />
            </tr>
          </thead>
          <tbody>
            {night.groups.map((group) => (
              <tr key={group.teeTimeId} className="break-inside-avoid border-b border-slate-200 align-top">
                <th scope="row" className="whitespace-nowrap py-0.5 pr-2 text-left font-semibold print:py-0">
                  {group.label}
                </th>
                {group.slots.map((slot) => (
                  <td key={slot.position} className="py-0.5 pr-2 print:py-0">
                    <span className="print:hidden">
                      <SlotStatus slot={slot} />
                    </span>
                    <span className="hidden print:inline">
                      <Player slot={slot} />
                    </span>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}

/** On paper, who plays: the golfer, or the sub in their place; a golfer Out with no sub is struck through. */
function Player({ slot }: { slot: NightSlotView }) {
  if (!slot.golferId) return <span>{ABSENT}</span>;
  if (slot.status === 'sub-found') return <span className="font-semibold">{slot.subName} (Sub)</span>;
  if (slot.status === 'out') return <s>{slot.name}</s>;
  return <span>{slot.name}</span>;
}

export function ErrorBoundary() {
  return <RouteError what="the tee sheet" />;
}
