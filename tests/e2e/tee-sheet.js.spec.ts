import { expect, signIn, test } from './fixtures';
import { db } from '../../app/db/db.server';
import { seasonWithNights } from './subs-data';

// 'Print tee sheet' (docs/product/availability-and-subs.md): a full night, every tee time from 11:00 to 18:10 with
// four golfers and some subs, prints on one page with Chromium's print-to-PDF.
const year = 2096;
const night = `${year}-06-01`;

/** The pages of a PDF Chromium printed: its page objects. */
function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

test('the tee sheet of a full night prints on one page', async ({ page }) => {
  await seasonWithNights(year, [night]);
  const times: string[] = [];
  for (let minutes = 11 * 60; minutes <= 18 * 60 + 10; minutes += 10)
    times.push(`${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);
  // Long, real-looking names: every one of them on one line of a Letter page's column.
  const golfers = await db.golfer.createManyAndReturn({
    data: Array.from({ length: times.length * 4 }, () => ({
      firstName: 'Maximilian',
      lastName: 'Vandenberghe',
      fullName: 'Maximilian Vandenberghe',
    })),
    select: { id: true },
  });
  await db.teeTime.createMany({
    data: times.map((time, i) => ({
      time,
      season: year,
      golfer1Id: golfers[i * 4].id,
      golfer2Id: golfers[i * 4 + 1].id,
      golfer3Id: golfers[i * 4 + 2].id,
      golfer4Id: golfers[i * 4 + 3].id,
    })),
  });
  // Every fourth group has a golfer Out whose spot a sub took.
  for (let i = 0; i < times.length; i += 4) {
    const sub = await db.golfer.create({
      data: { firstName: 'Bartholomew', lastName: 'Kowalczyk', fullName: 'Bartholomew Kowalczyk', canSub: true },
    });
    await db.nightOut.create({
      data: {
        golferId: golfers[i * 4].id,
        date: night,
        season: year,
        teeTime: times[i],
        position: 1,
        subGolferId: sub.id,
      },
    });
  }

  await signIn(page, `/tee-times?date=${night}`);
  await page.getByRole('link', { name: 'Print tee sheet' }).click();
  await expect(page).toHaveURL(new RegExp(`/tee-sheet/${night}$`));
  await expect(page.getByRole('row')).toHaveCount(times.length + 1);
  await expect(page.getByText('Bartholomew Kowalczyk').first()).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: false });
  expect(pdfPages(pdf)).toBe(1);
});
