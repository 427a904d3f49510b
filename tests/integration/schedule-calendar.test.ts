import ical, { type VEvent } from 'node-ical';
import { describe, expect, it, vi } from 'vitest';
import {
  createScheduleEntry,
  deleteScheduleEntry,
  setRainOut,
  updateScheduleEntry,
} from '~/models/schedule-entries.server';
import { getSchedule, getSeason } from '~/models/seasons.server';
import { getSettings, updateSettings } from '~/models/settings.server';
import { loader as leagueCalendar } from '~/routes/schedule[.ics]';
import { action as yearCalendarAction, loader as yearCalendar } from '~/routes/schedule.$year[.ics]';
import { call, request } from './helpers';

// The calendar feeds of docs/product/seasons.md#public-schedule-and-calendar, against the 2025 season the migration
// creates (22 dates, three of them no-league). Each test file has a database of its own, so changes stay here.

function yearFeed(year: string) {
  return call(yearCalendar, request(`/schedule/${year}.ics`), { year });
}

async function eventsOf(res: Response): Promise<VEvent[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8');
  const parsed = ical.sync.parseICS(await res.text());
  return Object.values(parsed)
    .filter((component) => component?.type === 'VEVENT')
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

function summaryOf(event: VEvent): string {
  return typeof event.summary === 'string' ? event.summary : event.summary.val;
}

/** The UTC instant of a Detroit wall-clock time in summer (EDT, UTC-4), written out for the reader. */
const EDT = (date: string, hour: number) => `${date}T${String(hour + 4).padStart(2, '0')}:00:00.000Z`;

describe('GET /schedule/{year}.ics', () => {
  it('has one event per 2025 date except the no-league ones, 11:00 to 18:00 Detroit time', async () => {
    const events = await eventsOf(await yearFeed('2025'));
    const entries = await getSchedule(2025);
    expect(entries).toHaveLength(22);
    expect(events).toHaveLength(19);

    const playing = entries.filter((entry) => entry.kind !== 'no-league');
    expect(events.map((event) => event.uid)).toEqual(playing.map((entry) => `schedule-${entry.date}@golf-league`));
    expect(events.map(summaryOf)).toEqual(playing.map((entry) => entry.event));
    for (const [i, event] of events.entries()) {
      expect(event.start.toISOString()).toBe(EDT(playing[i].date, 11));
      expect(event.end?.toISOString()).toBe(EDT(playing[i].date, 18));
    }
    // Spot checks written out, so a mistake shared by the feed and the test above cannot hide.
    expect(events[0].start.toISOString()).toBe('2025-05-05T15:00:00.000Z');
    expect(events[0].end?.toISOString()).toBe('2025-05-05T22:00:00.000Z');
    expect(summaryOf(events[0])).toBe('Practice Round');
    for (const noLeague of ['2025-05-26', '2025-07-07', '2025-09-01']) {
      expect(events.some((event) => event.start.toISOString().startsWith(noLeague))).toBe(false);
    }
    expect(summaryOf(events[events.length - 1])).toBe('Final Outing – Alternate Date');
  });

  it('keeps every UID from one build to the next, and the file is RFC 5545 text', async () => {
    const first = await (await yearFeed('2025')).text();
    const second = await (await yearFeed('2025')).text();
    const uids = (text: string) => text.match(/^UID:.*$/gm);
    expect(uids(first)).toHaveLength(19);
    expect(uids(second)).toEqual(uids(first));
    expect(first).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(first).toMatch(/^PRODID:.+$/m);
    expect(first.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    // Times are UTC instants, so no VTIMEZONE is needed.
    expect(first).toMatch(/^DTSTART:20250505T150000Z\r$/m);
    expect(first).not.toContain('TZID');
  });

  it("prefixes 'Rain-out: ' to a rained-out date and follows the tee-time window of Settings", async () => {
    const season = await getSeason(2025);
    const night = season?.schedule.find((entry) => entry.date === '2025-06-09');
    expect(night).toBeDefined();
    const before = await getSettings();
    await setRainOut(2025, night!.id, true, null);
    await updateSettings({ teeFirst: '07:30', teeLast: '12:00' }, null);
    try {
      const events = await eventsOf(await yearFeed('2025'));
      const rained = events.find((event) => event.uid === 'schedule-2025-06-09@golf-league');
      expect(rained && summaryOf(rained)).toBe('Rain-out: League Play');
      expect(events.filter((event) => summaryOf(event).startsWith('Rain-out')).length).toBe(1);
      expect(rained?.start.toISOString()).toBe('2025-06-09T11:30:00.000Z');
      expect(rained?.end?.toISOString()).toBe('2025-06-09T16:00:00.000Z');
    } finally {
      await setRainOut(2025, night!.id, false, null);
      await updateSettings({ teeFirst: before.teeFirst, teeLast: before.teeLast }, null);
    }
  });

  it('answers 404 for a year that is not a season and for a path that is not a year', async () => {
    expect((await yearFeed('2031')).status).toBe(404);
    expect((await yearFeed('abc')).status).toBe(404);
    expect((await yearFeed('20255')).status).toBe(404);
  });

  it('answers a POST with 405', async () => {
    const res = await call(yearCalendarAction, request('/schedule/2025.ics', { method: 'POST' }), { year: '2025' });
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET');
  });
});

describe('GET /schedule.ics', () => {
  it("is the league season's calendar: 2025, the only season with a schedule", async () => {
    const res = await call(leagueCalendar, request('/schedule.ics'));
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="schedule-2025.ics"');
    const events = await eventsOf(res);
    expect(events).toHaveLength(19);
    expect(events[0].uid).toBe('schedule-2025-05-05@golf-league');
  });
});

describe('a changed night in the calendar feed (docs/decisions/115-league-season-defaults-and-calendar-updates.md)', () => {
  /** Each event's UID with its date, version and last change, as a calendar app reads them. */
  async function versions(): Promise<Map<string, { date: string; sequence: number; lastModified: string }>> {
    const events = await eventsOf(await yearFeed('2025'));
    return new Map(
      events.map((event) => [
        event.uid,
        {
          date: event.start.toISOString().slice(0, 10),
          sequence: Number(event.sequence),
          lastModified: event.lastmodified?.toISOString() ?? 'none',
        },
      ]),
    );
  }

  /** Runs `change` with the clock at `at`, so the LAST-MODIFIED it writes is known to the second. */
  async function at<T>(instant: string, change: () => Promise<T>): Promise<T> {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
    try {
      return await change();
    } finally {
      vi.useRealTimers();
    }
  }

  const entryOn = async (date: string) => (await getSeason(2025))!.schedule.find((entry) => entry.date === date)!;
  const RAINED = 'schedule-2025-06-09@golf-league';
  const MOVED = 'schedule-2025-06-16@golf-league';

  it('raises the SEQUENCE and sets a new LAST-MODIFIED of a rained-out and of a moved night, and of no other', async () => {
    const before = await versions();
    expect(before.size).toBe(19);
    for (const version of before.values()) expect(version.lastModified).not.toBe('none');
    const rained = await entryOn('2025-06-09');
    const moved = await entryOn('2025-06-16');

    await at('2030-03-04T05:06:07Z', () => setRainOut(2025, rained.id, true, null));
    await at('2030-03-05T08:09:10Z', () => updateScheduleEntry(2025, moved.id, { ...moved, date: '2025-06-18' }, null));
    try {
      const after = await versions();
      expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
      expect(after.get(RAINED)).toEqual({
        date: '2025-06-09',
        sequence: before.get(RAINED)!.sequence + 1,
        lastModified: '2030-03-04T05:06:07.000Z',
      });
      // The moved night is the same event (its UID) on its new date, not a new event beside the old one.
      expect(after.get(MOVED)).toEqual({
        date: '2025-06-18',
        sequence: before.get(MOVED)!.sequence + 1,
        lastModified: '2030-03-05T08:09:10.000Z',
      });
      for (const [uid, version] of after) {
        if (uid !== RAINED && uid !== MOVED) expect(version, uid).toEqual(before.get(uid));
      }
      const text = await (await yearFeed('2025')).text();
      expect(text).toMatch(/^LAST-MODIFIED:20300304T050607Z\r$/m);
      expect(text).toMatch(new RegExp(`^SEQUENCE:${before.get(RAINED)!.sequence + 1}\\r$`, 'm'));

      // Saving a night unchanged is not a new version; undoing the rain-out is.
      const again = await versions();
      await at('2030-03-06T00:00:00Z', () =>
        updateScheduleEntry(2025, moved.id, { ...moved, date: '2025-06-18' }, null),
      );
      expect((await versions()).get(MOVED)).toEqual(again.get(MOVED));
      await at('2030-03-07T00:00:00Z', () => setRainOut(2025, rained.id, false, null));
      expect((await versions()).get(RAINED)).toMatchObject({
        sequence: before.get(RAINED)!.sequence + 2,
        lastModified: '2030-03-07T00:00:00.000Z',
      });

      // A new night on the date the moved night left is an event of its own, with a UID of its own.
      const added = await createScheduleEntry(
        2025,
        {
          date: '2025-06-16',
          weekNumber: null,
          event: 'Added Night',
          kind: 'fun-night',
        },
        null,
      );
      try {
        const withAdded = await eventsOf(await yearFeed('2025'));
        expect(withAdded).toHaveLength(20);
        const addedEvent = withAdded.find((event) => summaryOf(event) === 'Added Night');
        expect(addedEvent?.uid).toBe(`schedule-2025-06-16-${added.id}@golf-league`);
        expect(withAdded.filter((event) => event.uid === MOVED).map((event) => summaryOf(event))).toEqual([
          'League Play',
        ]);
      } finally {
        await deleteScheduleEntry(2025, added.id, null);
      }
    } finally {
      await setRainOut(2025, rained.id, false, null);
      await updateScheduleEntry(2025, moved.id, moved, null);
    }
    // Moved back, the night is still the one event it always was.
    expect((await versions()).get(MOVED)?.date).toBe('2025-06-16');
  });

  it("makes every night a new version when the tee-time window, every night's time, changes", async () => {
    const before = await versions();
    const settings = await getSettings();
    await at('2030-04-01T00:00:00Z', () => updateSettings({ teeFirst: '10:00', teeLast: settings.teeLast }, null));
    try {
      const after = await versions();
      for (const [uid, version] of before) {
        expect(after.get(uid), uid).toEqual({
          ...version,
          sequence: version.sequence + 1,
          lastModified: '2030-04-01T00:00:00.000Z',
        });
      }
      // Saving Settings with the same window changes no night.
      await updateSettings({ leagueName: settings.leagueName }, null);
      expect(await versions()).toEqual(after);
    } finally {
      await updateSettings({ teeFirst: settings.teeFirst, teeLast: settings.teeLast }, null);
    }
  });
});
