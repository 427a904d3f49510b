import { createScheduleEntry, updateScheduleEntry } from '~/models/schedule-entries.server';
import { createSeason } from '~/models/seasons.server';
import type { ScheduleEntryInput } from '~/schemas/season';
import { type Writer, eachRow, yearOf } from './writer.server';

/**
 * Schedule dates: the season is the date's year, and a season has one entry per date, so a row for a stored date
 * updates that entry (blank weekNumber and rainOut cells keep what is on file) and any other row adds one. A year
 * without a season record gets one first, in year order, with the model's default fee (the previous season's, else
 * Settings'; docs/decisions/052-registration-follows-the-season.md). Every write goes through the seasons model, so
 * a change to which rounds count recomputes handicaps and points as the Seasons screens do.
 */
export const scheduleWriter: Writer<ScheduleEntryInput> = {
  async write(tx, rows, wrap) {
    const years = [...new Set(rows.map((row) => yearOf(row.input.date)))].sort((a, b) => a - b);
    const seasons = await tx.season.findMany({ where: { year: { in: years } }, select: { year: true } });
    const stored = await tx.scheduleEntry.findMany({ where: { season: { in: years } } });
    const known = new Set(seasons.map((season) => season.year));
    for (const year of years) {
      if (known.has(year)) continue;
      const first = rows.find((row) => yearOf(row.input.date) === year)!;
      try {
        await createSeason({ year, registrationOpens: null, registrationCloses: null }, null, tx);
      } catch (error) {
        throw wrap(first.rowNumber, error);
      }
    }
    const byDate = new Map(stored.map((entry) => [entry.date, entry]));
    await eachRow(rows, wrap, async ({ input, present }) => {
      const year = yearOf(input.date);
      const current = byDate.get(input.date);
      if (!current) {
        await createScheduleEntry(year, input, null, tx);
        return;
      }
      const merged: ScheduleEntryInput = {
        ...input,
        weekNumber: present.has('weekNumber') ? input.weekNumber : (current.weekNumber ?? undefined),
        rainOut: present.has('rainOut') ? input.rainOut : current.rainOut,
      };
      if (
        merged.event === current.event &&
        merged.kind === current.kind &&
        (merged.weekNumber ?? null) === current.weekNumber &&
        merged.rainOut === current.rainOut
      )
        return;
      await updateScheduleEntry(year, current.id, merged, null, tx);
    });
  },
};
