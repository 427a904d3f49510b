import type { Prisma } from './db.server';

/*
 * What a committed write can change that a visitor sees (docs/decisions/190-one-source-one-commit-listener.md): the
 * one place that decides it, read by the public page cache (app/web/page-cache.server.ts) and the live results
 * (app/web/live-results.server.ts) alike, through the commit listener (commit-listener.server.ts). Every model is
 * named, so a new one cannot be forgotten (the type asks for it); tests/integration/public-reads.test.ts fails when a
 * public page or the live leaderboard reads a model said here to change nothing public.
 *
 * 'public': its writes may change a public page (the pages of docs/product/public-site.md and the stats website, the
 * /api/public JSON) or a night's live leaderboard, so they empty the page cache and have every watched leaderboard
 * read again. 'private': they change nothing anyone sees without signing in.
 */
type Reach = 'public' | 'private';

const WRITES_REACH: Record<Prisma.ModelName, Reach> = {
  User: 'public',
  Golfer: 'public',
  Course: 'public',
  Hole: 'public',
  FlightAssignment: 'public',
  Membership: 'public',
  Round: 'public',
  TeeTime: 'public',
  Scorecard: 'public',
  HoleScore: 'public',
  DidNotFinish: 'public',
  // Who is Out and which sub took the spot: the 'Sub' mark on a night's results and its live leaderboard.
  NightOut: 'public',
  SubOffer: 'public',
  Setting: 'public',
  Season: 'public',
  ScheduleEntry: 'public',
  PlayoffField: 'public',
  PlayoffSeed: 'public',
  PlayoffReplacement: 'public',
  PendingRegistration: 'public',
  SimulatedCheckoutSession: 'public',
  GolferTexts: 'public',
  Refund: 'public',
  SetAsideRound: 'public',
  SideGames: 'public',
  SideGameEntry: 'public',
  ClosestToPin: 'public',
  Payout: 'public',
  MoneyPayment: 'public',
  // Administrators' and golfers' sign-ins and throttles.
  Session: 'private',
  GolferSession: 'private',
  GolferSignInCode: 'private',
  LoginThrottle: 'private',
  // Email and text bookkeeping: the outbox, and the scheduled jobs' schedules, runs and deliveries.
  OutboxMessage: 'private',
  AutomationJob: 'private',
  AutomationRun: 'private',
  AutomationDelivery: 'private',
  // A rain-out's or an urgent notice's record of whom it told (the night's rain-out mark is its schedule entry's).
  NightNotice: 'private',
  AuditEntry: 'private',
  ContactChange: 'private',
  // A golfer's own calendar feed: its address and the versions it served (docs/decisions/157).
  GolferCalendar: 'private',
  GolferCalendarEvent: 'private',
};

/** Whether writes to `model` may change what a visitor sees; a name that is no model's answers false. */
export function isPublicModel(model: string): boolean {
  return Object.hasOwn(WRITES_REACH, model) && WRITES_REACH[model as Prisma.ModelName] === 'public';
}

/** Whether a commit that wrote `models` may change a public page or a live leaderboard. */
export function reachesPublic(models: Iterable<string>): boolean {
  for (const model of models) if (isPublicModel(model)) return true;
  return false;
}
