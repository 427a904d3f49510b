// A group's card of tonight for the scorecard specs, written through the app's models into the server's database.
import { db } from '../../app/db/db.server';
import { todayInLeague } from '../../app/domain/season';
import { createCourse } from '../../app/models/courses.server';
import { createGolfer } from '../../app/models/golfers.server';
import { setCourseHoles } from '../../app/models/holes.server';
import type { Page } from '@playwright/test';
import { expect, unique } from './fixtures';

/** A nine of par 4s (stroke index = hole number), two golfers in a tee-time group, and their card of tonight. */
export async function cardTonight(prefix: string) {
  const date = todayInLeague();
  const season = Number(date.slice(0, 4));
  const course = await createCourse(
    { courseName: unique(`${prefix} Links`), coursePar: 36, courseLength: '3 miles' },
    null,
  );
  await setCourseHoles(
    course.id,
    Array.from({ length: 9 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 })),
    null,
  );
  const ann = await createGolfer({ firstName: 'Ann', lastName: unique(prefix) }, null);
  const bob = await createGolfer({ firstName: 'Bob', lastName: unique(prefix) }, null);
  const group = await db.teeTime.create({ data: { time: unique('T'), season, golfer1Id: ann.id, golfer2Id: bob.id } });
  // The card is made here on this course, so a parallel test's night course never decides it.
  const card = await db.scorecard.create({ data: { date, teeTimeId: group.id, courseId: course.id } });
  return { date, ann, bob, card, course, url: `/me/scorecard/${date}` };
}

/** What the card holds: golferId-hole → strokes, and how many rows (each hole once). */
export async function storedScores(scorecardId: number) {
  const rows = await db.holeScore.findMany({ where: { scorecardId } });
  return {
    count: rows.length,
    byKey: Object.fromEntries(rows.map((r) => [`${r.golferId}-${r.holeNumber}`, r.strokes])),
  };
}

/** Enters one hole of the card (par 4, stroke index = hole number) for Ann and Bob, and saves it. */
export async function saveHole(
  page: Page,
  golfers: { ann: { fullName: string }; bob: { fullName: string } },
  hole: number,
  ann: string,
  bob: string,
): Promise<void> {
  await expect(page.getByRole('heading', { name: `Hole ${hole} · Par 4 · Stroke index ${hole}` })).toBeVisible();
  await page.getByLabel(`${golfers.ann.fullName} (you)`).fill(ann);
  await page.getByLabel(golfers.bob.fullName).fill(bob);
  await page.getByRole('button', { name: `Save hole ${hole}` }).click();
}
