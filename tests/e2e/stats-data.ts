// A small league season for the stats specs, written through the app's models into the server's database, in a past
// year claimed for the calling test alone (tests/e2e/fixtures.ts claimYear), so no other spec sees or changes it.
import { claimYear, test as base, unique } from './fixtures';
import { createFlightAssignment } from '../../app/models/flights.server';
import { createGolfer } from '../../app/models/golfers.server';
import { createMembership } from '../../app/models/memberships.server';
import { calculatePointsForDate } from '../../app/models/points.server';
import { createRound } from '../../app/models/rounds.server';
import { createScheduleEntry } from '../../app/models/schedule-entries.server';
import { createSeason } from '../../app/models/seasons.server';
import { db } from '../../app/db/db.server';

/** The years the seasons and rounds specs claim too: whoever claims one has it alone until released. */
const YEARS = Array.from({ length: 13 }, (_, i) => 2000 + i);

export type StatsLeague = {
  year: number;
  /** The two scoring nights and the fun night, `yyyy-MM-dd`. */
  nights: [string, string];
  funNight: string;
  golfers: { id: number; fullName: string; email: string; phone: string }[];
  cleanUp: () => Promise<void>;
};

/**
 * Five golfers of Flight 1 over two scoring nights and a fun night. The first golfer registered with an estimated
 * score (the page shows its rows); the second and third tie on net on both nights (T2).
 */
export async function statsLeague(): Promise<StatsLeague> {
  const { year, release } = await claimYear(YEARS);
  // Nights on days of June that vary from run to run, so two tests that claim the same year one after the other never
  // ask for the same addresses.
  const day = (n: number) => `${year}-06-${String(n).padStart(2, '0')}`;
  const first = 1 + Math.floor(Math.random() * 9);
  const nights: [string, string] = [day(first), day(first + 7)];
  const funNight = day(first + 14);
  const golferIds: number[] = [];
  try {
    await createSeason({ year, feeCents: 15_000, registrationOpens: null, registrationCloses: null }, null);
    await createScheduleEntry(
      year,
      { date: nights[0], weekNumber: 1, event: 'League Play', kind: 'regular-round' },
      null,
    );
    await createScheduleEntry(
      year,
      { date: nights[1], weekNumber: 2, event: 'League Play', kind: 'regular-round' },
      null,
    );
    await createScheduleEntry(year, { date: funNight, event: 'Fun Night – Scramble', kind: 'fun-night' }, null);
    const golfers = [];
    for (const [i, first] of ['Ada', 'Ben', 'Cal', 'Dee', 'Eve'].entries()) {
      const email = `${unique('stats').toLowerCase()}@example.org`;
      const phone = `231555${String(7000 + i).padStart(4, '0')}`;
      const golfer = await createGolfer({ firstName: first, lastName: unique('Stat'), email, phone }, null);
      golferIds.push(golfer.id);
      golfers.push({ id: golfer.id, fullName: golfer.fullName, email, phone });
      if (i === 0)
        await createMembership(
          { golferId: golfer.id, season: year, registered: true, paid: true, estimatedScore: 45 },
          null,
        );
      await createFlightAssignment({ golferId: golfer.id, season: year, flightNo: '1' }, null);
    }
    const gross = [
      [40, 42, 42, 45, 48],
      [41, 44, 44, 43, 50],
    ];
    for (const [n, night] of nights.entries()) {
      for (const [i, golfer] of golfers.entries()) {
        await createRound({ golferId: golfer.id, date: night, season: year, grossScore: gross[n][i] }, null);
      }
      await calculatePointsForDate(night, null);
    }
    await createRound({ golferId: golfers[0].id, date: funNight, season: year, grossScore: 52 }, null);
    return {
      year,
      nights,
      funNight,
      golfers,
      cleanUp: async () => {
        await db.golfer.deleteMany({ where: { id: { in: golferIds } } });
        await db.season.deleteMany({ where: { year } });
        release();
      },
    };
  } catch (error) {
    await db.golfer.deleteMany({ where: { id: { in: golferIds } } });
    await db.season.deleteMany({ where: { year } });
    release();
    throw error;
  }
}

/** Whether the page scrolls sideways (the document, or any table's scrolling box), or a header is wider than its column. */

/** The stats specs' `test`: each test that asks for `league` gets a fresh stats league, removed after it. */
export const test = base.extend<{ league: StatsLeague }>({
  // Playwright reads the fixtures a function uses from its first parameter, so it must be a destructuring.
  league: async ({}, provide) => {
    const league = await statsLeague();
    await provide(league);
    await league.cleanUp();
  },
});

export function sidewaysOverflow(): number {
  const doc = document.documentElement;
  const boxes = [doc, ...Array.from(document.querySelectorAll<HTMLElement>('.overflow-x-auto, th'))];
  return Math.max(...boxes.map((el) => el.scrollWidth - el.clientWidth));
}

/** The layout shift a page has had so far (CLS without session windows: every unexpected shift counts). */
export function layoutShift(): Promise<number> {
  return new Promise((resolve) => {
    let total = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) total += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    setTimeout(() => resolve(total), 300);
  });
}

/** Elements that stick out of the viewport on the right, or headers wider than their column, for a failure message. */
export function widerThanScreen(): string {
  return Array.from(document.querySelectorAll<HTMLElement>('body *'))
    .filter(
      (el) =>
        el.getBoundingClientRect().right > window.innerWidth + 0.5 ||
        (el.tagName === 'TH' && el.scrollWidth > el.clientWidth),
    )
    .slice(0, 5)
    .map(
      (el) =>
        `<${el.tagName.toLowerCase()} class="${el.className}"> (${el.textContent?.slice(0, 20)}) ends at ${el.getBoundingClientRect().right}px, its content at ${el.scrollWidth}px of ${el.clientWidth}`,
    )
    .join('\n');
}
