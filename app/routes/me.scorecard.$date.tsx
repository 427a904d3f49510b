import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { attestScorecard, submitScorecard } from '~/features/scorecards/card-life.server';
import { writeHoleScores } from '~/models/scorecard-writes.server';
import { requireGolfer } from '~/web/golfer-session.server';
import { pageHandler } from '~/web/http.server';
import { publicAction, publicIntent } from '~/web/public-page.server';
import { golferCardOf, holeWrites } from '~/web/scorecard.server';
import { ScorecardBoard } from '~/ui/scorecard-board';
import { Button } from '~/ui/primitives/button';
import { RouteError } from '~/ui/route-error';
import { NoticeLine } from '~/ui/notice';
import { golferAppLinks, golferAppMeta, OfflineCopyNotice, useGolferApp } from '~/ui/golfer-app';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Scorecard · ${data.dateLabel}` : 'Scorecard' },
  // Lighthouse's SEO score (docs/product/performance.md): a golfer's page, so it says what it is rather than hiding from search engines.
  {
    name: 'description',
    content: "Your group's card of the night: strokes hole by hole, running gross, net and Thru.",
  },
  ...golferAppMeta,
];

// The golfers' phone app: its manifest, and the worker that keeps tonight's card on the phone (decision 160).
export const links: LinksFunction = () => golferAppLinks;

/** The signed-in golfer's card of the night (docs/product/scorecards.md); another golfer's sign-in sees their own group's card. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    const { golferId } = await requireGolfer(request);
    const own = await golferCardOf(golferId, params.date);
    const card = await own.card();
    const hole = Number(new URL(request.url).searchParams.get('hole'));
    return {
      card,
      dateLabel: own.dateLabel,
      me: { golferId, name: own.scorer.name },
      // The no-JavaScript hole form's entry ids start with this: sending the same form twice stores it once.
      formId: `f${crypto.randomUUID().replace(/-/g, '')}`,
      hole: card.holes.some((h) => h.number === hole) ? hole : null,
    };
  });
}

export function action({ request, params }: ActionFunctionArgs) {
  return pageHandler(async () => {
    const { golferId } = await requireGolfer(request);
    const own = await golferCardOf(golferId, params.date);
    const page = `/me/scorecard/${own.date}`;
    return publicAction(request, {
      unknown: 'Unknown action.',
      // The hole form of a page loaded before it named its intent.
      fallback: 'hole',
      intents: {
        submit: publicIntent({
          run: async ({ done }) => {
            await submitScorecard(own.date, own.teeTimeId, own.scorer);
            return done(page, { title: 'Card submitted', description: 'Another golfer of the group attests it.' });
          },
        }),
        attest: publicIntent({
          run: async ({ done }) => {
            await attestScorecard(own.date, own.teeTimeId, own.scorer);
            return done(page, { title: 'Card attested', description: 'The rounds are recorded.' });
          },
        }),
        // One hole for every golfer of the group: its fields are read and checked by the one strokes rule.
        hole: publicIntent({
          run: async ({ form, done }) => {
            const writes = holeWrites(form);
            const results = await writeHoleScores(own.date, own.teeTimeId, writes, own.scorer);
            const notes = [...new Set(results.flatMap((r) => [r.capped, r.changed].filter((n): n is string => !!n)))];
            const hole = writes[0].hole;
            // The next hole; past the last one the page opens the first hole still empty.
            return done(`${page}?hole=${hole + 1}`, {
              title: `Hole ${hole} saved`,
              description: notes.length > 0 ? notes.join('. ') : undefined,
            });
          },
        }),
      },
      failed: (failure) => ({ message: failure.message }),
    });
  });
}

export default function ScorecardPage() {
  const { card, me, formId, hole, dateLabel } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  const canSubmit = card.state === 'open' && !card.closedMessage;
  const canAttest = card.state === 'submitted' && card.submittedByGolferId !== me.golferId;
  const keptAt = useGolferApp(`/me/scorecard/${card.date}`);
  return (
    <main className="mx-auto max-w-xl space-y-4 p-3">
      <header>
        <h1 className="text-xl font-semibold">Scorecard</h1>
        <p className="text-sm">
          {dateLabel} · {card.time} · {card.courseName ?? 'no course'}
        </p>
        <nav aria-label="Scorecard" className="mt-1 flex gap-3 text-sm">
          {/* A page load, not a move inside the app: with no signal the worker answers it (decision 160). */}
          <Link to="/me" reloadDocument className="underline">
            My league
          </Link>
          <Link to={`/stats/results/${card.date}`} className="underline">
            The night&apos;s results
          </Link>
        </nav>
      </header>
      <OfflineCopyNotice keptAt={keptAt} />
      {failed && 'message' in failed ? <NoticeLine tone="error">{failed.message}</NoticeLine> : null}
      {card.closedMessage ? <NoticeLine tone="warning">{card.closedMessage}</NoticeLine> : null}
      <ScorecardBoard card={card} me={me} formId={formId} initialHole={hole} keptAt={keptAt} />
      <div className="flex flex-wrap gap-2">
        {canSubmit ? (
          <Form method="post">
            <input type="hidden" name="intent" value="submit" />
            <Button type="submit">Submit card</Button>
          </Form>
        ) : null}
        {canAttest ? (
          <Form method="post">
            <input type="hidden" name="intent" value="attest" />
            <Button type="submit">Attest</Button>
          </Form>
        ) : null}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteError what="scorecard" />;
}
