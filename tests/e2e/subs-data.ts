import { createSeason, getSeason } from '../../app/models/seasons.server';
import { createScheduleEntry } from '../../app/models/schedule-entries.server';
import { createGolfer } from '../../app/models/golfers.server';
import { db } from '../../app/db/db.server';
import { unique } from './fixtures';

/**
 * The data of the availability and subs browser tests (docs/product/availability-and-subs.md): each test plays in a
 * season of its own far ahead (its nights upcoming and before their cut-off on any day the tests run), so the tests
 * and the two projects (JavaScript on and off) never meet.
 */
export async function seasonWithNights(year: number, dates: string[]): Promise<void> {
  if (!(await getSeason(year)))
    await createSeason({ year, feeCents: 15000, registrationOpens: null, registrationCloses: null }, null);
  for (const [i, date] of dates.entries())
    await createScheduleEntry(
      year,
      { date, event: `League night ${i + 1}`, kind: 'regular-round', weekNumber: i + 1 },
      null,
    );
}

/** A golfer with an email; with `time`, holding position 1 of that standing tee time of `season`. */
export async function golfer(opts: { season?: number; time?: string; canSub?: boolean; first?: string } = {}) {
  const last = unique('Sub');
  const created = await createGolfer(
    { firstName: opts.first ?? 'Pat', lastName: last, email: `${last.toLowerCase()}@example.org`, canSub: opts.canSub },
    null,
  );
  if (opts.season !== undefined && opts.time)
    await db.teeTime.create({ data: { time: opts.time, season: opts.season, golfer1Id: created.id } });
  return { ...created, email: created.email! };
}
