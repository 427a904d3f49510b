import { claimYear, expect, hydrated, signIn, test, unique } from './fixtures';
import { createGolfer } from '../../app/models/golfers.server';
import { createScheduleEntry } from '../../app/models/schedule-entries.server';
import { createSeason } from '../../app/models/seasons.server';
import { db } from '../../app/db/db.server';

// A URL dialog opens as soon as its link is followed, before its page's data has arrived (useListPage reads the
// address being loaded). Its form must post to that address, not the one being left: otherwise the answer lands on
// the list without the dialog, and a refusal's message is lost. (Seen as a rare failure of seasons.spec on a busy
// machine; here the page's data is held back, so the press always comes first.)

test('a delete pressed while its dialog is still loading answers in the dialog, at the dialog’s address', async ({
  page,
}) => {
  // A past year that only the seasons tests claim (tests/e2e/fixtures.ts), with a round, so it cannot be deleted.
  const { year, release } = await claimYear([
    2000, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 2010, 2011, 2012,
  ]);
  try {
    await createSeason({ year, feeCents: 15_000, registrationOpens: null, registrationCloses: null }, null);
    await createScheduleEntry(
      year,
      { date: `${year}-06-02`, event: 'League Play', kind: 'regular-round', rainOut: false },
      null,
    );
    const golfer = await createGolfer({ firstName: 'Keep', lastName: unique('Dialog') }, null);
    await db.round.create({ data: { golferId: golfer.id, date: `${year}-06-02`, season: year, grossScore: 45 } });

    await signIn(page, '/seasons');
    await hydrated(page);
    let letThrough!: () => void;
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    // The page's data, as single fetch asks for it: /seasons.data?delete=<year>&_routes=… (decision 194).
    const dataOfDialog = (url: URL) =>
      url.pathname === '/seasons.data' && url.searchParams.get('delete') === String(year);
    let heldLoads = 0;
    await page.route(dataOfDialog, async (route) => {
      if (route.request().method() === 'GET') heldLoads += 1;
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: `Delete season ${year}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
    const posted = page.waitForRequest((r) => r.method() === 'POST');
    await dialog.getByRole('button', { name: 'Delete Season' }).click();
    expect(new URL((await posted).url()).searchParams.get('delete')).toBe(String(year));
    // The dialog's data was really held back when the button was pressed.
    expect(heldLoads).toBeGreaterThan(0);
    letThrough();
    await expect(dialog.getByRole('alert')).toHaveText(
      `Failed to delete season: Season ${year} has rounds, memberships or tee times and cannot be deleted`,
    );
    await expect(page).toHaveURL(new RegExp(`[?&]delete=${year}`));
    expect(await db.season.findUnique({ where: { year } })).not.toBeNull();
  } finally {
    await db.round.deleteMany({ where: { season: year } });
    await db.season.deleteMany({ where: { year } });
    release();
  }
});
