// Every public and admin page (app/routes), with its URL dialogs open, is valid HTML and has no serious or critical
// axe-core finding on a desktop or a 375 px phone, where it never scrolls sideways (see
// docs/decisions/116-valid-and-accessible-pages.md). The pages are split over a few tests so two workers share them;
// a last test makes sure every page route of app/routes is among them.
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, expect, signIn, test } from './fixtures';
import { signInGolfer } from './golfer-session';
import { expectValidAndAccessible, type Visit } from './page-checks';
import { newCourse } from './league-data';
import { fulfilledRegistration, ownSlot, simulatedSession } from './registration-helpers';
import { statsLeague } from './stats-data';
import { cardTonight } from './scorecard-data';
import { currentSeason } from '../../app/domain/season';
import { db } from '../../app/db/db.server';
import { hashOfToken } from '../../app/models/nights-out.server';
import { golfer as subsGolfer, seasonWithNights } from './subs-data';
import { signAnswer } from '../../app/features/automation/answer-token.server';
import { E2E_SESSION_SECRET } from '../../playwright.config';

// axe-core is injected into the page, which the app's nonce CSP rightly refuses.
test.use({ bypassCSP: true });
test.describe.configure({ timeout: 180_000 });

/**
 * The simulated checkout's two pages (the e2e server has no Stripe key): an open session's /checkout page, and the
 * /registration-confirmation page of a paid one, which offers this season's tee times.
 */
async function checkoutSessions(golfer: { id: number; fullName: string; email: string }) {
  const season = currentSeason();
  const ids = {
    open: await simulatedSession(golfer.email, season, 'open'),
    paid: await simulatedSession(golfer.email, season, 'paid'),
  };
  const [firstName, lastName] = golfer.fullName.split(' ');
  const registration = { id: `a11y-${ids.paid}`, registrationType: 'returning' } as const;
  await fulfilledRegistration(ids.paid, { ...golfer, firstName, lastName }, season, registration);
  return {
    ...ids,
    cleanUp: async () => {
      await db.pendingRegistration.deleteMany({ where: { checkoutSessionId: ids.paid } });
      await db.simulatedCheckoutSession.deleteMany({ where: { id: { in: [ids.open, ids.paid] } } });
    },
  };
}

const lastName = (fullName: string) => encodeURIComponent(fullName.split(' ').pop()!);

/** The pages anyone sees, some of them with what a registration leaves behind. */
const publicPages = (d: { lastName: string; openSession: string; paidSession: string }): Visit[] => [
  { url: '/join' },
  { url: '/register' },
  { url: '/register?type=returning' },
  { url: `/register?find=${d.lastName}` },
  { url: '/rules' },
  { url: '/terms' },
  { url: '/schedule' },
  { url: '/public/tee-times' },
  { url: '/auth' },
  { url: '/confirm-contact/no-such-token', status: 404 },
  { url: '/unsubscribe/no-such-token', status: 404 },
  { url: `/checkout/${d.openSession}` },
  { url: `/registration-confirmation/${d.paidSession}` },
  { url: '/registration-confirmation/no-such-session', status: 400 },
  { url: '/checkout/no-such-session', status: 404 },
  { url: '/no-such-page', status: 404 },
];

const statsGolfersAndCourses = (d: {
  year: number;
  night: string;
  golferId: number;
  lastName: string;
  courseId: number;
}): Visit[] => [
  { url: '/' },
  { url: `/stats?season=${d.year}` },
  { url: `/stats/results/${d.night}` },
  { url: `/stats/playoffs?season=${d.year}` },
  { url: `/stats/golfers/${d.golferId}?season=${d.year}` },
  { url: `/golfers?q=${d.lastName}` },
  { url: '/golfers?action=new', dialog: 'Add New Golfer' },
  { url: `/golfers?edit=${d.golferId}`, dialog: 'Edit Golfer' },
  { url: `/golfers?delete=${d.golferId}`, dialog: 'Confirm Deletion' },
  { url: '/courses' },
  { url: '/courses?action=new', dialog: 'Add New Course' },
  { url: `/courses?edit=${d.courseId}`, dialog: 'Edit Course' },
  { url: `/courses?delete=${d.courseId}`, dialog: 'Confirm Deletion' },
];

