import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { DataTable, Td } from '~/ui/data-table';
import { FormAlert } from '~/ui/form-alert';
import { EmptyState, PageHeader } from '~/ui/page-header';
import { RouteError } from '~/ui/route-error';
import { Button, buttonClass } from '~/ui/primitives/button';
import { titled } from '~/ui/meta';
import { useIsPending } from '~/ui/use-is-pending';
import { CardTableHead } from '~/ui/card-table-head';
import { ClosestToPinForm } from '~/ui/night-side-games';
import { nightSideGames } from '~/features/money/night-side-games.server';
import { closestToPinIntent } from '~/web/side-games-intents.server';
import { urgentNoticeIntent } from '~/web/night-intents.server';
import { nightMessagesView } from '~/features/night-messages/urgent-notice.server';
import { NightMessages } from '~/ui/night-messages';
import { listCourseOptions } from '~/models/courses.server';
import { holesByCourse } from '~/models/holes.server';
import { listNightScorecards } from '~/models/night-scores.server';
import type { HoleWrite } from '~/models/scorecard-targets.server';
import { writeHoleScores } from '~/models/scorecard-writes.server';
import { getScorecard, startNight } from '~/models/scorecards.server';
import { attestScorecard, reopenScorecard, setDidNotFinish } from '~/features/scorecards/card-life.server';
import { HOLE_STROKES, holeStrokesSchema } from '~/schemas/hole-strokes';
import { cardSchema, didNotFinishSchema, isNightDate, startNightSchema } from '~/schemas/scorecard';
import { requireUser } from '~/web/auth.server';
import { adminAction, intent } from '~/web/admin-page.server';
import { HttpError, pageHandler } from '~/web/http.server';
import { readId } from '~/web/id-param';
import { InvalidError } from '~/domain/errors';
import { formatRoundDate, todayInLeague } from '~/domain/season';
import { runningTotalLabel, thruLabel, type CardLine } from '~/domain/scorecard';
import { orAbsent } from '~/domain/format';

export const meta: MetaFunction = ({ matches }) => titled(matches, 'Game Night');

const ADMIN_ONLY = 'Only an administrator can change scorecards';

/** ?date= (today in Detroit when absent); a date that is not one is a 400. */
function nightOf(url: URL): string {
  const raw = url.searchParams.get('date');
  if (raw === null || raw === '') return todayInLeague();
  if (!isNightDate(raw)) throw new HttpError(400, `Invalid date: "${raw}"`);
  return raw;
}

const pageOf = (date: string, teeTimeId?: number) =>
  `/scores?date=${date}${teeTimeId === undefined ? '' : `&card=${teeTimeId}`}`;

export function loader({ request }: LoaderFunctionArgs) {
  return pageHandler(async () => {
    const user = await requireUser(request);
    const url = new URL(request.url);
    const date = nightOf(url);
    const cardId = readId(url.searchParams.get('card'));
    const [groups, courses] = await Promise.all([listNightScorecards(date), listCourseOptions()]);
    const holes = await holesByCourse(courses.map((c) => c.id));
    const card = cardId === null ? null : await getScorecard(date, cardId);
    return {
      sideGames: await nightSideGames(date),
      messages: await nightMessagesView(date),
      date,
      isAdmin: user.isAdmin,
      groups,
      courses: courses.filter((c) => (holes.get(c.id)?.length ?? 0) > 0),
      card,
    };
  });
}

/** The hole cells of the administrator's card form that changed: `s-{golferId}-{hole}` against `was-…`. */
function changedCells(form: FormData): HoleWrite[] {
  const writes: HoleWrite[] = [];
  for (const [name, value] of form.entries()) {
    const match = /^s-(\d+)-(\d+)$/.exec(name);
    if (!match || typeof value !== 'string' || value.trim() === '') continue;
    if (form.get(`was-${match[1]}-${match[2]}`) === value.trim()) continue;
    const strokes = holeStrokesSchema.safeParse(value.trim());
    if (!strokes.success) throw new InvalidError(strokes.error.issues[0].message);
    writes.push({
      clientId: `admin-${crypto.randomUUID()}`,
      golferId: Number(match[1]),
      hole: Number(match[2]),
      strokes: strokes.data,
    });
  }
  return writes;
}

