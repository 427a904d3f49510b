import { expect, expectToast, hydrated, signIn, test } from './fixtures';
import type { Page } from '@playwright/test';
import { db, newAssignment, newGolfer } from './league-data';
import { currentSeason } from '../../app/domain/season';

const season = currentSeason();

async function assigned(flightNo: '1' | '2' | '3' | '4') {
  const golfer = await newGolfer('Drag', 'Dnd');
  const assignment = await newAssignment(golfer.id, season, flightNo);
  return { golfer, assignment };
}

test('dragging a golfer onto another flight moves them', async ({ page }) => {
  // Tall enough that the whole board fits: with the handle near the window's edge, dnd-kit would scroll the page
  // while dragging (as it should for a person), and the drop point measured before the drag would be off.
  await page.setViewportSize({ width: 1280, height: 3000 });
  const { golfer, assignment } = await assigned('1');
  await signIn(page, '/flights');
  await hydrated(page);
  const handle = page.getByRole('button', { name: `Drag ${golfer.fullName} to another flight` });
  const target = page.getByTestId('flight-card-3');
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 30, { steps: 15 });
  await page.mouse.up();
  await expectToast(page, 'Success', `${golfer.fullName} assigned to Flight 3`);
  await expect(target.locator('li', { hasText: golfer.fullName })).toBeVisible();
  await expect(page.getByTestId('flight-card-1').locator('li', { hasText: golfer.fullName })).toHaveCount(0);
  expect((await db.flightAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).flightNo).toBe('3');
});

test('dropping outside any flight changes nothing', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 3000 });
  const { golfer, assignment } = await assigned('2');
  await signIn(page, '/flights');
  await hydrated(page);
  const handle = page.getByRole('button', { name: `Drag ${golfer.fullName} to another flight` });
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const heading = (await page.getByRole('heading', { name: 'Flights', level: 1 }).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 20, { steps: 5 });
  await page.mouse.move(heading.x + heading.width / 2, heading.y + heading.height / 2, { steps: 10 });
  await page.mouse.up();
  await expect(page.getByTestId('flight-card-2').locator('li', { hasText: golfer.fullName })).toBeVisible();
  expect((await db.flightAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).flightNo).toBe('2');
});

/**
 * Picks up a golfer's entry with the keyboard (Space on its handle) and waits for dnd-kit's announcement, as a
 * screen-reader user would: dnd-kit starts listening for arrows a moment after the drag starts.
 */
async function pickUpWithKeyboard(page: Page, flightNo: '1' | '2' | '3' | '4') {
  const { golfer, assignment } = await assigned(flightNo);
  await signIn(page, '/flights');
  await hydrated(page);
  const handle = page.getByRole('button', { name: `Drag ${golfer.fullName} to another flight` });
  const announced = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(`${golfer.fullName} is over Flight ${flightNo}.`);
  return { golfer, assignment, handle, announced };
}

test('a golfer can be moved with the keyboard, following what a screen reader announces', async ({ page }) => {
  // Like a screen-reader user, press the next key once the last one has been announced.
  const { golfer, assignment, announced } = await pickUpWithKeyboard(page, '1');
  await page.keyboard.press('ArrowRight');
  await expect(announced).toHaveText(`${golfer.fullName} is over Flight 2.`);
  await page.keyboard.press('ArrowRight');
  await expect(announced).toHaveText(`${golfer.fullName} is over Flight 3.`);
  await page.keyboard.press('Space');
  await expect(announced).toHaveText(`${golfer.fullName} was dropped on Flight 3.`);
  await expectToast(page, 'Success', `${golfer.fullName} assigned to Flight 3`);
  await expect(page.getByTestId('flight-card-3').locator('li', { hasText: golfer.fullName })).toBeVisible();
  expect((await db.flightAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).flightNo).toBe('3');
});

test('pressing arrows faster than the page renders still counts every flight', async ({ page }) => {
  const { golfer, assignment, handle } = await pickUpWithKeyboard(page, '4');
  // Three presses in one go, before React has rendered any of them, then the drop.
  await handle.evaluate(() => {
    for (const code of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'Space']) {
      document.dispatchEvent(
        new KeyboardEvent('keydown', { code, key: code === 'Space' ? ' ' : code, bubbles: true, cancelable: true }),
      );
    }
  });
  await expectToast(page, 'Success', `${golfer.fullName} assigned to Flight 1`);
  expect((await db.flightAssignment.findUniqueOrThrow({ where: { id: assignment.id } })).flightNo).toBe('1');
});
