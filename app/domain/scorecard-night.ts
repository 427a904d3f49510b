/**
 * When a night's card is open (docs/product/scorecards.md, docs/decisions/121-scorecards.md and
 * docs/decisions/133-cards-on-league-nights.md): the days a golfer may keep it, and what a closed card or night says.
 * Pure: the models and the card's life cycle ask these with the card's state and the time.
 */
import { formatLeagueDateTime, formatRoundDate, todayInLeague } from './season';
import type { ScorecardState } from './scorecard';

/** The calendar date `days` after `date` (before, when negative), both yyyy-MM-dd. */
export function dayAfter(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The night's card stays open to golfers until the end of the next day, so a card finished after midnight goes in. */
export function nightClosed(date: string, now: Date = new Date()): boolean {
  return todayInLeague(now) > dayAfter(date, 1);
}

/** The nights whose card a golfer may still be keeping now: tonight's, and last night's (a card finished after midnight). */
export function cardNightsNow(now: Date = new Date()): { today: string; nights: string[] } {
  const today = todayInLeague(now);
  return { today, nights: [today, dayAfter(today, -1)] };
}

/** A card of a night still to come is not open yet: why, or null from the night's own day on. */
export function notOpenYet(date: string, now: Date): string | null {
  return date > todayInLeague(now) ? `The card of ${formatRoundDate(date)} opens on that day` : null;
}

export function closedNightMessage(date: string): string {
  return `The night of ${formatRoundDate(date)} is closed: ask an administrator to change its scores`;
}

export function closedCardMessage(
  state: ScorecardState,
  card: { submittedBy: string | null; attestedBy: string | null },
): string {
  if (state === 'attested') return `This card is closed: attested by ${card.attestedBy ?? 'an administrator'}`;
  return `This card was submitted by ${card.submittedBy ?? 'an administrator'}: it waits for another golfer to attest`;
}

/** The answer to an entry that a later one beat: who wrote the hole, and when. */
export function changedMessage(name: string, at: Date): string {
  return `Changed by ${name} at ${formatLeagueDateTime(at, 'h:mm a')}`;
}

/**
 * Who keeps a card's score: whoever wrote its latest hole entry (docs/decisions/128-scorecard-group-commit.md); null
 * before the first.
 */
export function latestWriter(scores: readonly { writtenBy: string; writtenAt: Date }[]): string | null {
  let latest: { writtenBy: string; writtenAt: Date } | null = null;
  for (const s of scores) if (!latest || s.writtenAt > latest.writtenAt) latest = s;
  return latest?.writtenBy ?? null;
}

/**
 * Why a card takes no new hole entry from this writer, or null when it does: an attested card takes none, a submitted
 * one none from golfers, and a night past its next day none from golfers (an administrator's entries still go in).
 */
export function closedToEntries(
  card: { state: ScorecardState; submittedBy: string | null; attestedBy: string | null },
  byAdministrator: boolean,
  date: string,
  now: Date,
): string | null {
  if (card.state === 'attested' || (!byAdministrator && card.state === 'submitted'))
    return closedCardMessage(card.state, card);
  return !byAdministrator && nightClosed(date, now) ? closedNightMessage(date) : null;
}