export function action({ request }: ActionFunctionArgs) {
  return pageHandler(async () => {
    const date = nightOf(new URL(request.url));
    const scorerOf = (actor: { id: number; username: string; firstName: string }) => ({
      name: `${actor.firstName || actor.username} (administrator)`,
      golferId: null,
      actor,
    });
    return adminAction(request, {
      back: pageOf(date),
      intents: {
        start: intent({
          schema: startNightSchema,
          admin: ADMIN_ONLY,
          run: async ({ value, actor, done }) => {
            const made = await startNight(date, value.courseId, actor);
            return done(`Night started: ${made} new card${made === 1 ? '' : 's'}`, pageOf(date));
          },
        }),
        edit: intent({
          schema: cardSchema,
          admin: ADMIN_ONLY,
          run: async ({ value, actor, form, done }) => {
            const writes = changedCells(form);
            await writeHoleScores(date, value.teeTimeId, writes, scorerOf(actor));
            return done(
              `${writes.length} hole score${writes.length === 1 ? '' : 's'} saved`,
              pageOf(date, value.teeTimeId),
            );
          },
        }),
        confirm: intent({
          schema: cardSchema,
          admin: ADMIN_ONLY,
          run: async ({ value, actor, done }) => {
            await attestScorecard(date, value.teeTimeId, scorerOf(actor));
            return done('Card confirmed: its rounds are recorded', pageOf(date, value.teeTimeId));
          },
        }),
        reopen: intent({
          schema: cardSchema,
          admin: ADMIN_ONLY,
          run: async ({ value, actor, done }) => {
            await reopenScorecard(date, value.teeTimeId, actor);
            return done('Card reopened', pageOf(date, value.teeTimeId));
          },
        }),
        'closest-to-pin': closestToPinIntent,
        notice: urgentNoticeIntent,
        dnf: intent({
          schema: didNotFinishSchema,
          admin: ADMIN_ONLY,
          run: async ({ value, actor, done }) => {
            await setDidNotFinish(date, value.teeTimeId, value.golferId, value.didNotFinish === 'yes', actor);
            return done(
              value.didNotFinish === 'yes' ? 'Marked Did not finish' : 'Did not finish taken back',
              pageOf(date, value.teeTimeId),
            );
          },
        }),
      },
    });
  });
}

function ActionMessage() {
  const data = useActionData<typeof action>();
  // The urgent notice's form shows its own messages.
  if (!data || data.intent === 'notice') return null;
  const messages = data.message
    ? [data.message]
    : data.result?.error
      ? [...new Set(Object.values(data.result.error).flatMap((m) => m ?? []))]
      : [];
  return <FormAlert title="Not saved" messages={messages} />;
}

export default function GameNightPage() {
  const { date, groups, courses, card, isAdmin, sideGames, messages } = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const starting = useIsPending({ intent: 'start' });
  return (
    <div className="space-y-4">
      <PageHeader title="Game Night" />
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          Night
          <input type="date" name="date" defaultValue={date} className="ml-2 rounded border px-2 py-1" />
        </label>
        <Button type="submit" variant="secondary">
          Show
        </Button>
      </Form>
      <h2 className="text-lg font-semibold">{formatRoundDate(date)}</h2>
      <ActionMessage />
      <NightMessages
        data={messages}
        isAdmin={isAdmin}
        lastResult={acted?.intent === 'notice' ? (acted.result ?? null) : null}
      />
      <NightStarted groups={groups} isAdmin={isAdmin && courses.length > 0} />
      {isAdmin && courses.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="start" />
          <label className="text-sm">
            Course
            <select name="courseId" className="ml-2 rounded border px-2 py-1">
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.courseName}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" disabled={starting}>
            {starting ? 'Saving...' : 'Start the night'}
          </Button>
        </Form>
      ) : null}
      {courses.length === 0 ? (
        <p className="text-sm">No course has holes yet: this night is scored by totals on the Rounds page.</p>
      ) : null}
      {groups.length === 0 ? (
        <EmptyState>No tee-time groups this season.</EmptyState>
      ) : (
        <DataTable headers={['Tee time', 'Golfers', 'Card', 'Kept by', 'Actions']}>
          {groups.map((g) => (
            <tr key={g.teeTimeId}>
              <Td className="font-medium">{g.time}</Td>
              <Td>{g.golfers.join(', ')}</Td>
              <Td>{g.status}</Td>
              <Td>{orAbsent(g.scorerName)}</Td>
              <Td>
                <Link
                  to={pageOf(date, g.teeTimeId)}
                  className={buttonClass('secondary', 'sm')}
                  aria-label={`Open card ${g.time}`}
                >
                  Open card
                </Link>
              </Td>
            </tr>
          ))}
        </DataTable>
      )}
      {card ? <AdminCard card={card} date={date} isAdmin={isAdmin} /> : null}
      {sideGames && isAdmin ? <ClosestToPinForm data={sideGames} action={pageOf(date)} /> : null}
    </div>
  );
}

type Group = ReturnType<typeof useLoaderData<typeof loader>>['groups'][number];

/**
 * Whether the night is started (docs/product/scorecards.md#game-night): once any group has its card, the page says so,
 * and what 'Start the night' would do again (startNight: cards for the groups without one, and the cards with no
 * score yet moved to the course chosen), so an administrator does not press it to start what is started.
 */
function NightStarted({ groups, isAdmin }: { groups: Group[]; isAdmin: boolean }) {
  const withCards = groups.filter((g) => g.state !== null).length;
  if (withCards === 0) return null;
  const without = groups.length - withCards;
  return (
    <div role="status" className="space-y-1 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm">
      <p className="font-semibold">
        This night is already started: {withCards} of {groups.length} groups have a card.
      </p>
      {isAdmin ? (
        <p>
          {without === 0
            ? "'Start the night' again makes no new card"
            : `'Start the night' again makes cards for the ${without} group${without === 1 ? '' : 's'} without one`}
          , and moves the cards with no score yet to the course chosen. Cards with scores keep them and their course.
        </p>
      ) : null}
    </div>
  );
}

