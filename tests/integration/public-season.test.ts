import { describe, expect, it } from 'vitest';
import { createSeason, getSeason, updateSeason } from '~/models/seasons.server';
import { setRainOut } from '~/models/schedule-entries.server';
import { getSettings, updateSettings } from '~/models/settings.server';
import * as joinPage from '~/routes/_public.join';
import * as rulesPage from '~/routes/_public.rules';
import * as schedulePage from '~/routes/_public.schedule';
import * as termsPage from '~/routes/_public.terms';
import { renderPage } from './render-page';

// The public pages as a visitor without JavaScript reads them, against this file's own database: the 2025 season of
// the migration is the league season (the only season with a schedule), so nothing here depends on today's date.

const join = () => renderPage('/join', { id: 'routes/_public.join', path: 'join', module: joinPage });
const rules = () => renderPage('/rules', { id: 'routes/_public.rules', path: 'rules', module: rulesPage });
const terms = () => renderPage('/terms', { id: 'routes/_public.terms', path: 'terms', module: termsPage });
const schedule = (query = '') =>
  renderPage(`/schedule${query}`, { id: 'routes/_public.schedule', path: 'schedule', module: schedulePage });

describe("the league season's fee and the tee-time window of Settings", () => {
  it('show on /join, /rules, /terms and /schedule, and a change shows everywhere at once', async () => {
    expect((await join()).text).toContain('The season fee for the 2025 season is $150, paid once at registration.');
    expect((await rules()).text).toContain('Tee times run from 11:00am to 6:00pm on Mondays.');

    const before = await getSettings();
    const season = await getSeason(2025);
    await updateSettings({ teeFirst: '07:30', teeLast: '16:45' }, null);
    await updateSeason(2025, { feeCents: 17550, registrationOpens: null, registrationCloses: null }, null);
    try {
      const joinText = (await join()).text;
      expect(joinText).toContain('every Monday of the 2025 season');
      expect(joinText).toContain('The season fee for the 2025 season is $175.50, paid once at registration.');
      expect(joinText).toContain('The fee for the 2025 season is $175.50, paid once when you register.');
      expect(joinText).toContain('Tee times run from 7:30am to 4:45pm on Mondays.');
      expect(joinText).not.toContain('$150');
      expect(joinText).not.toContain('11:00am');

      const rulesText = (await rules()).text;
      expect(rulesText).toContain('The season fee of $175.50 covers league play through the final outing.');
      expect(rulesText).toContain('Tee times run from 7:30am to 4:45pm on Mondays.');

      expect((await terms()).text).toContain('League membership costs $175.50 per season');

      const scheduleText = (await schedule()).text;
      expect(scheduleText).toContain('2025 Season · League nights are Mondays, 7:30am to 4:45pm.');
      expect(scheduleText).toContain('Tee times run from 7:30am to 4:45pm every Monday.');
    } finally {
      await updateSettings({ teeFirst: before.teeFirst, teeLast: before.teeLast }, null);
      await updateSeason(
        2025,
        {
          feeCents: season!.feeCents,
          registrationOpens: season!.registrationOpens,
          registrationCloses: season!.registrationCloses,
        },
        null,
      );
    }
  });
});

describe('/schedule', () => {
  it("shows the league season's table and Event Information derived from its dates", async () => {
    const page = await schedule();
    expect(page.status).toBe(200);
    expect(page.text).toContain('2025 Season · League nights are Mondays, 11:00am to 6:00pm.');
    expect(page.html).toContain('href="/schedule.ics"');
    expect(page.text).toContain('Add to calendar');
    expect(page.html.match(/<time dateTime="2025-/g)).toHaveLength(22);
    expect(page.html.match(/data-special-event="true"/g)).toHaveLength(9);
    expect(page.text).toContain(
      'The Practice Round on Monday, May 5 and the Fun Night – 2-Ball Scramble on Monday, May 12 are for warming up',
    );
    expect(page.text).toContain('Weeks 10 to 13 (August 4 to August 25) are the playoff qualifiers.');
    expect(page.text).toContain('3 of the 4 qualifiers reach the Flight Playoff (week 14, September 8)');
    expect(page.text).toContain('followed by the Grand Championship (week 15, September 15).');
    expect(page.text).toContain(
      'The season ends with the final outing on Saturday, September 27, with Sunday, September 28 as the alternate date.',
    );
    expect(page.text).toContain('There is no league on holiday weeks (May 26, July 7 and September 1).');
    expect(page.text).not.toContain('Rain-out');
    // One season with a schedule: nothing to choose from.
    expect(page.html).not.toContain('aria-label="Seasons"');
  });

  it('marks rained-out dates in the table and in Event Information', async () => {
    const season = await getSeason(2025);
    const rainedOut = ['2025-05-05', '2025-08-11'].map((date) => season!.schedule.find((e) => e.date === date)!);
    for (const entry of rainedOut) await setRainOut(2025, entry.id, true, null);
    try {
      const page = await schedule();
      expect(page.html.match(/>Rain-out</g)).toHaveLength(2);
      expect(page.text).toContain('The Practice Round on Monday, May 5 (Rain-out) and the Fun Night');
      // A rained-out qualifier does not count toward qualification.
      expect(page.text).toContain('3 of the 3 qualifiers');
      expect(page.text).toContain(
        'Monday, May 5 (Practice Round) and Monday, August 11 (Playoff Qualifier 2) were rained out and do not count',
      );
    } finally {
      for (const entry of rainedOut) await setRainOut(2025, entry.id, false, null);
    }
  });

  it('links the seasons that have a schedule and shows another season with ?season=', async () => {
    await createSeason({ year: 2024, registrationOpens: null, registrationCloses: null, copyFrom: 2025 }, null);
    await createSeason({ year: 2023, registrationOpens: null, registrationCloses: null }, null);

    const league = await schedule();
    expect(league.text).toContain('2025 Season');
    expect(league.html).toContain('href="/schedule?season=2024"');
    expect(league.html).toContain('aria-current="page"');
    // 2023 has no schedule, so it is not offered.
    expect(league.html).not.toContain('href="/schedule?season=2023"');

    const other = await schedule('?season=2024');
    expect(other.status).toBe(200);
    expect(other.text).toContain('2024 Season');
    expect(other.html).toContain('href="/schedule/2024.ics"');
    expect(other.html).toContain('href="/schedule?season=2025"');
    // The copy keeps the first Monday of May: May 6, 2024.
    expect(other.text).toContain('The Practice Round on Monday, May 6');

    const unpublished = await schedule('?season=2023');
    expect(unpublished.status).toBe(200);
    expect(unpublished.text).toContain('The 2023 schedule has not been published yet.');
    expect(unpublished.text).not.toContain('Add to calendar');
    expect(unpublished.text).not.toContain('Event Information');
  });

  it('answers a season that is not a year with 400 and a year that is not a season with 404', async () => {
    const bad = await schedule('?season=abc');
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Error 400');
    expect(bad.text).toContain('Invalid season: "abc"');

    const unknown = await schedule('?season=2040');
    expect(unknown.status).toBe(404);
    expect(unknown.text).toContain('404 Page Not Found');
    expect(unknown.text).toContain('Season not found');
  });
});