const seasonsAndMemberships = ({
  year,
  entryId,
  membershipId,
}: {
  year: number;
  entryId: number;
  membershipId: number;
}): Visit[] => [
  { url: '/seasons' },
  { url: '/seasons?action=new', dialog: 'Add Season' },
  { url: `/seasons?edit=${year}`, dialog: 'Edit Season' },
  { url: `/seasons?delete=${year}`, dialog: 'Confirm Deletion' },
  { url: `/seasons/${year}` },
  { url: `/seasons/${year}?action=edit-season`, dialog: 'Edit Season' },
  { url: `/seasons/${year}?action=new`, dialog: 'Add Date' },
  { url: `/seasons/${year}?edit=${entryId}`, dialog: 'Edit Date' },
  { url: `/seasons/${year}?delete=${entryId}`, dialog: 'Confirm Deletion' },
  { url: `/memberships?season=${year}` },
  { url: `/memberships?season=${year}&action=new`, dialog: 'Add Membership' },
  { url: `/memberships?season=${year}&edit=${membershipId}`, dialog: 'Edit Membership' },
  { url: `/memberships?season=${year}&delete=${membershipId}`, dialog: 'Confirm Deletion' },
  { url: `/memberships?season=${year}&refund=${membershipId}`, dialog: 'Refund Membership' },
];

const roundsFlightsAndStandings = ({
  year,
  roundId,
  assignmentId,
}: {
  year: number;
  roundId: number;
  assignmentId: number;
}): Visit[] => [
  { url: `/rounds?season=${year}` },
  { url: `/rounds?season=${year}&action=new`, dialog: 'Record New Round' },
  { url: `/rounds?season=${year}&edit=${roundId}`, dialog: 'Edit Round' },
  { url: `/rounds?season=${year}&delete=${roundId}`, dialog: 'Confirm Deletion' },
  { url: `/flights?season=${year}` },
  { url: `/flights?season=${year}&action=new`, dialog: 'Assign Flight' },
  { url: `/flights?season=${year}&edit=${assignmentId}`, dialog: 'Edit Flight Assignment' },
  { url: `/flights?season=${year}&delete=${assignmentId}`, dialog: 'Confirm Deletion' },
  { url: `/standings?season=${year}` },
];

const teeTimesImportMailAndSettings = (d: { slotId: number; messageId: number; userId: number }): Visit[] => [
  { url: '/tee-times' },
  { url: `/tee-times?slot=${d.slotId}-3` },
  { url: '/import' },
  { url: '/import?tab=json' },
  { url: '/email-list' },
  { url: '/email-list?compose=current', dialog: 'Compose message' },
  { url: '/email-list?compose=reminder', dialog: 'Send payment reminder' },
  { url: '/outbox' },
  { url: `/outbox?view=${d.messageId}`, dialog: 'Message' },
  { url: '/automation' },
  { url: '/settings' },
  { url: '/settings?action=new-user', dialog: 'Add User' },
  { url: `/settings?reset=${d.userId}`, dialog: 'Reset Password' },
];

/** Game night (docs/product/scorecards.md) and a course's holes, for an administrator. */
const gameNight = (d: { date: string; teeTimeId: number; courseId: number; courseName: string }): Visit[] => [
  { url: `/courses?holes=${d.courseId}`, dialog: `Holes of ${d.courseName}` },
  { url: `/scores?date=${d.date}` },
  { url: `/scores?date=${d.date}&card=${d.teeTimeId}` },
];

/** The golfer's card of the night (docs/product/scorecards.md), signed in as a golfer of the group. */
const golferScorecard = (d: { date: string }): Visit[] => [{ url: `/me/scorecard/${d.date}` }];