type Card = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>['card']>;

function AdminCard({ card, date, isAdmin }: { card: Card; date: string; isAdmin: boolean }) {
  const saving = useIsPending({ intent: 'edit' });
  const strokesOf = new Map(card.scores.map((s) => [`${s.golferId}-${s.hole}`, s.strokes]));
  const locked = card.state === 'attested';
  return (
    <section aria-labelledby="card-title" className="space-y-3 rounded-md border p-3">
      <h2 id="card-title" className="text-lg font-semibold">
        {card.time} card · {card.courseName ?? 'no course'} ·{' '}
        {card.state === 'attested' ? 'Attested' : card.state === 'submitted' ? 'Submitted' : 'Open'}
      </h2>
      {card.submittedBy ? <p className="text-sm">Submitted by {card.submittedBy}</p> : null}
      {card.attestedBy ? <p className="text-sm">Attested by {card.attestedBy}</p> : null}
      {card.holes.length === 0 ? (
        <p className="text-sm">This card has no holes: its course is scored by totals.</p>
      ) : (
        <Form method="post" action={`/scores?date=${date}&card=${card.teeTimeId}`} className="space-y-3">
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="teeTimeId" value={card.teeTimeId} />
          <div className="overflow-x-auto" role="region" aria-label="Card by hole" tabIndex={0}>
            <table className="text-sm">
              <CardTableHead holes={card.holes} />
              <tbody>
                {card.golfers.map((g) => (
                  <tr key={g.golferId}>
                    <th scope="row" className="px-1 text-left font-normal">
                      {g.name}
                      {g.didNotFinish ? ' (Did not finish)' : ''}
                    </th>
                    {card.holes.map((h) => {
                      const stored = strokesOf.get(`${g.golferId}-${h.number}`);
                      return (
                        <td key={h.number} className="px-1">
                          <input type="hidden" name={`was-${g.golferId}-${h.number}`} value={stored ?? ''} />
                          <input
                            name={`s-${g.golferId}-${h.number}`}
                            aria-label={`${g.name} hole ${h.number}`}
                            type="number"
                            inputMode="numeric"
                            min={HOLE_STROKES.min}
                            max={HOLE_STROKES.max}
                            defaultValue={stored ?? ''}
                            disabled={locked || !isAdmin}
                            className="w-12 rounded border px-1 py-1"
                          />
                        </td>
                      );
                    })}
                    <LineTotals line={card.lines[g.golferId]} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {isAdmin && !locked ? (
            <Button type="submit" disabled={saving}>
              {saving ? 'Saving...' : 'Save holes'}
            </Button>
          ) : null}
        </Form>
      )}
      {isAdmin ? (
        <div className="flex flex-wrap gap-2">
          {!locked && card.holes.length > 0 ? (
            <Form method="post" action={`/scores?date=${date}&card=${card.teeTimeId}`}>
              <input type="hidden" name="intent" value="confirm" />
              <input type="hidden" name="teeTimeId" value={card.teeTimeId} />
              <Button type="submit">Confirm</Button>
            </Form>
          ) : null}
          {card.state !== 'open' ? (
            <Form method="post" action={`/scores?date=${date}&card=${card.teeTimeId}`}>
              <input type="hidden" name="intent" value="reopen" />
              <input type="hidden" name="teeTimeId" value={card.teeTimeId} />
              <Button type="submit" variant="secondary">
                Reopen
              </Button>
            </Form>
          ) : null}
          {!locked && card.holes.length > 0
            ? card.golfers.map((g) => (
                <Form key={g.golferId} method="post" action={`/scores?date=${date}&card=${card.teeTimeId}`}>
                  <input type="hidden" name="intent" value="dnf" />
                  <input type="hidden" name="teeTimeId" value={card.teeTimeId} />
                  <input type="hidden" name="golferId" value={g.golferId} />
                  <input type="hidden" name="didNotFinish" value={g.didNotFinish ? 'no' : 'yes'} />
                  <Button
                    type="submit"
                    variant="ghost"
                    aria-label={`${g.didNotFinish ? 'Finished' : 'Did not finish'}: ${g.name}`}
                  >
                    {g.didNotFinish ? `${g.name} finished` : `Did not finish: ${g.name}`}
                  </Button>
                </Form>
              ))
            : null}
        </div>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <RouteError what="game night" />;
}

/** A golfer's running gross, net and 'Thru {n}' on a card (ABSENT before the first hole). */
function LineTotals({ line }: { line: CardLine | undefined }) {
  const thru = line?.thru ?? 0;
  return (
    <>
      <td className="px-1">{runningTotalLabel(line?.gross ?? 0, thru)}</td>
      <td className="px-1">{runningTotalLabel(line?.net ?? 0, thru)}</td>
      <td className="px-1">{thruLabel(thru)}</td>
    </>
  );
}
