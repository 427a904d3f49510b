import { formatDollars } from '~/domain/format';
import { formatLeagueDateTime, formatRoundDate } from '~/domain/season';
import { formatTeeTime } from '~/domain/tee-times';
import { setLeagueMessages } from '~/features/league-messages/league-messages.server';
import { changeMyTeeTime, myLeague, resendReceipt, updateMyContact } from '~/features/my-league/my-league.server';
import { takeHourlySlot } from '~/models/rate-limit.server';
import { golferOpenCard } from '~/models/scorecards.server';
import { asPosition } from '~/models/tee-times.server';
import { leagueMessagesSchema, myContactSchema } from '~/schemas/my-league';
import { chooseSlotSchema } from '~/schemas/tee-time';
import { requireGolfer } from './golfer-session.server';
import { siteOrigin, TooManyRequestsError } from './http.server';
import { publicAction, publicIntent } from './public-page.server';
import { golferNights } from '~/features/subs/golfer-nights.server';
import { myCalendarLink } from '~/features/my-league/my-calendar.server';
import { myTexts } from './my-texts.server';
import { myMoneyView } from './my-money-page.server';

/** At most this many 'Email my receipt again' an hour per golfer: it is their inbox, but the outbox is shared. */
const RECEIPTS_PER_HOUR = 5;

/**
 * /me, 'My league' (docs/product/my-league.md): the signed-in golfer's membership, standing tee time, handicap,
 * contact details and league messages. Without a golfer's session: /me/sign-in, which comes back here.
 * Here, not in the route, with dates, times and money formatted, so the page sends no schema or formatting code to
 * the browser (its JavaScript budget: docs/decisions/061-javascript-budgets.md).
 */
export async function myLeaguePage(request: Request) {
  const { golferId } = await requireGolfer(request);
  const [data, nights, card, calendar, texts, money] = await Promise.all([
    myLeague(golferId),
    golferNights(golferId),
    golferOpenCard(golferId),
    myCalendarLink(golferId, siteOrigin(request)),
    myTexts(golferId),
    myMoneyView(golferId),
  ]);
  const times = new Map<string, { slot: string; label: string }>();
  for (const open of data.openTeeTimes)
    if (!times.has(open.time))
      times.set(open.time, { slot: `${open.teeTimeId}:${open.position}`, label: formatTeeTime(open.time) });
  return {
    golfer: data.golfer,
    season: data.season,
    membership: data.membership && {
      ...data.membership,
      amount: data.membership.amountCents === null ? null : formatDollars(data.membership.amountCents),
      date: data.membership.paidAt ? formatLeagueDateTime(data.membership.paidAt, 'MMMM d, yyyy') : null,
    },
    registerYear: data.registerYear,
    teeTime: data.teeTime && { ...data.teeTime, label: formatTeeTime(data.teeTime.time) },
    openTimes: [...times.values()],
    handicap: data.handicap,
    statsUrl: data.statsUrl,
    // 'Upcoming nights' and 'I can sub' (docs/product/availability-and-subs.md), as /me/nights shows them.
    nights,
    // 'Keep score' on the night's card (docs/product/scorecards.md#the-card).
    card: card && {
      url: `/me/scorecard/${card.date}`,
      title: card.tonight ? "Tonight's scorecard" : "Last night's scorecard",
      label: formatRoundDate(card.date),
    },
    // 'Add my nights to my calendar' (docs/product/my-league.md#my-calendar).
    calendar,
    // 'Texts' (docs/product/my-league.md#texts): its forms post to /me/texts.
    texts,
    // 'Play the side games' and 'My money' (docs/product/money.md).
    ...money,
  };
}

export type MyLeagueFailure = { intent: string; message: string; errors?: Record<string, string[]> };

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

export async function myLeagueAction(request: Request) {
  const { golferId } = await requireGolfer(request);
  const origin = siteOrigin(request);
  return publicAction(request, {
    maxBytes: 10_000,
    unknown: 'Unknown action.',
    intents: {
      receipt: publicIntent({
        run: async ({ done }) => {
          const wait = await takeHourlySlot(`me-receipt:${golferId}`, RECEIPTS_PER_HOUR);
          if (wait !== null)
            throw new TooManyRequestsError('You asked for your receipt a few times already. Try again later.', wait);
          const { to } = await resendReceipt(golferId, origin);
          return done('/me', { title: 'Receipt sent', description: `We emailed your receipt to ${to}.` });
        },
      }),
      'tee-time': publicIntent({
        schema: chooseSlotSchema,
        invalid: 'Please choose a tee time',
        run: async ({ value: { slot }, done }) => {
          const result = await changeMyTeeTime(golferId, slot.teeTimeId, asPosition(slot.position), origin);
          return done('/me', {
            title: 'Tee time changed',
            description: `Your standing tee time is ${formatTeeTime(result.time)}. We emailed you a confirmation.`,
          });
        },
      }),
      contact: publicIntent({
        schema: myContactSchema,
        invalid: 'Please correct the highlighted fields.',
        run: async ({ value, done }) => {
          const result = await updateMyContact(golferId, { email: value.email, phone: value.phone ?? null }, origin);
          const saved = result.phoneChanged ? 'Your phone number is saved.' : '';
          const pending = result.emailPending
            ? `We sent a link to ${result.emailPending}: your email changes when you open it.`
            : '';
          return done('/me', {
            title: 'Contact details',
            description: [saved, pending].join(' ').trim() || 'Nothing changed.',
          });
        },
      }),
      messages: publicIntent({
        schema: leagueMessagesSchema,
        invalid: 'League messages must be on or off',
        run: async ({ value: { leagueMessages }, done }) => {
          await setLeagueMessages(golferId, leagueMessages);
          return done('/me', { title: leagueMessages ? 'League messages on' : 'League messages off' });
        },
      }),
    },
    failed: (failure, form): MyLeagueFailure => ({
      intent: form ? text(form, 'intent') : '',
      message: failure.message,
      errors: failure.errors,
    }),
  });
}