/** Availability and subs (docs/product/availability-and-subs.md): the night view, its tee sheet, a sub's link. */
const availabilityAndSubs = (d: { night: string; token: string; answer: string }): Visit[] => [
  { url: `/tee-times?date=${d.night}` },
  { url: `/tee-sheet/${d.night}` },
  // A night ahead: /scores with 'Rain out this night', and its confirm page (docs/product/seasons.md).
  { url: `/scores?date=${d.night}` },
  { url: `/nights/${d.night}/rain-out` },
  { url: `/subs/take/${d.token}` },
  { url: '/subs/take/no-such-token', status: 404 },
  // 'Are you in?' (docs/product/automation.md): the page an emailed answer link opens.
  { url: `/answer/${d.answer}` },
  { url: '/answer/no-such-token', status: 404 },
];
/** 'My league' (docs/product/my-league.md): signing in, then, with a golfer's session, /me. */
const signInPages = (): Visit[] => [{ url: '/me/sign-in' }, { url: '/me/sign-in?token=no-such-token', status: 404 }];
const myLeaguePages = (): Visit[] => [{ url: '/me' }, { url: '/me/texts' }];
const moneyPages = (d: { year: number; golferId: number }): Visit[] => [
  { url: `/money?season=${d.year}` },
  { url: `/money?season=${d.year}&cash=${d.golferId}` },
  { url: `/seasons/${d.year}/side-games` },
];

test('the sign-in and My league pages are valid and accessible', async ({ page, context, baseURL }) => {
  const league = await statsLeague();
  const slot = await ownSlot();
  const golfer = league.golfers[0];
  try {
    await db.teeTime.update({ where: { id: slot.id }, data: { golfer1Id: golfer.id } });
    await expectValidAndAccessible(page, signInPages());
    await signInGolfer(context, baseURL!, golfer.id);
    await expectValidAndAccessible(page, myLeaguePages());
  } finally {
    await db.teeTime.delete({ where: { id: slot.id } });
    await league.cleanUp();
  }
});

test('the public pages are valid and accessible', async ({ page }) => {
  const league = await statsLeague();
  const slot = await ownSlot();
  const sessions = await checkoutSessions(league.golfers[1]);
  try {
    await db.teeTime.update({ where: { id: slot.id }, data: { golfer1Id: league.golfers[0].id } });
    await expectValidAndAccessible(
      page,
      publicPages({
        lastName: lastName(league.golfers[0].fullName),
        openSession: sessions.open,
        paidSession: sessions.paid,
      }),
    );
  } finally {
    await sessions.cleanUp();
    await db.teeTime.delete({ where: { id: slot.id } });
    await league.cleanUp();
  }
});

test('the stats pages, the dashboard, golfers and courses are valid and accessible', async ({ page }) => {
  const league = await statsLeague();
  const course = await newCourse(36);
  const golfer = league.golfers[0];
  try {
    // Signed in: an administrator sees the stats pages whether or not they are published.
    await signIn(page, '/');
    await expectValidAndAccessible(
      page,
      statsGolfersAndCourses({
        year: league.year,
        night: league.nights[0],
        golferId: golfer.id,
        lastName: lastName(golfer.fullName),
        courseId: course.id,
      }),
    );
  } finally {
    await db.course.delete({ where: { id: course.id } });
    await league.cleanUp();
  }
});

test('the seasons and memberships pages are valid and accessible', async ({ page }) => {
  const league = await statsLeague();
  const { year } = league;
  try {
    const entry = await db.scheduleEntry.findFirstOrThrow({ where: { season: year } });
    const paid = await db.membership.findFirstOrThrow({ where: { season: year, paid: true } });
    await signIn(page, '/seasons');
    await expectValidAndAccessible(page, seasonsAndMemberships({ year, entryId: entry.id, membershipId: paid.id }));
  } finally {
    await league.cleanUp();
  }
});

