import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { getSchedule, setRainOut, getSeason } from '~/models/seasons.server';
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