test('the rounds, flights and standings pages are valid and accessible', async ({ page }) => {
  const league = await statsLeague();
  const { year } = league;
  try {
    const round = await db.round.findFirstOrThrow({ where: { season: year } });
    const assignment = await db.flightAssignment.findFirstOrThrow({ where: { season: year } });
    await signIn(page, `/rounds?season=${year}`);
    await expectValidAndAccessible(
      page,
      roundsFlightsAndStandings({ year, roundId: round.id, assignmentId: assignment.id }),
    );
  } finally {
    await league.cleanUp();
  }
});

test('the tee times, import, email, outbox and settings pages are valid and accessible', async ({ page }) => {
  const league = await statsLeague();
  const slot = await ownSlot();
  const message = await db.outboxMessage.create({
    data: {
      key: `a11y:${slot.id}`,
      kind: 'receipt',
      toAddress: league.golfers[0].email,
      subject: 'Receipt for the season',
      text: 'Thank you for registering.',
      html: '<p>Thank you for <em>registering</em>.</p>',
      status: 'sent',
      attempts: 1,
    },
  });
  try {
    await db.teeTime.update({ where: { id: slot.id }, data: { golfer2Id: league.golfers[0].id } });
    const admin = await db.user.findUniqueOrThrow({ where: { username: ADMIN.username } });
    await signIn(page, '/tee-times');
    await expect(page.getByRole('heading', { name: 'Tee Times', level: 1 })).toBeVisible();
    await expectValidAndAccessible(
      page,
      teeTimesImportMailAndSettings({ slotId: slot.id, messageId: message.id, userId: admin.id }),
    );
  } finally {
    await db.outboxMessage.delete({ where: { id: message.id } });
    await db.teeTime.delete({ where: { id: slot.id } });
    await league.cleanUp();
  }
});

test("game night, a course's holes and a golfer's scorecard are valid and accessible", async ({
  page,
  context,
  baseURL,
}) => {
  const { date, card, course, ann } = await cardTonight('A11y');
  await signIn(page, '/scores');
  await expectValidAndAccessible(
    page,
    gameNight({ date, teeTimeId: card.teeTimeId, courseId: course.id, courseName: course.courseName }),
  );
  await signInGolfer(context, baseURL!, ann.id);
  await expectValidAndAccessible(page, golferScorecard({ date }));
});

test('the availability and subs pages are valid and accessible', async ({ page, context, baseURL }) => {
  const year = 2097;
  const night = `${year}-06-01`;
  await seasonWithNights(year, [night]);
  const out = await subsGolfer({ season: year, time: '17:00', first: 'Otto' });
  const taken = await subsGolfer({ season: year, time: '17:10', first: 'Tess' });
  const sub = await subsGolfer({ canSub: true, first: 'Sam' });
  const spot = await db.nightOut.create({
    data: { golferId: out.id, date: night, season: year, teeTime: '17:00', position: 1 },
  });
  await db.nightOut.create({
    data: { golferId: taken.id, date: night, season: year, teeTime: '17:10', position: 1, subGolferId: sub.id },
  });
  const token = `a11y-${spot.id}-token`;
  await db.subOffer.create({
    data: {
      tokenHash: hashOfToken(token),
      nightOutId: spot.id,
      subGolferId: sub.id,
      expiresAt: new Date(`${night}T00:00:00Z`),
    },
  });
  const asked = await subsGolfer({ season: year, time: '17:20', first: 'Ivy' });
  const answer = signAnswer(
    { golferId: asked.id, date: night, answer: 'out', expiresAt: new Date(Date.UTC(year, 4, 31, 16)) },
    E2E_SESSION_SECRET,
  );
  await signIn(page, `/tee-times?date=${night}`);
  await expectValidAndAccessible(page, availabilityAndSubs({ night, token, answer }));
  // The golfer's own page, with a golfer's session.
  await signInGolfer(context, baseURL!, out.id);
  await expectValidAndAccessible(page, [{ url: '/me/nights' }]);
});

test('the money pages are valid and accessible', async ({ page, context, baseURL }) => {
  const year = 2095;
  await db.season.upsert({ where: { year }, create: { year, feeCents: 15000 }, update: {} });
  await db.sideGames.upsert({
    where: { season: year },
    create: { season: year, skinsFeeCents: 500, closestToPinFeeCents: 200, closestToPinHole: 7, lowNetFeeCents: 200 },
    update: {},
  });
  const golfer = await db.golfer.create({
    data: { firstName: 'Mo', lastName: 'Neyfield', fullName: 'Mo Neyfield', email: 'mo.neyfield@example.org' },
  });
  await db.sideGameEntry.create({
    data: { date: `${year}-06-05`, season: year, golferId: golfer.id, game: 'skins', feeCents: 500 },
  });
  await db.payout.create({
    data: { date: `${year}-06-05`, season: year, game: 'skins', golferId: golfer.id, cents: 500 },
  });
  await signIn(page, `/money?season=${year}`);
  await expectValidAndAccessible(page, moneyPages({ year, golferId: golfer.id }));
  await signInGolfer(context, baseURL!, golfer.id);
  await expectValidAndAccessible(page, [{ url: '/me/money' }]);
});

/**
 * The address pattern of each page route in app/routes: a .tsx module with a component that no other route nests
 * in (the _public and _admin layouts). `_`-prefixed segments add nothing to the address, `$name` is one segment, a
 * lone `$` anything.
 */
function pageRoutes(): { file: string; pattern: RegExp }[] {
  const dir = path.resolve('app/routes');
  const names = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => file.slice(0, -'.tsx'.length));
  return names
    .filter((name) => /^export default /m.test(fs.readFileSync(path.join(dir, `${name}.tsx`), 'utf8')))
    .filter((name) => !names.some((other) => other.startsWith(`${name}.`)))
    .map((name) => {
      const segments = name
        .split('.')
        .filter((segment) => !segment.startsWith('_'))
        // A trailing `_` only keeps a route from nesting in its parent's page (seasons_.$year.side-games).
        .map((segment) => segment.replace(/_$/, ''))
        .map((segment) =>
          segment === '$' ? '.+' : segment.startsWith('$') ? '[^/]+' : segment.replace(/[-[\]]/g, '\\$&'),
        );
      return { file: `${name}.tsx`, pattern: new RegExp(`^/${segments.join('/')}$`) };
    });
}

test('every page of app/routes is among the pages checked', () => {
  const visits = [
    ...publicPages({ lastName: 'Smith', openSession: 'cs_1', paidSession: 'cs_2' }),
    ...statsGolfersAndCourses({ year: 2000, night: '2000-06-05', golferId: 1, lastName: 'Smith', courseId: 1 }),
    ...seasonsAndMemberships({ year: 2000, entryId: 1, membershipId: 1 }),
    ...roundsFlightsAndStandings({ year: 2000, roundId: 1, assignmentId: 1 }),
    ...teeTimesImportMailAndSettings({ slotId: 1, messageId: 1, userId: 1 }),
    ...gameNight({ date: '2000-06-05', teeTimeId: 1, courseId: 1, courseName: 'Links' }),
    ...golferScorecard({ date: '2000-06-05' }),
    ...availabilityAndSubs({ night: '2000-06-05', token: 'token', answer: 'token' }),
    { url: '/me/nights' },
    ...signInPages(),
    ...myLeaguePages(),
    ...moneyPages({ year: 2000, golferId: 1 }),
    { url: '/me/money' },
  ];
  const paths = visits.map((visit) => new URL(visit.url, 'http://x').pathname);
  const routes = pageRoutes();
  expect(routes.length).toBeGreaterThan(25);
  const unchecked = routes
    // The 404 page's lone `$` matches any address: it needs an address no other route has.
    .filter(({ file, pattern }) =>
      file === '$.tsx'
        ? !paths.some((p) => pattern.test(p) && !routes.some((r) => r.file !== file && r.pattern.test(p)))
        : !paths.some((p) => pattern.test(p)),
    )
    .map(({ file }) => file);
  expect(unchecked).toEqual([]);
});
